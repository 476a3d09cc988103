import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@walkon/server';

/**
 * tRPC's TanStack React Query integration (docs/decisions/060): `TRPCProvider` (in dataLayer.tsx) and `useTRPC()`,
 * whose `trpc.x.y.queryOptions(input)` / `mutationOptions(opts)` / `queryKey(input)` / `pathKey()` feed React
 * Query's own `useQuery`, `useMutation` and `queryClient.invalidateQueries`.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** Query defaults of docs/spec/part-1.md §9: no retries, no refetch on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 }, mutations: { retry: false } },
});

/** The tRPC client (same origin: cookies ride along). */
export const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] });
