import type { FastifyHelmetOptions } from '@fastify/helmet';

/** Where Duffel serves airline logos (`logo_symbol_url`, e.g. https://assets.duffel.com/img/airlines/…/BA.svg). */
export const DUFFEL_IMAGE_ORIGIN = 'https://assets.duffel.com';

/**
 * Security headers of every response (docs/security.md), by @fastify/helmet:
 * - Content-Security-Policy: only our own scripts (no inline or injected script, no eval), fonts, images (and
 *   data: images, and airline logos from Duffel's image host) and API; no plugins; forms post only to us; `frame-ancestors 'none'` — no site may frame a
 *   WalkOn page (clickjacking). The built web app needs nothing else: Stripe Checkout is a redirect, not
 *   Stripe.js. The service worker and the manifest: our own only (worker-src, manifest-src). Styles may be inline ('unsafe-inline' in style-src only): sonner (toasts) and Radix's scroll
 *   lock inject <style> elements at run time; a style cannot run code.
 * - X-Frame-Options: DENY (older browsers' frame-ancestors).
 * - X-Content-Type-Options: nosniff (no guessing a script out of a text file).
 * - Referrer-Policy: strict-origin-when-cross-origin (other sites see our origin only, never a path with tokens).
 * - Strict-Transport-Security: one year, subdomains, in production only (local HTTP would otherwise break).
 * - Cross-Origin-Opener-Policy same-origin; Cross-Origin-Resource-Policy same-origin.
 */
export function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Airline logos of flight offers come from Duffel's image host; nothing else remote.
        imgSrc: ["'self'", 'data:', DUFFEL_IMAGE_ORIGIN],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest: our own only (what default-src already allowed,
        // named so a later default-src change cannot break the installable app; docs/decisions/039).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Bull Board's page (/admin/queues, admins only) ships inline style attributes and a <style>, and loads IBM
 * Plex from Google Fonts: its route gets this policy instead — scripts still only our own, no framing.
 */
export const BULL_BOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
