import { WEB_CONFIG_ELEMENT_ID, type WebConfig } from '@walkon/domain/webConfig';

let cached: WebConfig | null = null;

/**
 * The site's run-time settings (docs/decisions/052): the JSON block the server fills in on
 * every page it serves (server/src/routes/webApp.ts; in `vite` dev, web/vite.config.ts). Without one (a page
 * opened some other way) the page's own origin and `support@<its host>`.
 */
export function webConfig(): WebConfig {
  if (cached) return cached;
  const fallback: WebConfig = { publicOrigin: location.origin, contactEmail: `support@${location.hostname}` };
  try {
    const parsed = JSON.parse(document.getElementById(WEB_CONFIG_ELEMENT_ID)?.textContent ?? 'null') as Partial<WebConfig> | null;
    cached = {
      publicOrigin: typeof parsed?.publicOrigin === 'string' ? parsed.publicOrigin : fallback.publicOrigin,
      contactEmail: typeof parsed?.contactEmail === 'string' ? parsed.contactEmail : fallback.contactEmail,
    };
  } catch {
    cached = fallback;
  }
  return cached;
}
