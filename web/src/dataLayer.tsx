import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, trpc, trpcClient } from './trpc.ts';

export { queryClient };

/**
 * The providers of the full data layer (tRPC's React Query hooks and the query client) around every page but
 * the landing page; loaded on demand by lib/dataLayer.ts.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
