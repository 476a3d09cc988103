import {
  accounts,
  catalogue,
  type Database,
  deliveryPartitions,
  type Kysely,
  liveStatus,
  migrationStatus,
  users,
  watches,
} from '@walkon/db';
import type { Queues } from './queues.ts';

/**
 * The operator's commands of `walkon-jobs` (docs/OPERATIONS.md "Operator CLI"): what `status` reports, granting and
 * revoking roles, retrying failed deliveries, pausing queues. Each takes its stores as arguments, so the CLI and the
 * tests run the same code against real PostgreSQL and Redis.
 */

/** What `walkon-jobs status` prints (one JSON object). */
export interface OperatorStatus {
  /** Migrations applied and pending, and the newest applied. */
  schema: { applied: number; pending: number; latest: string | null };
  /** Redis's maxmemory-policy (`noeviction` is required: an evicted queue key loses jobs); null when CONFIG is not allowed. */
  redis: { maxmemoryPolicy: string | null; ok: boolean };
  /** Months of monthly partitions ahead of the current one (-1 = the current month has none: inserts land in the default). */
  partitionsAhead: { deliveries: number; waitSamples: number };
  /** Job counts of each queue, and whether it is paused. */
  queues: Record<string, { paused: boolean; waiting: number; active: number; delayed: number; failed: number }>;
  /** Each watched park's last successful poll and its age in seconds (null = never polled). */
  parks: { parkId: string; name: string | null; lastPollAt: string | null; ageSeconds: number | null }[];
}

/**
 * The state an operator checks first (docs/OPERATIONS.md "Operator CLI"): schema version, Redis eviction policy,
 * partitions ahead, queues, last poll per watched park. `now` decides ages and months. Reads only.
 */
export async function operatorStatus(deps: { db: Kysely<Database>; queues: Queues; now: Date }): Promise<OperatorStatus> {
  const { db, queues, now } = deps;
  const migrations = await migrationStatus(db);
  const applied = migrations.filter((m) => m.executedAt);
  let policy: string | null = null;
  try {
    const answer = (await queues.connection.call('CONFIG', 'GET', 'maxmemory-policy')) as string[];
    policy = answer[1] ?? null;
  } catch {
    // Managed Redis often forbids CONFIG: unknown, not an error.
  }
  const counts: OperatorStatus['queues'] = {};
  for (const q of queues.all()) {
    const c = await q.getJobCounts('waiting', 'active', 'delayed', 'failed');
    counts[q.name] = {
      paused: await q.isPaused(),
      waiting: c.waiting ?? 0,
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
    };
  }
  const watched = await watches.parksWithValidWatches(db, now);
  const instants = await liveStatus.parkPollInstants(db, watched);
  const parks = [];
  for (const p of instants.sort((a, b) => a.parkId.localeCompare(b.parkId))) {
    const park = await catalogue.getPark(db, p.parkId);
    parks.push({
      parkId: p.parkId,
      name: park?.name ?? null,
      lastPollAt: p.polledAt?.toISOString() ?? null,
      ageSeconds: p.polledAt ? Math.round((now.getTime() - p.polledAt.getTime()) / 1000) : null,
    });
  }
  return {
    schema: { applied: applied.length, pending: migrations.length - applied.length, latest: applied.at(-1)?.name ?? null },
    redis: { maxmemoryPolicy: policy, ok: policy === 'noeviction' },
    partitionsAhead: {
      deliveries: await deliveryPartitions.monthsAhead(db, 'deliveries', now),
      waitSamples: await deliveryPartitions.monthsAhead(db, 'wait_samples', now),
    },
    queues: counts,
    parks,
  };
}

/** The roles `grant-role` / `revoke-role` take (user_roles, docs/spec/part-1.md §6). */
export const ROLES = ['admin', 'moderator'] as const;

/**
 * Grants (`grant`) or revokes a role of the account with this e-mail (trimmed, lower-cased): the first admin without
 * SQL. The same repository step as the admin page (accounts.changeRole, docs/spec/part-1.md §6 roles): one
 * transaction, a `role_audit` row with `actor` (e.g. "walkon-jobs (root)") and no actor id, and the last admin is
 * never revoked. Returns the account's roles afterwards and whether anything changed.
 * @throws Error with a sentence when the role is unknown, no account has the e-mail, or it is the last admin.
 */
export async function setRole(
  db: Kysely<Database>,
  action: 'grant' | 'revoke',
  email: string,
  role: string,
  actor: string,
): Promise<{ userId: string; email: string; roles: string[]; changed: boolean }> {
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`Unknown role "${role}": use ${ROLES.join(' or ')}.`);
  const address = email.trim().toLowerCase();
  const r = await db
    .transaction()
    .execute((tx) =>
      accounts.changeRole(tx, { actorId: null, actorEmail: actor, targetEmail: address, role: role as (typeof ROLES)[number], action }),
    );
  if (r.outcome === 'no_account') throw new Error(`No account has the e-mail ${address}: it must sign up first.`);
  if (r.outcome === 'last_admin') throw new Error(`${address} is the last admin: make someone else an admin first.`);
  const user = (await users.findByEmail(db, address))!;
  return { userId: user.id, email: address, roles: await users.rolesOf(db, user.id), changed: r.outcome === 'changed' };
}

/**
 * Pauses or resumes the named queues (`all` = every queue): a paused queue keeps its jobs and workers take none
 * until it is resumed. Returns the names changed.
 * @throws Error naming the known queues when a name is unknown.
 */
export async function setQueuesPaused(queues: Queues, names: string[], paused: boolean): Promise<string[]> {
  const all = queues.all();
  const chosen = names.includes('all') ? all : names.map((n) => all.find((q) => q.name === n));
  const unknown = names.filter((n, k) => n !== 'all' && !chosen[k]);
  if (unknown.length || !names.length)
    throw new Error(`Unknown queue ${unknown.join(', ') || '(none given)'}: use all or ${all.map((q) => q.name).join(', ')}.`);
  for (const q of chosen) await (paused ? q!.pause() : q!.resume());
  return chosen.map((q) => q!.name);
}
