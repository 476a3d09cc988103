import { type Kysely, sql } from 'kysely';
import type { Executor } from '../client.ts';
import { DELIVERY_DEFAULT_PARTITION, deliveryPartitionName } from '../migrations/20261129_0029_deliveries_by_month.ts';
import type { Database } from '../types.ts';

/** How many whole months of deliveries are kept by default (DELIVERY_RETENTION_MONTHS, docs/OPERATIONS.md "Retention"). */
export const DEFAULT_DELIVERY_RETENTION_MONTHS = 13;

/** How many months past the current one get their partition ahead of time. */
export const DELIVERY_MONTHS_AHEAD = 3;

/** A monthly partition of `deliveries`: its table name and its `key_month` range [from, to) (UTC month starts). */
export interface DeliveryPartition {
  name: string;
  from: Date;
  to: Date;
}

/** First instant of the UTC month `offset` months after the month of `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The monthly partitions of `deliveries` (not the default one), oldest first. */
export async function listDeliveryPartitions(db: Executor): Promise<DeliveryPartition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'deliveries'::regclass and c.relname <> ${DELIVERY_DEFAULT_PARTITION}`.execute(db);
  return rows
    .map((r) => {
      const [from, to] = [...r.bound.matchAll(/'(\d{4}-\d{2}-\d{2})'/g)].map((m) => new Date(`${m[1]}T00:00:00Z`));
      return { name: r.name, from: from!, to: to! };
    })
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Creates the monthly partitions of `deliveries` for every month from the month of `from` to the month of `to`
 * (UTC) that has none. Rows of such a month already in the default partition (a claim that came first) are moved
 * into the new partition in the same transaction, under a lock on the default partition, so no insert can land
 * in between and the dedup key stays unique (docs/rules.md R8). Returns the names created.
 */
export async function ensureDeliveryPartitions(db: Kysely<Database>, from: Date, to: Date): Promise<string[]> {
  const existing = new Set((await listDeliveryPartitions(db)).map((p) => p.name));
  const created: string[] = [];
  for (let m = monthStart(from); m <= to; m = monthStart(m, 1)) {
    const name = deliveryPartitionName(m.getUTCFullYear(), m.getUTCMonth() + 1);
    if (existing.has(name)) continue;
    const next = monthStart(m, 1);
    await db.transaction().execute(async (tx) => {
      await sql.raw(`lock table ${DELIVERY_DEFAULT_PARTITION} in access exclusive mode`).execute(tx);
      await sql.raw(`create table ${name} (like deliveries including defaults including constraints)`).execute(tx);
      await sql
        .raw(`with moved as (delete from ${DELIVERY_DEFAULT_PARTITION} where key_month = '${ymd(m)}' returning *)
              insert into ${name} select * from moved`)
        .execute(tx);
      await sql.raw(`alter table deliveries attach partition ${name} for values from ('${ymd(m)}') to ('${ymd(next)}')`).execute(tx);
    });
    created.push(name);
  }
  return created;
}

/**
 * Drops every monthly partition of `deliveries` whose whole month ends on or before `before`, and deletes the
 * default partition's rows older than that month (retention, docs/OPERATIONS.md). Returns the partitions dropped
 * and the rows deleted from the default partition.
 */
export async function dropDeliveryPartitionsBefore(db: Executor, before: Date): Promise<{ dropped: string[]; deleted: number }> {
  const old = (await listDeliveryPartitions(db)).filter((p) => p.to <= before);
  for (const p of old) await sql.raw(`drop table ${p.name}`).execute(db);
  const r = await sql.raw(`delete from ${DELIVERY_DEFAULT_PARTITION} where key_month < '${ymd(monthStart(before))}'`).execute(db);
  return { dropped: old.map((p) => p.name), deleted: Number(r.numAffectedRows ?? 0) };
}

/**
 * The worker's daily delivery retention (the `sweep-retention` task, docs/OPERATIONS.md "Retention"): keeps the
 * current month and the `retentionMonths` whole months before it, dropping older monthly partitions, and creates
 * the partitions of the current month and the DELIVERY_MONTHS_AHEAD months after it. `now` is UTC.
 * @throws RangeError when `retentionMonths` is below 1.
 */
export async function maintainDeliveryPartitions(
  db: Kysely<Database>,
  now: Date,
  retentionMonths = DEFAULT_DELIVERY_RETENTION_MONTHS,
): Promise<{ deliveryPartitionsDropped: number; deliveryPartitionsCreated: number; deliveryRowsDeleted: number }> {
  if (!(retentionMonths >= 1)) throw new RangeError('retentionMonths must be at least 1');
  const { dropped, deleted } = await dropDeliveryPartitionsBefore(db, monthStart(now, -retentionMonths));
  const created = await ensureDeliveryPartitions(db, monthStart(now), monthStart(now, DELIVERY_MONTHS_AHEAD));
  return { deliveryPartitionsDropped: dropped.length, deliveryPartitionsCreated: created.length, deliveryRowsDeleted: deleted };
}

/** Whole UTC months from the current one to the last monthly partition of `parent` in an unbroken run (0 = only the current one). */
export async function monthsAhead(db: Executor, parent: 'deliveries' | 'wait_samples', now: Date): Promise<number> {
  const { rows } = await sql<{ bound: string }>`
    select pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${parent}::regclass`.execute(db);
  const starts = new Set(rows.map((r) => /FROM \('(\d{4}-\d{2})/.exec(r.bound)?.[1]).filter((m): m is string => m !== undefined));
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  if (!starts.has(month(0))) return -1;
  let k = 0;
  while (starts.has(month(k + 1))) k++;
  return k;
}
