import { createRootRoute, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, use, useEffect, useSyncExternalStore } from 'react';
import { NotFound } from '../components/NotFound.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { Footer } from '../features/layout/Footer.tsx';
import { Navbar } from '../features/layout/Navbar.tsx';
import { loadDataLayer, markPageShown, pageShown, useDataLayer } from '../lib/dataLayer.ts';
import { loadSonner, onToasterWanted, toasterWanted } from '../lib/toast.ts';

/** The landing page: it reads its data through the light client and loads without the full data layer. */
const LIGHT_PATH = '/';

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * The toast region (sonner), mounted with the first toast on every page: sonner's module and its first render
 * (it reads the document's computed direction, a style recalculation of the whole page) stay off every page's
 * start-up; toasts raised before it mounts are replayed.
 */
function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom corner: toasts never cover the sticky navigation; on phones (< 600 px) they span the width. */}
      <Toaster
        position="bottom-right"
        richColors
        closeButton
        visibleToasts={3}
        offset={{ bottom: 16, right: 16 }}
        mobileOffset={{ bottom: 12, left: 12, right: 12 }}
      />
    </Suspense>
  );
}

/**
 * The full data layer's providers around every page but the landing page (docs/decisions/020: the landing page's
 * JavaScript budget). The switch happens with the page change, so no page loses its state to it; the
 * navigation bar and footer need neither. On the first page of a visit the data layer downloads alongside the
 * page's own chunk and this waits for it (suspends); later navigations have it before they show.
 */
function DataBoundary({ children }: { children: ReactNode }) {
  const onLanding = useRouterState({ select: (s) => s.matches.some((m) => m.routeId === LIGHT_PATH) });
  const loaded = useDataLayer();
  useEffect(markPageShown, []);
  if (onLanding) return children;
  const data = loaded ?? use(loadDataLayer());
  return <data.DataProviders>{children}</data.DataProviders>;
}

export const Route = createRootRoute({
  // Every page but the landing page needs the full data layer: its download starts before the page loads (and on
  // hover of a link to it); once a page is on screen, the next page waits for it so it never shows a spinner for it.
  beforeLoad: async ({ matches }) => {
    if (matches.some((m) => m.routeId === LIGHT_PATH)) return;
    const loading = loadDataLayer();
    if (pageShown()) await loading;
  },
  component: () => (
    <div className="flex min-h-screen flex-col">
      <HeadContent />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Navbar />
      <div className="flex-1">
        <Suspense fallback={<Spinner />}>
          <DataBoundary>
            <Outlet />
          </DataBoundary>
        </Suspense>
      </div>
      <Footer />
      <LazyToaster />
    </div>
  ),
  notFoundComponent: NotFound,
  head: () => ({ meta: [{ title: 'WalkOn — walk-on ride alerts for theme parks' }] }),
});
