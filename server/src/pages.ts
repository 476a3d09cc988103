/**
 * The few pages the server renders itself (one-click unsubscribe, Bull Board's access refusal): plain HTML in
 * the site's look, with no script and no inline style (ready for a strict Content-Security-Policy): the look
 * comes from one stylesheet served at PAGES_CSS_PATH.
 */

import { escapeHtml } from '@walkon/domain/html';

/** Where the server-rendered pages' stylesheet is served (outside the SPA's routes and hashed assets). */
export const PAGES_CSS_PATH = '/server-pages.css';

/**
 * The stylesheet of the server-rendered pages: the web app's header, card and button look (brand teal
 * #0f766e / #115e59, slate text, and the font stack the web app's pages compute), a 375 px-friendly single column.
 */
export const PAGES_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f8fafc;color:#0f172a;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans",Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji","Segoe UI Symbol","Noto Color Emoji";line-height:1.5}
a{color:#115e59}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.site-header{border-bottom:1px solid #e2e8f0;background:#fff}
.site-header .inner{max-width:80rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center}
.brand{display:inline-flex;align-items:center;gap:.5rem;font-size:1.25rem;font-weight:800;color:#115e59;text-decoration:none}
.brand img{width:28px;height:28px}
main{flex:1;width:100%;max-width:36rem;margin:0 auto;padding:3rem 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
h1{margin:0 0 .75rem;font-size:1.75rem;line-height:1.2;font-weight:700}
p{margin:.75rem 0;color:#334155}
.status{margin:0 0 .5rem;font-size:.875rem;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:#0f766e}
.status.error{color:#b91c1c}
form{margin:1.5rem 0 0}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.625rem 1rem;border:0;border-radius:.5rem;background:#0f766e;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button:hover{background:#115e59}
.button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1}
.button.secondary:hover{background:#f1f5f9}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
.site-footer{border-top:1px solid #e2e8f0;background:#fff;padding:1rem;text-align:center;font-size:.75rem;color:#475569}
`;

/**
 * A whole server-rendered page: the site's header (logo linking home), a card with an optional status line
 * (`tone` error turns it red), the title as the page's h1, `bodyHtml` (already escaped by the caller) and the
 * footer. The browser tab reads "<title> · WalkOn".
 */
export function renderPage(opts: { title: string; status?: string; tone?: 'ok' | 'error'; bodyHtml: string }): string {
  const status = opts.status ? `<p class="status${opts.tone === 'error' ? ' error' : ''}">${escapeHtml(opts.status)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)} · WalkOn</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${PAGES_CSS_PATH}">
</head>
<body>
<header class="site-header"><div class="inner"><a class="brand" href="/"><img src="/favicon.svg" alt="" width="28" height="28">WalkOn</a></div></header>
<main id="main"><div class="card">${status}<h1>${escapeHtml(opts.title)}</h1>${opts.bodyHtml}</div></main>
<footer class="site-footer">WalkOn · Independent of the parks' operators · Wait-time data: ThemeParks.wiki</footer>
</body>
</html>
`;
}

/** Whether a request comes from a browser page load (it prefers HTML) rather than an API client (JSON). */
export function wantsHtml(accept: string | string[] | undefined): boolean {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return /\btext\/html\b/i.test(value);
}
