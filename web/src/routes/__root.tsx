import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { NotFound } from '../components/NotFound.tsx';
import { Footer } from '../features/layout/Footer.tsx';
import { Navbar } from '../features/layout/Navbar.tsx';
import { loadSonner, onToasterWanted, toasterWanted } from '../lib/toast.ts';
import type { Utils } from '../trpc.ts';

/** Router context (DESIGN §4 Web): the query client and tRPC query utils for loaders and guards. */
export interface RouterContext {
  queryClient: QueryClient;
  utils: Utils;
}

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * The toast region (sonner), mounted with the first toast or on any page but the landing page, so the
 * landing page does not download it up front (its size budget); toasts raised earlier are replayed.
 */
function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [mounted, setMounted] = useState(false);
  if (!mounted && (wanted || pathname !== '/')) setMounted(true);
  if (!mounted && !wanted && pathname === '/') return null;
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

export const Route = createRootRouteWithContext<RouterContext>()({
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
        <Outlet />
      </div>
      <Footer />
      <LazyToaster />
    </div>
  ),
  notFoundComponent: NotFound,
  head: () => ({ meta: [{ title: 'WalkOn — walk-on ride alerts for theme parks' }] }),
});
