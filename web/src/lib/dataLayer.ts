import { useSyncExternalStore } from 'react';

/** The full data layer (React Query and the tRPC client, `../dataLayer.tsx`), loaded on demand. */
export type DataLayer = typeof import('../dataLayer.tsx');

let loaded: DataLayer | null = null;
let shown = false;
let loading: Promise<DataLayer> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the full data layer once (its own chunks: the landing page never needs it, docs/decisions/020); a failed
 * download is tried again on the next call.
 */
export function loadDataLayer(): Promise<DataLayer> {
  // React Query first, then (a task later) the tRPC client and the providers: two short tasks on a slow phone.
  loading ??= import('@tanstack/react-query')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('../dataLayer.tsx'))
    .then(
      (m) => {
        loaded = m;
        for (const l of listeners) l();
        return m;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
  return loading;
}

/** The data layer when it has been loaded, else null (nothing of it is cached yet then). */
export function dataLayerIfLoaded(): DataLayer | null {
  return loaded;
}

/** The data layer once loaded (re-renders when it arrives), else null. */
export function useDataLayer(): DataLayer | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    () => loaded,
    () => null,
  );
}

/** Records that a page is on screen (the root layout calls it once mounted). */
export function markPageShown(): void {
  shown = true;
}

/** Whether a page is on screen yet: false while the visit's first page loads. */
export function pageShown(): boolean {
  return shown;
}
