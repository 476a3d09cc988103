import { createDb } from '@walkon/db';
import { expectedByRule } from '@walkon/db/testing';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { finishSignUp, MK, seedFreePromo, stackNow, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

// The real worker process (jobs/src/main.ts) beside the API, as in production (outbox transport, replay data,
// job schedulers on): nothing here runs the CLI. Messages queued to BullMQ (the verification e-mail, the pass
// receipt, the test alert) and the ride alerts of the worker's own scheduled poll arrive in the outbox.
const env = withStackAndBrowser({ worker: true });

type Mail = { to_address: string; subject: string | null; body_text: string; delivery_id: string | null };

async function outbox(to: string): Promise<Mail[]> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    return await db
      .selectFrom('outbox_messages')
      .select(['to_address', 'subject', 'body_text', 'delivery_id'])
      .where('to_address', '=', to)
      .orderBy('id')
      .execute();
  } finally {
    await db.destroy();
  }
}

/**
 * The `send-email` jobs named `name` that the API added and the worker completed, read from the queue's BullMQ
 * event stream (`<prefix>:send-email:events`: "added" carries the job name, "completed" the job id). Account
 * e-mail jobs are removed once sent (their payload holds a link token), so the stream is where they remain.
 */
async function completedSendEmailJobs(name: string): Promise<string[]> {
  const redis = new Redis(env.stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    const entries = await redis.xrange(`${env.stack.env.QUEUE_PREFIX}:send-email:events`, '-', '+');
    const fields = entries.map(
      ([, f]) => Object.fromEntries(f.flatMap((v, i) => (i % 2 ? [] : [[v, f[i + 1]]]))) as Record<string, string>,
    );
    const added = new Set(fields.filter((f) => f.event === 'added' && f.name === name).map((f) => f.jobId));
    return fields.filter((f) => f.event === 'completed' && added.has(f.jobId)).map((f) => f.jobId!);
  } finally {
    redis.disconnect();
  }
}

describe('end to end with the worker: receipts, test alerts and scheduled polls are delivered by the worker', () => {
  it('sign up → free pass → the receipt, the scheduled poll’s alert and a test alert arrive in the outbox', async () => {
    await seedFreePromo(env.stack, 'E2E-WORKER-DAY');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `worker-${Date.now()}@example.com`;
    const subjects = async () => (await outbox(email)).map((m) => m.subject);

    await page.goto(`${env.stack.url}/get-alerts`);
    await page.waitForURL(/\/auth\?redirect=/);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Walt Worker');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // The sign-up e-mail: an `account` job the API queued and the worker sent (DESIGN §2.5); its link creates the
    // account and returns to Get Alerts (docs/decisions/046-sign-up-by-link.md).
    await expect.poll(subjects, { timeout: 30_000 }).toContain('Finish signing up for WalkOn');
    await expect.poll(() => completedSendEmailJobs('account'), { timeout: 10_000 }).toHaveLength(1);
    await finishSignUp(page, env.stack, email);
    await page.waitForURL(/\/get-alerts$/);

    await page.getByLabel('Destination').selectOption(WDW);
    await page.getByLabel('Park').selectOption(MK);
    await page.getByText('35 of 35 rides selected').waitFor();
    await page.getByLabel('Have a promo code?').fill('e2e-worker-day');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Promo Code Applied!').waitFor();
    await page.getByText('ACTIVE', { exact: true }).waitFor();
    // The alerts-on confirmation (docs/rules.md R16b): the free pass switched alerts on for today; queued by the
    // API, sent by the worker. Its count of short rides comes from the independent script at this instant.
    const shortAtOn = expectedByRule('tpw_live_magic-kingdom_2026-04-14T2227Z.json', stackNow(), 'America/New_York', true).length;
    const shortWords = shortAtOn === 0 ? 'none is' : shortAtOn === 1 ? '1 is' : `${shortAtOn} are`;
    const onMail = async () => (await outbox(email)).find((m) => m.subject === 'WalkOn alerts are on: Magic Kingdom Park');
    await expect
      .poll(async () => (await onMail())?.body_text, { timeout: 60_000, interval: 500 })
      .toMatch(new RegExp(`^Alerts on for 35 rides at Magic Kingdom Park until .+ park time; ${shortWords} short right now\\.`));

    // A test alert, first: any alert starts the 15-minute cooldown (docs/spec/part-1.md §4), and the worker's scheduled
    // poll may alert at any moment now. Queued by the API, sent by the worker.
    await page.getByRole('button', { name: 'Send test alert' }).click();
    await page.getByText('Test Alert Sent', { exact: true }).waitFor();
    await expect
      .poll(async () => (await outbox(email)).filter((m) => m.delivery_id !== null && /test/i.test(`${m.subject} ${m.body_text}`)).length, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(1);

    // The pass receipt: a `confirmation` job on the send-email queue, sent by the worker.
    await expect.poll(subjects, { timeout: 60_000, interval: 500 }).toContain('WalkOn alerts confirmed: Magic Kingdom Park');
    // The worker's own poll of Magic Kingdom (its job scheduler, every 60 s): the walk-on rides as one e-mail. The
    // replay serves the recording shifted to the real clock, so which rides are confirmed today (docs/rules.md R2)
    // depends on the hour of the run: the independent script says which, and the subject counts them.
    const expected = expectedByRule('tpw_live_magic-kingdom_2026-04-14T2227Z.json', stackNow(), 'America/New_York', true);
    expect(expected.length).toBeGreaterThan(0);
    const more = expected.length > 1 ? ` \\+${expected.length - 1} more` : '';
    const subject = new RegExp(`^.+ \\d+ min${more} at Magic Kingdom Park$`);
    const alertMail = async () => (await outbox(email)).find((m) => m.delivery_id !== null && subject.test(m.subject ?? ''));
    await expect.poll(async () => (await alertMail())?.subject, { timeout: 150_000, interval: 1000 }).toMatch(subject);
    const alert = (await alertMail())!;
    for (const ride of expected) expect(alert.body_text).toContain(ride);

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
