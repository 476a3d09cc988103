import { formatAccountEmail, formatEmailChangedNotice } from '@walkon/domain/messages/account';
import { PermanentNotifyError } from '@walkon/integrations/providers/notify/index.ts';
import { UnrecoverableError } from 'bullmq';
import type { AccountEmailJobData, Queues } from '../queues.ts';
import { SEND_JOB_OPTIONS } from '../queues.ts';
import { CONFIRMATION_PRIORITY } from './fanout.ts';
import type { SendDeps } from './send.ts';

/** The page each account e-mail's link opens (`<origin><page>?token=…`). */
const LINK_PAGE = {
  finish_signup: '/verify-email',
  verify_email: '/verify-email',
  change_email: '/verify-email',
  signup_existing: '/reset-password',
  reset_password: '/reset-password',
} as const;

/**
 * Enqueues one account e-mail (finish signing up, verification, password reset, e-mail change, "someone tried to sign up with your
 * address", the old address's e-mail-changed notice) on the `send-email` queue as job `account`, at
 * CONFIRMATION_PRIORITY (after alerts), with the send jobs' retries and exponential backoff (docs/DESIGN.md §2.5). The
 * payload carries the link's raw token, so the job is removed from Redis once sent.
 */
export async function enqueueAccountEmail(queues: Queues, mail: AccountEmailJobData): Promise<void> {
  await queues.sendEmail.add('account', mail, { ...SEND_JOB_OPTIONS, priority: CONFIRMATION_PRIORITY, removeOnComplete: true });
}

/**
 * The e-mail of one account e-mail job (subject, text, HTML): the texts of `@walkon/domain/messages/account`, the
 * link `<origin><page>?token=…` on `publicOrigin` (LINK_PAGE). Pure; `sendAccountEmail` sends it.
 */
export function accountEmailContent(mail: AccountEmailJobData, publicOrigin: string) {
  const origin = publicOrigin.replace(/\/$/, '');
  return mail.account === 'email_changed'
    ? formatEmailChangedNotice({ newEmail: mail.newEmail, passes: mail.passes, contactUrl: `${origin}/contact` })
    : formatAccountEmail(mail.account, `${origin}${LINK_PAGE[mail.account]}?token=${encodeURIComponent(mail.token)}`);
}

/**
 * Sends one account e-mail job through the worker's notifier (the shared send budget, docs/DESIGN.md §2.5): the texts of
 * `@walkon/domain/messages/account`, links on `deps.publicOrigin`. A transient failure throws (BullMQ retries);
 * a permanent one (invalid address) throws UnrecoverableError, not retried.
 */
export async function sendAccountEmail(deps: SendDeps, mail: AccountEmailJobData): Promise<void> {
  const content = accountEmailContent(mail, deps.publicOrigin);
  try {
    await deps.notifier.email.send({ to: mail.to, ...content }, { db: deps.db });
  } catch (err) {
    if (err instanceof PermanentNotifyError) throw new UnrecoverableError(err.message);
    throw err;
  }
}
