import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { CheckIfPhoneNumberIsOptedOutCommand, PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import MailComposer from 'nodemailer/lib/mail-composer';
import { type EmailMessage, type Notifier, PermanentNotifyError, ThrottledNotifyError } from './types.ts';

/** Settings of the AWS transport. */
export interface AwsNotifierOptions {
  ses: SESv2Client;
  sns: SNSClient;
  /** Verified SES sender, e.g. "WalkOn <alerts@example.com>". */
  from: string;
}

/** SESv2 SendEmail errors a retry cannot fix (SESv2 API reference, SendEmail "Errors"). */
const PERMANENT_SES = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'SendingPausedException',
  'NotFoundException',
  'BadRequestException',
]);
/** SNS Publish errors a retry cannot fix. */
const PERMANENT_SNS = new Set([
  'InvalidParameterException',
  'InvalidParameterValueException',
  'AuthorizationErrorException',
  'OptedOutException',
]);
/** Rate-limit answers: SES v1 `Throttling`, SESv2 `TooManyRequestsException`, SNS `ThrottledException`, any HTTP 429. */
const THROTTLE = new Set(['Throttling', 'ThrottlingException', 'TooManyRequestsException', 'ThrottledException']);

/** Whether a provider error is its rate limit answering (never a failed attempt). */
export function isThrottle(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return THROTTLE.has(e?.name ?? '') || e?.$metadata?.httpStatusCode === 429;
}

/**
 * Builds the raw MIME message with nodemailer's MailComposer: multipart/alternative (text + HTML), RFC 2047
 * encoded display names and subject, folded headers, plus extra headers such as List-Unsubscribe /
 * List-Unsubscribe-Post (RFC 8058 one-click unsubscribe). Returns the message bytes.
 */
export async function buildMime(from: string, m: EmailMessage): Promise<Buffer> {
  return new MailComposer({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers ?? {} }).compile().build();
}

function classify(service: 'SES' | 'SNS', permanent: Set<string>, err: unknown): Error {
  if (err instanceof PermanentNotifyError || err instanceof ThrottledNotifyError) return err;
  const e = err as Error;
  if (isThrottle(err)) return new ThrottledNotifyError(`${service} ${e.name}: ${e.message}`);
  if (permanent.has(e.name)) return new PermanentNotifyError(`${service} ${e.name}: ${e.message}`);
  return e;
}

/**
 * The production transport (`NOTIFY_TRANSPORT=aws`): e-mail through SESv2 `SendEmail` with `Content.Raw`
 * (buildMime: text + HTML, one-click unsubscribe headers), SMS through SNS `Publish` as Transactional after
 * checking the SNS opt-out list (a number that replied STOP is never texted: PermanentNotifyError "opted out").
 * Errors: PermanentNotifyError (rejected message, invalid number…), ThrottledNotifyError (the provider's rate
 * limit), anything else is transient. Endpoints follow the SDK's standard settings (AWS_ENDPOINT_URL_SESV2,
 * AWS_ENDPOINT_URL_SNS), so a local stand-in can answer.
 */
export function createAwsNotifier(opts: AwsNotifierOptions): Notifier {
  return {
    kind: 'aws',
    email: {
      kind: 'aws',
      send: async (m) => {
        try {
          const raw = await buildMime(opts.from, m);
          const out = await opts.ses.send(new SendEmailCommand({ Content: { Raw: { Data: raw } } }));
          return { messageId: out.MessageId ?? 'ses:unknown' };
        } catch (err) {
          throw classify('SES', PERMANENT_SES, err);
        }
      },
    },
    sms: {
      kind: 'aws',
      send: async (m) => {
        try {
          const check = await opts.sns.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: m.to }));
          if (check.isOptedOut) throw new PermanentNotifyError(`SNS: ${m.to} opted out (replied STOP)`);
          const out = await opts.sns.send(
            new PublishCommand({
              PhoneNumber: m.to,
              Message: m.text,
              MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
            }),
          );
          return { messageId: out.MessageId ?? 'sns:unknown' };
        } catch (err) {
          throw classify('SNS', PERMANENT_SNS, err);
        }
      },
    },
  };
}
