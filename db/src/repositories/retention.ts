import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { sweepEnded } from './mutes.ts';

/**
 * How long swept rows are kept (docs/OPERATIONS.md "Retention"), in days past the instant named:
 * - sessions: deleted once expired (an expired session never validates again);
 * - account tokens: 30 days past their expiry (until then a late click is told "expired", not "invalid");
 * - pending sign-ups (docs/decisions/046): at their expiry when never opened (they hold a password
 *   hash); a used one, its name and hash cleared, like the account tokens;
 * - Stripe event ids: 30 days after processing (Stripe retries a webhook for up to 3 days);
 * - outbox messages (the local transport's record): 30 days after writing;
 * - push deliveries (docs/decisions/038; a push lives 15 minutes): 30 days after writing;
 * - ended mutes (docs/rules.md R16a): a day after their end (`mutes.ENDED_MUTE_KEEP_MS`).
 */
export const RETENTION_DAYS = { accountTokens: 30, stripeEvents: 30, outbox: 30, pushDeliveries: 30 } as const;

/** What one retention sweep deleted, per table (row counts). */
export interface RetentionSweep {
  sessions: number;
  accountTokens: number;
  stripeEvents: number;
  outbox: number;
  pushDeliveries: number;
  mutes: number;
}

/**
 * Deletes what is past retention at `now` (UTC), per RETENTION_DAYS. Idempotent; each table in its own statement,
 * so a partial run loses nothing that should stay.
 */
export async function sweepExpired(db: Executor, now: Date): Promise<RetentionSweep> {
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const count = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);
  const sessions = await sql`delete from sessions where expires_at < ${now}`.execute(db);
  const accountTokens = await sql`delete from account_tokens where expires_at < ${days(RETENTION_DAYS.accountTokens)}`.execute(db);
  // A sign-up never opened holds a password hash: it goes at its expiry; a used one (its hash already cleared) is
  // kept like the account tokens.
  const signups =
    await sql`delete from pending_signups where expires_at < ${now} and (used_at is null or expires_at < ${days(RETENTION_DAYS.accountTokens)})`.execute(
      db,
    );
  const stripeEvents = await sql`delete from stripe_events where processed_at < ${days(RETENTION_DAYS.stripeEvents)}`.execute(db);
  const outbox = await sql`delete from outbox_messages where created_at < ${days(RETENTION_DAYS.outbox)}`.execute(db);
  const pushes = await sql`delete from push_deliveries where created_at < ${days(RETENTION_DAYS.pushDeliveries)}`.execute(db);
  const mutes = await sweepEnded(db, now);
  return {
    sessions: count(sessions),
    accountTokens: count(accountTokens) + count(signups),
    stripeEvents: count(stripeEvents),
    outbox: count(outbox),
    pushDeliveries: count(pushes),
    mutes,
  };
}
