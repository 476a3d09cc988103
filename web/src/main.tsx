import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Spinner } from './components/ui/spinner.tsx';
import { routeTree } from './routeTree.gen.ts';
import { queryClient, trpc, trpcClient, utils } from './trpc.ts';
import './styles.css';

const router = createRouter({
  routeTree,
  context: { queryClient, utils },
  defaultPreload: 'intent',
  defaultPendingComponent: () => <Spinner />,
  defaultPendingMs: 300,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
