import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import type { Redis } from 'ioredis';
import type { IntegrationsEnv } from '../../env.ts';
import { createAwsNotifier } from './aws.ts';
import { createOutboxNotifier } from './outbox.ts';
import { withSendRateLimits } from './rateLimit.ts';
import type { Notifier } from './types.ts';

export { buildMime, createAwsNotifier, isThrottle } from './aws.ts';
export { createOutboxNotifier } from './outbox.ts';
export { type SendRates, withSendRateLimits } from './rateLimit.ts';
export * from './types.ts';

/**
 * The configured notifier: `outbox` (default outside production) or `aws` (SESv2 + SNS; needs AWS_REGION and
 * SES_FROM_EMAIL), the latter inside the account-wide send budget (SES_MAX_PER_SECOND, SNS_SMS_MAX_PER_SECOND)
 * kept in `redis` under `<QUEUE_PREFIX>:send-rate:*`. Endpoints: the SDK's AWS_ENDPOINT_URL_SESV2 /
 * AWS_ENDPOINT_URL_SNS when set. `rates.sesPerSecond` (resolveSesRate's answer) overrides SES_MAX_PER_SECOND; with
 * neither the budget is 1 message/s, SES's sandbox rate.
 * @throws Error when `aws` is chosen without AWS_REGION or SES_FROM_EMAIL, or without `redis`.
 */
export function createNotifier(
  env: Pick<
    IntegrationsEnv,
    'NOTIFY_TRANSPORT' | 'AWS_REGION' | 'SES_FROM_EMAIL' | 'SES_MAX_PER_SECOND' | 'SNS_SMS_MAX_PER_SECOND' | 'QUEUE_PREFIX'
  >,
  redis?: Redis,
  rates: { sesPerSecond?: number } = {},
): Notifier {
  if (env.NOTIFY_TRANSPORT === 'outbox') return createOutboxNotifier();
  if (!env.AWS_REGION || !env.SES_FROM_EMAIL) throw new Error('NOTIFY_TRANSPORT=aws needs AWS_REGION and SES_FROM_EMAIL');
  if (!redis) throw new Error('NOTIFY_TRANSPORT=aws needs the shared Redis for the send rate limits');
  return withSendRateLimits(
    createAwsNotifier({
      ses: new SESv2Client({ region: env.AWS_REGION }),
      sns: new SNSClient({ region: env.AWS_REGION }),
      from: env.SES_FROM_EMAIL,
    }),
    {
      redis,
      prefix: env.QUEUE_PREFIX,
      perSecond: { email: rates.sesPerSecond ?? env.SES_MAX_PER_SECOND ?? 1, sms: env.SNS_SMS_MAX_PER_SECOND },
    },
  );
}

/** The SES send rate a process uses and where it came from (resolveSesRate). */
export interface SesRate {
  /** Whole messages per second, at least 1. */
  perSecond: number;
  /** `setting` = SES_MAX_PER_SECOND; `account` = GetAccount's MaxSendRate; `default` = 1, the account could not be read. */
  from: 'setting' | 'account' | 'default';
  /** Why the account could not be read (from = default), one sentence. */
  problem?: string;
}

/**
 * The SES account's send rate for the shared budget (docs/OPERATIONS.md "Sending rate", docs/decisions/037):
 * SES_MAX_PER_SECOND when set; else SESv2 GetAccount's `SendQuota.MaxSendRate` (rounded down, at least 1), read with
 * `ses` (default a client for AWS_REGION; the SDK's AWS_ENDPOINT_URL_SESV2 applies) within `timeoutMs` (default 5 s);
 * when that fails, 1 message/s (SES's sandbox rate) with the reason. Never throws.
 */
export async function resolveSesRate(
  env: Pick<IntegrationsEnv, 'SES_MAX_PER_SECOND' | 'AWS_REGION'>,
  ses?: SESv2Client,
  timeoutMs = 5_000,
): Promise<SesRate> {
  if (env.SES_MAX_PER_SECOND !== undefined) return { perSecond: env.SES_MAX_PER_SECOND, from: 'setting' };
  const client = ses ?? new SESv2Client({ region: env.AWS_REGION });
  try {
    const account = await client.send(new GetAccountCommand({}), { abortSignal: AbortSignal.timeout(timeoutMs) });
    const rate = account.SendQuota?.MaxSendRate;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) throw new Error('GetAccount returned no SendQuota.MaxSendRate');
    return { perSecond: Math.max(1, Math.floor(rate)), from: 'account' };
  } catch (err) {
    const why = (err as Error).message || (err as Error).name;
    return {
      perSecond: 1,
      from: 'default',
      problem: `The SES account's send rate could not be read (${why}): sending at 1 message/s; allow ses:GetAccount or set SES_MAX_PER_SECOND.`,
    };
  } finally {
    if (!ses) client.destroy();
  }
}
