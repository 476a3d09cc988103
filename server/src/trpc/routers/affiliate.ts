import { affiliateApplicationInput, affiliateListInput, affiliateSetStatusInput } from '@walkon/domain/schemas';
import * as affiliate from '../../services/affiliate.ts';
import { emailWriteLimit, publicProcedure, roleProcedure, router } from '../init.ts';

/** Affiliate program (docs/spec/part-2.md §2, §5): anyone applies; admins review. */
export const affiliateRouter = router({
  /**
   * Submit an application → { ok, totalFollowers } (computed on the server); a confirmation e-mail is queued.
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, docs/security.md).
   */
  submit: publicProcedure
    .input(affiliateApplicationInput)
    .use(emailWriteLimit((input: { email: string }) => input.email))
    .mutation(({ ctx, input }) => affiliate.submit(ctx.deps, ctx.user, input)),
  /** Admin: applications, newest first, optionally by status. */
  list: roleProcedure('admin')
    .input(affiliateListInput)
    .query(({ ctx, input }) => affiliate.list(ctx.deps, input?.status)),
  /** Admin: set an application's status (new / contacted / accepted / declined). NOT_FOUND when missing. */
  setStatus: roleProcedure('admin')
    .input(affiliateSetStatusInput)
    .mutation(({ ctx, input }) => affiliate.setStatus(ctx.deps, input.id, input.status)),
});
