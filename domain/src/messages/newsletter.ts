import { escapeHtml } from '../html.ts';
import type { EmailContent } from './email.ts';

/** The newsletter confirmation e-mail (the landing page's newsletter form, spec part 1 §2), with its unsubscribe link. */
export function formatNewsletterConfirmation(unsubscribeUrl: string): EmailContent {
  const text = `Welcome to the WalkOn newsletter!\n\nYou will hear from us about new parks, features and tips for shorter waits.\n\nUnsubscribe at any time: ${unsubscribeUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p style="font-size:18px"><strong>Welcome to the WalkOn newsletter!</strong></p>
<p>You will hear from us about new parks, features and tips for shorter waits.</p>
<p><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { subject: 'Welcome to the WalkOn newsletter', text, html };
}
