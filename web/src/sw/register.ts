/**
 * Registers the service worker (dist/sw.js, scope `/`; docs/decisions/039) once the page has
 * loaded, so its install (which downloads the app's assets for offline use) never competes with the first
 * paint or the page's own requests. Browsers without service workers are left alone; a failed registration is
 * logged and the site works as before.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('WalkOn: the service worker was not registered', err);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
