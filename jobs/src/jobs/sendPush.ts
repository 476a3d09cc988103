import type { Job } from 'bullmq';
import { DelayedError } from 'bullmq';
import { sendPushBatch } from '../pipeline/pushSend.ts';
import { jobSchemas, QUEUE } from '../queues.ts';
import { defineJob } from './definition.ts';

/** A push batch put off by 429 answers runs again after this long (ms). */
export const PUSH_THROTTLED_RESUME_MS = 5_000;

/**
 * The `send-push` job (docs/decisions/038-web-push-channel.md): `sendPushBatch` for a batch of `push_deliveries`
 * ids, the outcomes counted in `walkon_deliveries_total{channel="push"}` (sent / failed / gone / retry), 429
 * answers in `walkon_provider_throttled_total{channel="push"}` and 403 answers in
 * `walkon_push_service_refused_total{service}` (logged once per pause, decision 047). A transient failure throws (BullMQ retries with
 * backoff; the rows are back to `queued`); a batch put off by 429 is delayed without spending an attempt. Only
 * built when the worker has a push sender (VAPID keys set). → { sent, gone, failed }.
 */
export const sendPushJob = defineJob({
  queue: QUEUE.sendPush,
  schema: jobSchemas.push,
  concurrency: (deps) => deps.sendConcurrency ?? 10,
  runsWhenSendOnly: true,
  enabled: (deps) => Boolean(deps.push),
  handler: async (ctx, { pushIds }, job: Job, token?: string) => {
    const push = ctx.push;
    if (!push) throw new Error('send-push needs a push sender (VAPID keys)');
    const log = ctx.logger.child({ jobId: job.id, queue: job.queueName });
    const endSend = ctx.metrics?.sendDuration.startTimer({ channel: 'push' });
    const out = await sendPushBatch({ ...ctx, push, concurrency: ctx.pushConcurrency }, pushIds);
    endSend?.();
    const m = ctx.metrics?.deliveries;
    if (out.sent) m?.inc({ status: 'sent', channel: 'push' }, out.sent);
    if (out.failed) m?.inc({ status: 'failed', channel: 'push' }, out.failed);
    if (out.gone) m?.inc({ status: 'gone', channel: 'push' }, out.gone);
    if (out.throttledAnswers) ctx.metrics?.providerThrottled.inc({ channel: 'push' }, out.throttledAnswers);
    if (out.refused.answers) {
      const t = ctx.metrics?.pushServiceRefused;
      for (const r of out.refused.byOrigin) t?.inc({ service: r.origin }, r.answers);
    }
    // One line per pause (decision 047), not one per refused push.
    for (const origin of out.refused.firstOrigins)
      log.error(
        { service: origin, pausedPushes: out.refused.paused },
        'send-push: the push service refused our VAPID key (403): pushing to it is paused, subscriptions kept; check VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY',
      );
    if (out.gone || out.failed) log.info({ gone: out.gone, failed: out.failed }, 'send-push: subscriptions gone or pushes refused');
    if (out.retry) {
      m?.inc({ status: 'retry', channel: 'push' });
      log.warn({ err: out.retry }, 'send-push: transient failure');
      throw out.retry;
    }
    if (out.throttled) {
      log.warn({ err: out.throttled }, 'send-push: throttled by the push service, resuming later');
      await job.moveToDelayed(Date.now() + PUSH_THROTTLED_RESUME_MS, token);
      throw new DelayedError();
    }
    return { sent: out.sent, gone: out.gone, failed: out.failed };
  },
});
