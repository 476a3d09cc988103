import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, TRPCProvider, trpcClient } from './trpc.ts';

export { queryClient };

/**
 * The providers of the full data layer (the query client and tRPC's TanStack React Query context) around every page but
 * the landing page; loaded on demand by lib/dataLayer.ts.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
