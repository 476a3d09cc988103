import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Spinner } from './components/ui/spinner.tsx';
import { loadDataLayer } from './lib/dataLayer.ts';
import { routeTree } from './routeTree.gen.ts';

/** The app's router (built in `start`, a start-up step of its own: building the route tree took ~20 ms on this machine, before a phone's slow-down). */
function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <Spinner />,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * Makes a prerendered page usable: its HTML arrives `inert` and `aria-hidden` (docs/decisions/021),
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

/** Hands the main thread back to the browser (input, painting) between two start-up steps. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts the app (called once, by `main.tsx`, after the first paint). Each step is a task of its own, so none
 * blocks input for long on a slow phone (Total Blocking Time): build the router; load the first page (its route
 * chunks and, off the landing page, the data layer); render it in a transition, in short slices, over the
 * prerendered page (docs/decisions/021), which is replaced by the same page, never by a
 * spinner. A failed load still renders: the router shows its error state.
 */
export async function start(): Promise<void> {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  await Promise.all([router.load(), window.location.pathname === '/' ? null : loadDataLayer()]).catch(() => undefined);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
        <Interactive />
      </StrictMode>,
    );
  });
}
