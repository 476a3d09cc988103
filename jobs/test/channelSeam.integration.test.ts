import { runParkTick } from '@walkon/core';
import type { Database, LeasedRow, LeasedStore } from '@walkon/db';
import type { Sender } from '@walkon/integrations/providers/sender.ts';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Channel, enqueueDeliveries, registerChannel, unregisterChannel } from '../src/channels/index.ts';
import { runMaintenance, type WalkOnWorker } from '../src/worker.ts';
import { EXPECTED_MK_ALERTS, MK, MK_OPEN, replayOf, startTestWorker, useTestDb, useTestQueues, watchAll } from './helpers.ts';

// docs/decisions/062-one-seam-for-channels.md: a channel that exists only in this file — its own table, store,
// renderer and fake sender — registered at run time, and an alert goes through claim → send → mark → sweep in the
// real worker with no other file changed.
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});
const { redis, queues } = useTestQueues();
const now = () => new Date('2026-04-14T22:27:18Z');

/** A carrier-pigeon delivery as the store returns it: one message per (alert message, loft). */
interface PigeonRow extends LeasedRow {
  id: string;
  messageKey: string;
  loft: string;
  rides: string;
}

/** The store of `pigeon_deliveries`: the LeasedStore contract written for a table this test creates. */
const pigeonStore: LeasedStore<PigeonRow> = {
  async claim(tx, ids, lease) {
    const set = lease ? sql`status = 'sending', lease_owner = ${lease.owner}, lease_expires_at = ${lease.until}` : sql`status = status`;
    const { rows } = await sql<PigeonRow>`
      update pigeon_deliveries p set ${set}
      from (select id from pigeon_deliveries where id = any(${ids}::uuid[]) and status = 'queued' for update skip locked) c
      where p.id = c.id
      returning p.id, p.message_key as "messageKey", p.loft, p.rides`.execute(tx);
    return rows;
  },
  async renewLeases(tx, ids, lease) {
    const r = await sql`update pigeon_deliveries set lease_expires_at = ${lease.until}
      where id = any(${ids}::uuid[]) and status = 'sending' and lease_owner = ${lease.owner}`.execute(tx);
    return Number(r.numAffectedRows ?? 0);
  },
  async markSent(tx, sent, at) {
    const r = await sql`update pigeon_deliveries p set status = 'sent', message_id = x.m, sent_at = ${at}, lease_owner = null,
        lease_expires_at = null, attempts = p.attempts + 1
      from unnest(${sent.map((s) => s.id)}::uuid[], ${sent.map((s) => s.messageId)}::text[]) as x(id, m)
      where p.id = x.id and p.status in ('sending', 'queued')`.execute(tx);
    return Number(r.numAffectedRows ?? 0);
  },
  async markFailed(tx, ids, owner, end, reason) {
    const status = end === 'failed' || end === 'gone' ? 'failed' : 'queued';
    const held = owner === null ? sql`status = 'queued'` : sql`status = 'sending' and lease_owner = ${owner}`;
    await sql`update pigeon_deliveries set status = ${status}, error = ${reason}, lease_owner = null, lease_expires_at = null,
        attempts = attempts + ${end === 'throttled' ? 0 : 1}
      where id = any(${ids}::uuid[]) and ${held}`.execute(tx);
  },
  async requeueExpired(tx, at, staleBefore) {
    const { rows } = await sql<LeasedRow>`
      update pigeon_deliveries set status = 'queued', lease_owner = null, lease_expires_at = null
      where status = 'sending' and lease_expires_at < ${at}
      returning id, message_key as "messageKey"`.execute(tx);
    const { rows: stale } = await sql<LeasedRow>`select id, message_key as "messageKey" from pigeon_deliveries
      where status = 'queued' and created_at < ${staleBefore}`.execute(tx);
    return [...rows, ...stale.filter((s) => !rows.some((r) => r.id === s.id))];
  },
};

/** The fake provider: every message it was handed, and a message id per message. */
const flown: { loft: string; note: string }[] = [];
const pigeons: Sender<{ loft: string; note: string }> = {
  kind: 'pigeon',
  async send(m) {
    flown.push(m);
    return { messageId: `pigeon-${flown.length}` };
  },
};

const pigeonChannel: Channel<PigeonRow, { loft: string; note: string }> = {
  name: 'pigeon',
  queue: 'send-pigeon',
  batchSize: 10,
  store: pigeonStore,
  render: async (_deps, rows) => rows.map((r) => ({ ids: [r.id], message: { loft: r.loft, note: `Walk on: ${r.rides}` } })),
  sender: () => pigeons,
  concurrency: () => 2,
  lastAttempt: 'fail',
};

const statuses = async () =>
  (
    await sql<{ loft: string; status: string; messageId: string | null }>`
    select loft, status, message_id as "messageId" from pigeon_deliveries order by loft`.execute(db)
  ).rows;

let worker: WalkOnWorker | undefined;
beforeEach(async () => {
  flown.length = 0;
  await sql`create table if not exists pigeon_deliveries (
    id uuid primary key default gen_random_uuid(), message_key text not null, loft text not null, rides text not null,
    status text not null default 'queued', lease_owner text, lease_expires_at timestamptz, attempts int not null default 0,
    error text, message_id text, sent_at timestamptz, created_at timestamptz not null default now())`.execute(db);
  await sql`truncate pigeon_deliveries`.execute(db);
  registerChannel(pigeonChannel);
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
  unregisterChannel('pigeon');
});

describe('a channel registered at run time (decision 062)', () => {
  it('an alert goes through claim → send → mark, and a crashed lease is re-queued by the sweeper and sent once', async () => {
    // A real tick: one visitor's alerts of Magic Kingdom, claimed as e-mail deliveries (one message).
    const source = await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const { claimed } = await runParkTick({ db, source, now }, MK);
    expect(claimed).toHaveLength(EXPECTED_MK_ALERTS.length);
    // The pigeon half of the message, to two lofts (as push does per device).
    const { rows } = await sql<{ id: string; messageKey: string; loft: string }>`
      insert into pigeon_deliveries (message_key, loft, rides)
      select d.message_key, l.loft, string_agg(d.ride_name, ', ' order by d.ride_name)
      from deliveries d cross join (values ('east'), ('west')) as l(loft)
      where d.id = any(${claimed.map((c) => c.id)}::uuid[]) group by d.message_key, l.loft
      returning id, message_key as "messageKey", loft`.execute(db);
    expect(rows).toHaveLength(2);
    const east = rows.find((r) => r.loft === 'east')!;
    const west = rows.find((r) => r.loft === 'west')!;
    // A worker claimed the west loft's pigeon and died: its lease ended a second ago.
    expect(await pigeonStore.claim(db, [west.id], { owner: 'dead-worker', until: new Date(Date.now() - 1000) })).toHaveLength(1);

    worker = await startTestWorker({ db, connection: redis, queues, source: replayOf(MK_OPEN, now), now, schedules: false });
    // Fan-out: the registry routes the rows to the channel's own queue; the worker built a job for it.
    expect(
      await enqueueDeliveries(
        queues,
        [east, west].map((r) => ({ ...r, channel: 'pigeon' })),
      ),
    ).toBe(1);
    await expect.poll(statuses, { timeout: 20_000 }).toEqual([
      { loft: 'east', status: 'sent', messageId: 'pigeon-1' },
      { loft: 'west', status: 'sending', messageId: null },
    ]);

    // The minute sweep: every registered channel's store, this one included.
    const swept = await runMaintenance({ db, queues, now: () => new Date() }, 'sweep-deliveries');
    expect(swept).toMatchObject({ pigeonRequeued: 1 });
    await expect.poll(statuses, { timeout: 20_000 }).toEqual([
      { loft: 'east', status: 'sent', messageId: 'pigeon-1' },
      { loft: 'west', status: 'sent', messageId: 'pigeon-2' },
    ]);
    // Each pigeon flew once, with the alert's rides.
    expect(flown.map((f) => f.loft)).toEqual(['east', 'west']);
    expect(flown[0]!.note).toContain(EXPECTED_MK_ALERTS[0]!);
    expect((await queues.channel('send-pigeon').getJobCounts('completed')).completed).toBe(2);
  }, 60_000);
});
