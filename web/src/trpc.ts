import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@walkon/server';

/** tRPC hooks for components. */
export const trpc = createTRPCReact<AppRouter>();

/** Query defaults of docs/spec/part-1.md §9: no retries, no refetch on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 }, mutations: { retry: false } },
});

/** The tRPC client (same origin: cookies ride along). */
export const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: '/trpc' })] });
