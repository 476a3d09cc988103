/** What every e-mail template returns, and the one-click unsubscribe link every alert e-mail carries. */

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
