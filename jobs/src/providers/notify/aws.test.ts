import { SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { CheckIfPhoneNumberIsOptedOutCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAwsNotifier } from './aws.ts';
import { PermanentNotifyError } from './types.ts';

const ses = mockClient(SESClient);
const sns = mockClient(SNSClient);
const notifier = createAwsNotifier({
  ses: new SESClient({ region: 'us-east-1' }),
  sns: new SNSClient({ region: 'us-east-1' }),
  from: 'WalkOn <alerts@walkon.test>',
});
const db = {} as never;

beforeEach(() => {
  ses.reset();
  sns.reset();
});

describe('AWS notifier (SES + SNS through aws-sdk-client-mock)', () => {
  it('DESIGN §6: SES raw e-mail carries text, HTML and RFC 8058 one-click unsubscribe headers', async () => {
    ses.on(SendRawEmailCommand).resolves({ MessageId: 'ses-1' });
    const out = await notifier.sendEmail(
      {
        to: 'fan@example.com',
        subject: 'Dumbo: 15 min',
        text: 'plain',
        html: '<p>html</p>',
        headers: { 'List-Unsubscribe': '<http://x/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      { db },
    );
    expect(out.messageId).toBe('ses-1');
    const raw = Buffer.from(ses.commandCalls(SendRawEmailCommand)[0]!.args[0].input.RawMessage!.Data as Uint8Array).toString('utf8');
    expect(raw).toContain('List-Unsubscribe: <http://x/u>');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain(Buffer.from('plain').toString('base64'));
  });

  it('a rejected message is a permanent failure; a throttle is retried', async () => {
    ses
      .on(SendRawEmailCommand)
      .rejectsOnce(Object.assign(new Error('bad'), { name: 'MessageRejected' }))
      .rejectsOnce(Object.assign(new Error('slow'), { name: 'Throttling' }));
    const msg = { to: 'a@b.c', subject: 's', text: 't', html: 'h' };
    await expect(notifier.sendEmail(msg, { db })).rejects.toBeInstanceOf(PermanentNotifyError);
    const err = await notifier.sendEmail(msg, { db }).catch((e) => e);
    expect(err).not.toBeInstanceOf(PermanentNotifyError);
  });

  it('SNS Publish is Transactional to the E.164 number', async () => {
    sns.on(CheckIfPhoneNumberIsOptedOutCommand).resolves({ isOptedOut: false });
    sns.on(PublishCommand).resolves({ MessageId: 'sns-1' });
    expect((await notifier.sendSms({ to: '+14075551234', text: 'hi' }, { db })).messageId).toBe('sns-1');
    const input = sns.commandCalls(PublishCommand)[0]!.args[0].input;
    expect(input.PhoneNumber).toBe('+14075551234');
    expect(input.MessageAttributes?.['AWS.SNS.SMS.SMSType']?.StringValue).toBe('Transactional');
  });

  it('DESIGN §6: a number that replied STOP is never texted', async () => {
    sns.on(CheckIfPhoneNumberIsOptedOutCommand).resolves({ isOptedOut: true });
    await expect(notifier.sendSms({ to: '+14075551234', text: 'hi' }, { db })).rejects.toBeInstanceOf(PermanentNotifyError);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
  });
});
