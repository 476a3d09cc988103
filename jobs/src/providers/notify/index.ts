import { SESClient } from '@aws-sdk/client-ses';
import { SNSClient } from '@aws-sdk/client-sns';
import type { JobsEnv } from '../../env.ts';
import { createAwsNotifier } from './aws.ts';
import { createOutboxNotifier } from './outbox.ts';
import type { Notifier } from './types.ts';

export { buildMime, createAwsNotifier } from './aws.ts';
export { createOutboxNotifier } from './outbox.ts';
export * from './types.ts';

/**
 * The configured notifier: `outbox` (default) or `aws` (SES + SNS; needs AWS_REGION and SES_FROM_EMAIL).
 * @throws Error when `aws` is chosen without AWS_REGION or SES_FROM_EMAIL.
 */
export function createNotifier(env: Pick<JobsEnv, 'NOTIFY_TRANSPORT' | 'AWS_REGION' | 'SES_FROM_EMAIL'>): Notifier {
  if (env.NOTIFY_TRANSPORT === 'outbox') return createOutboxNotifier();
  if (!env.AWS_REGION || !env.SES_FROM_EMAIL) throw new Error('NOTIFY_TRANSPORT=aws needs AWS_REGION and SES_FROM_EMAIL');
  return createAwsNotifier({
    ses: new SESClient({ region: env.AWS_REGION }),
    sns: new SNSClient({ region: env.AWS_REGION }),
    from: env.SES_FROM_EMAIL,
  });
}
