import { type AffiliateStatus, affiliate } from '@walkon/db';
import { enqueueConfirmation } from '@walkon/jobs/producers';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** A validated application (affiliateApplicationInput's output). */
type ApplicationInput = Omit<affiliate.AffiliateInput, 'userId'>;

/**
 * Stores an affiliate application (docs/spec/part-2.md §2, §5) → { ok, totalFollowers }: the total is computed on the
 * server, never taken from the browser; the signed-in user's id is attached; a confirmation e-mail is queued
 * (a Redis outage is logged, the application stands).
 */
export async function submit(deps: AppDeps, user: SessionUser | null, input: ApplicationInput) {
  const row = await affiliate.insertApplication(deps.db, { ...input, userId: user?.id ?? null });
  try {
    await enqueueConfirmation(deps.queues, 'affiliate', row.id);
  } catch (err) {
    deps.logger.warn({ err }, 'affiliate confirmation not queued');
  }
  return { ok: true as const, totalFollowers: row.totalFollowers };
}

/** Admin: applications, newest first, optionally of one status; instants as ISO strings. */
export async function list(deps: AppDeps, status?: AffiliateStatus) {
  return (await affiliate.listApplications(deps.db, status)).map((a) => ({
    ...a,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    confirmationSentAt: a.confirmationSentAt?.toISOString() ?? null,
  }));
}

/** Admin: sets an application's status → { ok }. @throws AppError NOT_FOUND for an unknown application. */
export async function setStatus(deps: AppDeps, id: string, status: AffiliateStatus) {
  if (!(await affiliate.setStatus(deps.db, id, status))) throw new AppError('NOT_FOUND', 'Application not found.');
  return { ok: true as const };
}
