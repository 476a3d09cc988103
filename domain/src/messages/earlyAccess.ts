import { escapeHtml } from '../html.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';

/**
 * The e-mail to a person an admin has just let into a feature in early access (docs/DESIGN.md §6 Feature gates):
 * what they can use now and one link to the feature's page (`link`, a full URL). Sent once per new grant.
 */
export function formatEarlyAccessGrantedEmail(input: { featureTitle: string; link: string }): EmailContent {
  const subject = `You have early access to ${input.featureTitle}`;
  const lines = [
    `Good news: your WalkOn account now has early access to ${input.featureTitle}.`,
    'Sign in with this e-mail address and open the page below to start. Early access may change before the launch; we will tell you if it ends.',
  ];
  const action = `Open ${input.featureTitle}`;
  const text = `${lines.join('\n\n')}\n\n${action}: ${input.link}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>`;
  return emailLayout({ subject, text, html }, originOf(input.link));
}
