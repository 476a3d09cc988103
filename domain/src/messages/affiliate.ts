import { escapeHtml } from '../html.ts';
import { type EmailContent, emailLayout } from './email.ts';

/** The affiliate application confirmation (docs/spec/part-2.md §2: we reach out within 2–3 business days). */
export function formatAffiliateConfirmation(fullName: string): EmailContent {
  const text = `Hi ${fullName},\n\nThank you for applying to the WalkOn affiliate program. Our team will review your application and reach out within 2-3 business days about the commission structure and payment.\n\nThe WalkOn team\n`;
  const html = `<p>Hi ${escapeHtml(fullName)},</p>
<p>Thank you for applying to the WalkOn affiliate program. Our team will review your application and reach out within 2-3 business days about the commission structure and payment.</p>
<p>The WalkOn team</p>`;
  return emailLayout({ subject: 'We received your WalkOn affiliate application', text, html }, null);
}
