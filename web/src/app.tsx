import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Spinner } from './components/ui/spinner.tsx';
import { loadDataLayer } from './lib/dataLayer.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';

const router = createRouter({
  routeTree,
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

/**
 * Makes a prerendered page usable: its HTML arrives `inert` and `aria-hidden` (docs/decisions/021-prerendered-public-pages.md),
 * so a tap before the app runs cannot land on a button that does nothing, and assistive technology meets only
 * the app's own page; once React has committed that page over it, the root takes input.
 */
function Interactive() {
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.removeAttribute('aria-hidden');
    root?.removeAttribute('data-prerendered');
  }, []);
  return null;
}

// The first page (its route chunks and, off the landing page, the data layer) is loaded before React renders,
// then rendered in a transition: React renders it in short slices instead of one long task that blocks input on
// a slow phone (Total Blocking Time), and a prerendered page (docs/decisions/021-prerendered-public-pages.md) is
// replaced by the same page, never by a spinner. A failed load still renders: the router shows its error state.
void Promise.all([router.load(), window.location.pathname === '/' ? null : loadDataLayer()])
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
          <Interactive />
        </StrictMode>,
      );
    });
  });
