import { SESv2Client } from '@aws-sdk/client-sesv2';
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
 * AWS_ENDPOINT_URL_SNS when set.
 * @throws Error when `aws` is chosen without AWS_REGION or SES_FROM_EMAIL, or without `redis`.
 */
export function createNotifier(
  env: Pick<
    IntegrationsEnv,
    'NOTIFY_TRANSPORT' | 'AWS_REGION' | 'SES_FROM_EMAIL' | 'SES_MAX_PER_SECOND' | 'SNS_SMS_MAX_PER_SECOND' | 'QUEUE_PREFIX'
  >,
  redis?: Redis,
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
    { redis, prefix: env.QUEUE_PREFIX, perSecond: { email: env.SES_MAX_PER_SECOND, sms: env.SNS_SMS_MAX_PER_SECOND } },
  );
}
