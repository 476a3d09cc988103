import { affiliate } from '@walkon/db';
import { enqueueConfirmation } from '@walkon/jobs';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { affiliateApplicationInput } from '../../schemas.ts';
import { limitEmailWrite, publicProcedure, roleProcedure, router } from '../init.ts';

/** Affiliate program (issue 7, spec part 2 §2, §5): anyone applies; admins review. */
export const affiliateRouter = router({
  /**
   * Submit an application → { ok, totalFollowers }. Validated with the spec's rules; total_followers is computed here, never
   * taken from the browser; the signed-in user's id is attached; a confirmation e-mail is queued.
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, README "Security").
   */
  submit: publicProcedure
    .input(affiliateApplicationInput)
    .use(async ({ ctx, path, input, next }) => {
      await limitEmailWrite(ctx, path, input.email);
      return next();
    })
    .mutation(async ({ ctx, input }) => {
      const row = await affiliate.insertApplication(ctx.deps.db, { ...input, userId: ctx.user?.id ?? null });
      try {
        await enqueueConfirmation(ctx.deps.queues, 'affiliate', row.id);
      } catch (err) {
        ctx.deps.logger.warn({ err: (err as Error).message }, 'affiliate confirmation not queued');
      }
      return { ok: true as const, totalFollowers: row.total_followers };
    }),
  /** Admin: applications, newest first, optionally by status. */
  list: roleProcedure('admin')
    .input(z.object({ status: z.enum(['new', 'contacted', 'accepted', 'declined']).optional() }).optional())
    .query(async ({ ctx, input }) =>
      (await affiliate.listApplications(ctx.deps.db, input?.status)).map((a) => ({
        ...a,
        created_at: a.created_at.toISOString(),
        updated_at: a.updated_at.toISOString(),
        confirmation_sent_at: a.confirmation_sent_at?.toISOString() ?? null,
      })),
    ),
  /** Admin: set an application's status (new / contacted / accepted / declined). */
  setStatus: roleProcedure('admin')
    .input(z.object({ id: z.uuid('Invalid id.'), status: z.enum(['new', 'contacted', 'accepted', 'declined']) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await affiliate.setStatus(ctx.deps.db, input.id, input.status))) throw new AppError('NOT_FOUND', 'Application not found.');
      return { ok: true as const };
    }),
});
