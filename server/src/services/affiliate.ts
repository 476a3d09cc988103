import { type AffiliateStatus, affiliate } from '@walkon/db';
import type { affiliateApplicationInput } from '@walkon/domain/schemas';
import { enqueueConfirmation } from '@walkon/jobs/producers';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';
import type { AppDeps } from '../trpc/init.ts';

/**
 * Stores an affiliate application (spec part 2 §2, §5) with the signed-in user's id, and queues its
 * confirmation e-mail (a Redis failure is logged; the application stands) → { ok, totalFollowers } as computed
 * by the database, never taken from the browser.
 */
export async function submitApplication(deps: AppDeps, user: SessionUser | null, input: z.output<typeof affiliateApplicationInput>) {
  const row = await affiliate.insertApplication(deps.db, { ...input, userId: user?.id ?? null });
  try {
    await enqueueConfirmation(deps.queues, 'affiliate', row.id);
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'affiliate confirmation not queued');
  }
  return { ok: true as const, totalFollowers: row.total_followers };
}

/** Applications, newest first, optionally of one status; instants as ISO strings. */
export async function listApplications(deps: AppDeps, status: AffiliateStatus | undefined) {
  return (await affiliate.listApplications(deps.db, status)).map((a) => ({
    ...a,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
    confirmation_sent_at: a.confirmation_sent_at?.toISOString() ?? null,
  }));
}

/** Sets an application's status → { ok }. @throws AppError NOT_FOUND for an unknown application. */
export async function setApplicationStatus(deps: AppDeps, id: string, status: AffiliateStatus) {
  if (!(await affiliate.setStatus(deps.db, id, status))) throw new AppError('NOT_FOUND', 'Application not found.');
  return { ok: true as const };
}
