import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { CheckIfPhoneNumberIsOptedOutCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAwsNotifier } from './aws.ts';
import { PermanentNotifyError, ThrottledNotifyError } from './types.ts';

const ses = mockClient(SESv2Client);
const sns = mockClient(SNSClient);
const notifier = createAwsNotifier({
  ses: new SESv2Client({ region: 'us-east-1' }),
  sns: new SNSClient({ region: 'us-east-1' }),
  from: 'WalkOn <alerts@walkon.test>',
});
const db = {} as never;

beforeEach(() => {
  ses.reset();
  sns.reset();
});

describe('AWS notifier (SESv2 + SNS through aws-sdk-client-mock)', () => {
  it('docs/DESIGN.md §6: SES raw e-mail carries text, HTML and RFC 8058 one-click unsubscribe headers', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const out = await notifier.email.send(
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
    const raw = Buffer.from(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Raw!.Data as Uint8Array).toString('utf8');
    expect(raw).toContain('List-Unsubscribe: <http://x/u>');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8\r\n[\s\S]*\r\n\r\nplain\r\n/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8\r\n[\s\S]*\r\n\r\n<p>html<\/p>\r\n/);
  });

  it('non-ASCII display names and subjects are RFC 2047 encoded, long headers folded', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-2' });
    const n = createAwsNotifier({
      ses: new SESv2Client({ region: 'us-east-1' }),
      sns: new SNSClient({ region: 'us-east-1' }),
      from: 'Wälk Ön <a@walkon.test>',
    });
    await n.email.send({ to: 'fan@example.com', subject: `Très long sujet ${'é'.repeat(80)}`, text: 't', html: 'h' }, { db });
    const raw = Buffer.from(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Raw!.Data as Uint8Array).toString('utf8');
    const head = raw.split('\r\n\r\n')[0]!;
    expect(head).toMatch(/^From: =\?UTF-8\?[QB]\?.+\?= <a@walkon\.test>$/m);
    expect(/^[\t\r\n\x20-\x7e]*$/.test(head)).toBe(true);
    for (const line of head.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    expect(head).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('a rejected message is a permanent failure; a throttle is a ThrottledNotifyError (never a failure)', async () => {
    ses
      .on(SendEmailCommand)
      .rejectsOnce(Object.assign(new Error('bad'), { name: 'MessageRejected' }))
      .rejectsOnce(Object.assign(new Error('slow'), { name: 'Throttling' }));
    const msg = { to: 'a@b.c', subject: 's', text: 't', html: 'h' };
    await expect(notifier.email.send(msg, { db })).rejects.toBeInstanceOf(PermanentNotifyError);
    const err = await notifier.email.send(msg, { db }).catch((e) => e);
    expect(err).not.toBeInstanceOf(PermanentNotifyError);
    expect(err).toBeInstanceOf(ThrottledNotifyError);
  });

  it('SNS Publish is Transactional to the E.164 number', async () => {
    sns.on(CheckIfPhoneNumberIsOptedOutCommand).resolves({ isOptedOut: false });
    sns.on(PublishCommand).resolves({ MessageId: 'sns-1' });
    expect((await notifier.sms.send({ to: '+14075551234', text: 'hi' }, { db })).messageId).toBe('sns-1');
    const input = sns.commandCalls(PublishCommand)[0]!.args[0].input;
    expect(input.PhoneNumber).toBe('+14075551234');
    expect(input.MessageAttributes?.['AWS.SNS.SMS.SMSType']?.StringValue).toBe('Transactional');
  });

  it('docs/DESIGN.md §6: a number that replied STOP is never texted', async () => {
    sns.on(CheckIfPhoneNumberIsOptedOutCommand).resolves({ isOptedOut: true });
    await expect(notifier.sms.send({ to: '+14075551234', text: 'hi' }, { db })).rejects.toBeInstanceOf(PermanentNotifyError);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
  });
});
