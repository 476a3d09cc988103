import { pushSubscribeInput, pushUnsubscribeInput } from '@walkon/domain/schemas';
import * as push from '../../services/push.ts';
import { protectedProcedure, publicProcedure, router } from '../init.ts';

/**
 * Web Push subscriptions (docs/decisions/038): the VAPID public key for anyone; subscribe,
 * unsubscribe and list for the signed-in account, on its own subscriptions only.
 */
export const pushRouter = router({
  /** → { publicKey } (URL-safe base64 VAPID key); 503 when push is off on this server. */
  publicKey: publicProcedure.query(({ ctx }) => push.publicKey(ctx.deps)),
  /** PushSubscription JSON + optional deviceLabel → { id, deviceLabel }; 400 on a bad endpoint or keys. */
  subscribe: protectedProcedure.input(pushSubscribeInput).mutation(({ ctx, input }) => push.subscribe(ctx.deps, ctx.user, input)),
  /** { endpoint } → { removed }. */
  unsubscribe: protectedProcedure
    .input(pushUnsubscribeInput)
    .mutation(({ ctx, input }) => push.unsubscribe(ctx.deps, ctx.user, input.endpoint)),
  /** → [{ id, deviceLabel, createdAt, lastSuccessAt }] of the account. */
  list: protectedProcedure.query(({ ctx }) => push.list(ctx.deps, ctx.user)),
});
