import { Cluster, Redis } from 'ioredis';

/** Redis's connection settings per role (docs/DESIGN.md §4 "Redis by role"). */
function roleOptions(role: 'worker' | 'producer') {
  return role === 'worker' ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
}

/**
 * The seed nodes of a Redis Cluster, from `REDIS_CLUSTER_NODES` ("host:port,host:port") or a
 * `redis+cluster://host:port,host:port` URL; null = a single Redis (`redis://…`).
 * @throws Error on a node without a port.
 */
export function clusterNodesOf(url: string, clusterNodes?: string): { host: string; port: number }[] | null {
  const list =
    clusterNodes?.trim() || (url.startsWith('redis+cluster://') ? url.slice('redis+cluster://'.length).replace(/\/.*$/, '') : '');
  if (!list) return null;
  return list.split(',').map((n) => {
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(n.trim());
    if (!m) throw new Error(`Redis Cluster node "${n}" is not host:port (REDIS_CLUSTER_NODES, docs/OPERATIONS.md "Redis Cluster").`);
    return { host: m[1]!, port: Number(m[2]) };
  });
}

/**
 * Checks that a queue prefix works on a Redis Cluster: it must carry a hash tag (`{walkon}`), so every key of a
 * queue — and of the log-in limiter's two-key script — lands in one slot (BullMQ's multi-key scripts fail with
 * CROSSSLOT otherwise). @throws Error naming the setting.
 */
export function assertClusterPrefix(prefix: string): void {
  if (!/\{[^}]+\}/.test(prefix)) {
    throw new Error(
      `QUEUE_PREFIX "${prefix}" has no hash tag: on a Redis Cluster use e.g. "{walkon}" (docs/OPERATIONS.md "Redis Cluster").`,
    );
  }
}

/**
 * Creates an ioredis connection for a role (docs/DESIGN.md §4 "Redis by role"):
 * - `worker`: `maxRetriesPerRequest: null` as BullMQ workers require (blocking commands wait through outages);
 * - `producer`: fails fast on request paths (`enableOfflineQueue: false`, one retry) so callers answer 503.
 * With `clusterNodes` (REDIS_CLUSTER_NODES) or a `redis+cluster://` URL it is an ioredis `Cluster` over those seed
 * nodes (it follows MOVED/ASK and refreshes the slot map); BullMQ and every caller use it through the same commands.
 * The return type stays `Redis`: a Cluster answers the same commands we use (get/set/eval/ping/del/keys of one slot).
 */
export function createRedis(url: string, role: 'worker' | 'producer', clusterNodes?: string): Redis {
  const nodes = clusterNodesOf(url, clusterNodes);
  if (!nodes) return new Redis(url, roleOptions(role));
  const { enableOfflineQueue: _offline, ...redisOptions } = roleOptions(role) as ReturnType<typeof roleOptions> & {
    enableOfflineQueue?: boolean;
  };
  // The cluster client queues commands until it has the slot map; a producer still fails fast per command.
  const cluster = new Cluster(nodes, { redisOptions, enableOfflineQueue: true, slotsRefreshTimeout: 2000 });
  return cluster as unknown as Redis;
}
