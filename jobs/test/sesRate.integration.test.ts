import { SESv2Client } from '@aws-sdk/client-sesv2';
import { resolveSesRate } from '@walkon/integrations/providers/notify/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AwsFake, startAwsFake } from './fixtures/awsFake.ts';

// docs/OPERATIONS.md "Sending rate": the SES budget comes from the account (SESv2 GetAccount → SendQuota.MaxSendRate)
// unless SES_MAX_PER_SECOND is set; the real SESv2 client against the local fake speaking its protocol.
let fake: AwsFake;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startAwsFake();
  Object.assign(process.env, fake.env(), { AWS_MAX_ATTEMPTS: '1' });
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
});

describe('the SES send rate', () => {
  it("unset: the account's MaxSendRate, rounded down", async () => {
    fake.set({ accountMaxSendRate: 14 });
    expect(await resolveSesRate({ AWS_REGION: 'us-east-1', SES_MAX_PER_SECOND: undefined })).toEqual({ perSecond: 14, from: 'account' });
    fake.set({ accountMaxSendRate: 40.5 });
    expect(await resolveSesRate({ AWS_REGION: 'us-east-1', SES_MAX_PER_SECOND: undefined })).toEqual({ perSecond: 40, from: 'account' });
  });

  it('set: the setting wins and the account is not asked', async () => {
    const before = fake.counts.requests;
    expect(await resolveSesRate({ AWS_REGION: 'us-east-1', SES_MAX_PER_SECOND: 3 })).toEqual({ perSecond: 3, from: 'setting' });
    expect(fake.counts.requests).toBe(before);
  });

  it('an account that cannot be read (no ses:GetAccount): 1 message/s and one sentence saying what to do', async () => {
    fake.set({ accountMaxSendRate: null });
    const ses = new SESv2Client({ region: 'us-east-1', maxAttempts: 1 });
    const r = await resolveSesRate({ AWS_REGION: 'us-east-1', SES_MAX_PER_SECOND: undefined }, ses);
    ses.destroy();
    expect(r).toMatchObject({ perSecond: 1, from: 'default' });
    expect(r.problem).toMatch(
      /^The SES account's send rate could not be read \(.*\): sending at 1 message\/s; allow ses:GetAccount or set SES_MAX_PER_SECOND\.$/,
    );
  });
});
