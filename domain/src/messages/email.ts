/** What every e-mail template returns, and the one-click unsubscribe link every alert e-mail carries. */
import { escapeHtml } from '../html.ts';

/** A rendered e-mail: subject, plain text part and HTML part. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * The one-click unsubscribe link of a token (RFC 8058; ride alerts, newsletter, passes, flight alerts): the URL
 * served by the API's `/unsubscribe`, and the `List-Unsubscribe` / `List-Unsubscribe-Post` headers carrying it.
 */
export function oneClickUnsubscribe(publicOrigin: string, token: string): { url: string; headers: Record<string, string> } {
  const url = `${publicOrigin.replace(/\/$/, '')}/unsubscribe?token=${token}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The origin (scheme, host, port) of an absolute URL such as a message's link, or null when it is not one. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Every WalkOn e-mail's one branded layout (HTML and plain text; docs/rules.md R25d): `content.html` is the
 * body's markup (escaped by the template), set in a 600 px card under a teal header with the WalkOn logo (the
 * site's icon and wordmark, linked to the site when `publicOrigin` is known) and over a footer naming the site;
 * the text part gets the same signature under its body. The subject is kept. Inline styles only (mail clients
 * drop style sheets); the logo image has an empty alt, the wordmark beside it is the name.
 */
export function emailLayout(content: EmailContent, publicOrigin: string | null): EmailContent {
  const origin = publicOrigin ? publicOrigin.replace(/\/$/, '') : null;
  const site = origin ? escapeHtml(origin) : null;
  const host = origin ? (originOf(origin) ?? origin).replace(/^https?:\/\//, '') : null;
  const logo = `${site ? `<img src="${site}/icons/icon-192.png" width="32" height="32" alt="" style="vertical-align:middle;border-radius:8px;margin-right:10px;border:0">` : ''}<span style="vertical-align:middle">WalkOn</span>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f8fafc"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td data-email="header" style="background:#0f766e;padding:16px 24px;border-radius:12px 12px 0 0;font-size:22px;font-weight:700;color:#ffffff">${
    site ? `<a href="${site}/" style="color:#ffffff;text-decoration:none">${logo}</a>` : logo
  }</td></tr>
<tr><td data-email="body" style="padding:24px;font-size:16px;line-height:1.5">
${content.html}
</td></tr>
<tr><td data-email="footer" style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">WalkOn · walk-on ride alerts${
    site ? ` · <a href="${site}/" style="color:#0f766e">${escapeHtml(host!)}</a>` : ''
  }</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = `${content.text.replace(/\s+$/, '')}\n\n--\nWalkOn · walk-on ride alerts${origin ? ` · ${origin}/` : ''}\n`;
  return { subject: content.subject, text, html };
}
