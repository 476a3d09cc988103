import type { Redis } from 'ioredis';

/**
 * Log-in slow-down (docs/security.md, OWASP authentication cheat sheet "account lockout"): instead of
 * locking an account (which let anyone lock its owner out with five wrong passwords), each failure pushes the
 * next allowed attempt further out, doubling from 1 second up to a cap:
 * - per account AND client address: 3 free failures, then 1 s, 2 s, 4 s … up to 15 minutes — one client
 *   guessing one account is slowed to a crawl;
 * - per account from anywhere: 10 free failures, then 1 s doubling up to 30 seconds — a botnet is slowed too,
 *   yet the owner never waits more than 30 seconds.
 * An attempt is reserved (counted as a failure) atomically in Redis BEFORE the password is checked, so
 * concurrent or batched attempts cannot slip through together; a success clears both counters. Counters are
 * forgotten an hour after the last attempt. Times come from the app clock (`deps.now`), in milliseconds.
 */
export const PAIR_POLICY = { free: 3, baseMs: 1_000, capMs: 15 * 60_000 } as const;
export const ACCOUNT_POLICY = { free: 10, baseMs: 1_000, capMs: 30_000 } as const;
const FORGET_MS = 60 * 60_000;

// KEYS: pair, account. ARGV: now, then free/base/cap for the pair and for the account, then the TTL.
// Returns {1, 0} when the attempt is reserved, {0, waitMs} when it must wait.
const RESERVE = `
local now = tonumber(ARGV[1])
local wait = 0
for i = 1, 2 do
  local nextAt = tonumber(redis.call('HGET', KEYS[i], 'n') or '0')
  if nextAt - now > wait then wait = nextAt - now end
end
if wait > 0 then return {0, wait} end
for i = 1, 2 do
  local free = tonumber(ARGV[i * 3 - 1])
  local base = tonumber(ARGV[i * 3])
  local cap = tonumber(ARGV[i * 3 + 1])
  local f = tonumber(redis.call('HGET', KEYS[i], 'f') or '0') + 1
  local delay = 0
  if f > free then delay = math.min(base * (2 ^ (f - free - 1)), cap) end
  redis.call('HSET', KEYS[i], 'f', f, 'n', now + delay)
  redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[8]))
end
return {1, 0}
`;

function keys(prefix: string, email: string, client: string): [string, string] {
  return [`${prefix}:login:pair:${email}:${client}`, `${prefix}:login:account:${email}`];
}

/**
 * Reserves a log-in attempt for `email` from `client` at `now`: 0 when the password may be checked, else the
 * milliseconds to wait first (nothing is counted then).
 */
export async function reserveLogIn(redis: Redis, prefix: string, email: string, client: string, now: Date): Promise<number> {
  const [pair, account] = keys(prefix, email, client);
  const [ok, wait] = (await redis.eval(
    RESERVE,
    2,
    pair,
    account,
    now.getTime(),
    PAIR_POLICY.free,
    PAIR_POLICY.baseMs,
    PAIR_POLICY.capMs,
    ACCOUNT_POLICY.free,
    ACCOUNT_POLICY.baseMs,
    ACCOUNT_POLICY.capMs,
    FORGET_MS,
  )) as [number, number];
  return ok === 1 ? 0 : Math.max(1, Math.ceil(wait));
}

/** Forgets the failures of `email` (from every client's count for this client, and the account's) after a successful log-in. */
export async function clearLogIn(redis: Redis, prefix: string, email: string, client: string): Promise<void> {
  await redis.del(...keys(prefix, email, client));
}
