import { escapeHtml } from '../html.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';

/** Which account e-mail to write (the links' pages are /verify-email and /reset-password). */
export type AccountEmailKind = 'finish_signup' | 'verify_email' | 'signup_existing' | 'reset_password' | 'change_email';

/**
 * The account e-mails (finish signing up, verify the address, someone signed up with your address, reset the password, confirm a
 * new address): a short explanation and one link. `link` is the full URL with its single-use token.
 */
export function formatAccountEmail(kind: AccountEmailKind, link: string): EmailContent {
  const texts: Record<AccountEmailKind, { subject: string; lines: string[]; action: string }> = {
    // docs/decisions/046: no account exists until this link is opened.
    finish_signup: {
      subject: 'Finish signing up for WalkOn',
      lines: [
        'Welcome to WalkOn! Open the link below to confirm this e-mail address and finish creating your account; it signs you in.',
        'Your account then shows every alert bought for this address, also those bought before you signed up.',
        'The link works once, for 24 hours. If you did not sign up, ignore this e-mail: no account is created.',
      ],
      action: 'Finish signing up',
    },
    verify_email: {
      subject: 'Confirm your WalkOn e-mail address',
      lines: [
        'Welcome to WalkOn! Please confirm that this e-mail address is yours.',
        'Once confirmed, your account shows every alert bought for this address, also those bought before you signed up.',
        'The link works once, for 24 hours. If you did not sign up, ignore this e-mail.',
      ],
      action: 'Confirm my e-mail address',
    },
    signup_existing: {
      subject: 'Someone tried to sign up with your e-mail address',
      lines: [
        'Someone (maybe you) tried to create a WalkOn account with this e-mail address, but you already have one.',
        'If it was you and you forgot your password, reset it with the link below (it works once, for 1 hour). Otherwise you can ignore this e-mail: your account is unchanged.',
      ],
      action: 'Reset my password',
    },
    reset_password: {
      subject: 'Reset your WalkOn password',
      lines: [
        'We received a request to reset the password of your WalkOn account.',
        'The link works once, for 1 hour, and signs you out everywhere. If you did not ask for it, ignore this e-mail.',
      ],
      action: 'Choose a new password',
    },
    change_email: {
      subject: 'Confirm your new WalkOn e-mail address',
      lines: [
        'Please confirm that you want to use this address for your WalkOn account.',
        'The change takes effect when you open the link (it works once, for 24 hours). If you did not ask for it, ignore this e-mail.',
      ],
      action: 'Use this e-mail address',
    },
  };
  const t = texts[kind];
  const text = `${t.lines.join('\n\n')}\n\n${t.action}: ${link}\n`;
  const html = `${t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`;
  return emailLayout({ subject: t.subject, text, html }, originOf(link));
}

/**
 * The notice to the OLD address after an account moved to a new one (docs/decisions/024):
 * what moved (`passes` lines like "Magic Kingdom Park: Thu, Nov 26 and Fri, Nov 27"), where alerts go now, and
 * what to do if the owner did not ask for it. No link: the old address no longer has an account.
 */
export function formatEmailChangedNotice(m: { newEmail: string; passes: string[]; contactUrl: string }): EmailContent {
  const lines = [
    `The e-mail address of your WalkOn account was changed to ${m.newEmail}. This address no longer logs in.`,
    m.passes.length
      ? `Your passes moved with the account, and their alerts now go to ${m.newEmail}: ${m.passes.join('; ')}.`
      : `Your ride selections and alert settings moved with the account; alerts now go to ${m.newEmail}.`,
    `If you did not ask for this, contact us at once: ${m.contactUrl}`,
  ];
  const text = `${lines.join('\n\n')}\n`;
  // The contact page is a link in the HTML part (the text part carries its URL).
  const html = `${lines
    .slice(0, -1)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('\n')}
<p>If you did not ask for this, contact us at once: <a href="${escapeHtml(m.contactUrl)}">${escapeHtml(m.contactUrl)}</a></p>`;
  return emailLayout({ subject: 'Your WalkOn e-mail address was changed', text, html }, originOf(m.contactUrl));
}
