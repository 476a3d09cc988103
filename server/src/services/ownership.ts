import { accounts } from '@walkon/db';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** What an unverified account is told when it tries to change alerts keyed by its address that it did not make. */
export const VERIFY_TO_CHANGE = 'Please verify your e-mail address (see the link we sent you) to change alerts for this park.';

/**
 * Write gate for e-mail-keyed data (subscriptions, ride selections, return-time alerts): an unverified account
 * may change a park's rows only when every row of its address there was created by itself while signed in.
 * A verified address owns all of them.
 * @throws AppError FORBIDDEN (VERIFY_TO_CHANGE) otherwise.
 */
export async function requireWritablePark(deps: AppDeps, user: SessionUser, parkId: string): Promise<void> {
  if (user.emailVerified) return;
  if (await accounts.hasForeignRows(deps.db, user.email, parkId, user.id)) throw new AppError('FORBIDDEN', VERIFY_TO_CHANGE);
}
