import { randomBytes } from 'node:crypto';
import { type SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { CheckIfPhoneNumberIsOptedOutCommand, PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import { type EmailMessage, type Notifier, PermanentNotifyError } from './types.ts';

/** Settings of the AWS transport. */
export interface AwsNotifierOptions {
  ses: SESClient;
  sns: SNSClient;
  /** Verified SES sender, e.g. "WalkOn <alerts@example.com>". */
  from: string;
}

const PERMANENT_SES = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'ConfigurationSetDoesNotExistException',
  'InvalidParameterValue',
]);
const PERMANENT_SNS = new Set([
  'InvalidParameterException',
  'InvalidParameterValueException',
  'AuthorizationErrorException',
  'OptedOutException',
]);

function encodeHeader(value: string): string {
  // RFC 2047 for non-ASCII subjects.
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * Builds a MIME message (multipart/alternative: text + HTML) with extra headers such as
 * List-Unsubscribe / List-Unsubscribe-Post (RFC 8058), which SES's simple SendEmail cannot carry.
 */
export function buildMime(from: string, m: EmailMessage): string {
  const boundary = `walkon-${randomBytes(12).toString('hex')}`;
  const headers = [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${encodeHeader(m.subject)}`,
    'MIME-Version: 1.0',
    ...Object.entries(m.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=UTF-8`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(body, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'),
    ].join('\r\n');
  return [...headers, '', part('text/plain', m.text), part('text/html', m.html), `--${boundary}--`, ''].join('\r\n');
}

/**
 * The production transport (`NOTIFY_TRANSPORT=aws`): e-mail through SES `SendRawEmail` (text + HTML,
 * one-click unsubscribe headers), SMS through SNS `Publish` as Transactional after checking the SNS opt-out
 * list (a number that replied STOP is never texted: PermanentNotifyError "opted out").
 */
export function createAwsNotifier(opts: AwsNotifierOptions): Notifier {
  return {
    kind: 'aws',
    async sendEmail(m) {
      try {
        const out = await opts.ses.send(new SendRawEmailCommand({ RawMessage: { Data: Buffer.from(buildMime(opts.from, m), 'utf8') } }));
        return { messageId: out.MessageId ?? 'ses:unknown' };
      } catch (err) {
        const name = (err as Error).name;
        if (PERMANENT_SES.has(name)) throw new PermanentNotifyError(`SES ${name}: ${(err as Error).message}`);
        throw err;
      }
    },
    async sendSms(m) {
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
        if (err instanceof PermanentNotifyError) throw err;
        const name = (err as Error).name;
        if (PERMANENT_SNS.has(name)) throw new PermanentNotifyError(`SNS ${name}: ${(err as Error).message}`);
        throw err;
      }
    },
  };
}
