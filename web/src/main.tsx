import './styles.css';
import { registerServiceWorker } from './sw/register.ts';

/**
 * The entry the HTML loads: the stylesheet and this loader, nothing else. The app (`app.tsx`: React, the router,
 * the first page) is requested only once the browser has painted what the HTML holds, so a prerendered public
 * page (docs/decisions/021) paints from its HTML and stylesheet alone, without waiting
 * for the app's JavaScript to download or run. A tab in the background gets no animation frames: it starts after
 * at most 100 ms anyway. The service worker is registered after the app has started (sw/register.ts).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

void afterFirstPaint()
  .then(() => import('./app.tsx'))
  .then((app) => app.start())
  .then(registerServiceWorker);
