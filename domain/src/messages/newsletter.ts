import { escapeHtml } from '../html.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';

/**
 * The newsletter's double opt-in e-mail (the landing page's newsletter form, docs/spec/part-1.md §2; docs/decisions/027): one
 * link to confirm (nothing is sent to the address until it is opened), and the unsubscribe link.
 */
export function formatNewsletterConfirmation(confirmUrl: string, unsubscribeUrl: string): EmailContent {
  const text = `Please confirm your WalkOn newsletter subscription.\n\nOpen this link to start receiving news about new parks, features and tips for shorter waits: ${confirmUrl}\n\nIf you did not ask for it, ignore this e-mail: you will not hear from us again.\n\nUnsubscribe: ${unsubscribeUrl}\n`;
  const html = `<p style="font-size:18px"><strong>Please confirm your WalkOn newsletter subscription.</strong></p>
<p>Open the link to start receiving news about new parks, features and tips for shorter waits.</p>
<p><a href="${escapeHtml(confirmUrl)}">Confirm my subscription</a></p>
<p>If you did not ask for it, ignore this e-mail: you will not hear from us again.</p>
<p><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`;
  return emailLayout({ subject: 'Confirm your WalkOn newsletter subscription', text, html }, originOf(confirmUrl));
}
