import { createRedisTickLease } from '@walkon/core';
import type { Database } from '@walkon/db';
import { createLogger } from '@walkon/integrations/logger';
import type { Job } from 'bullmq';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { JobContext } from '../src/jobs/definition.ts';
import { pollParkJob } from '../src/jobs/pollPark.ts';
import { MK, MK_OPEN, replayOf, useTestDb, useTestQueues, watchAll } from './helpers.ts';

// docs/OPERATIONS.md "Logs": a JSON line names each key once (a line with `parkId` twice is valid to some parsers and
// an error to others; most keep the last).
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});
const { redis, queues } = useTestQueues();

/** The keys of one JSON object text at its top level, in order, repeats kept (JSON.parse would fold them). */
function topLevelKeys(line: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      let j = i + 1;
      while (line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
      if (depth === 1 && line[j + 1] === ':') keys.push(line.slice(i + 1, j));
      i = j;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return keys;
}

describe('worker log lines', () => {
  it('topLevelKeys sees a repeated key', () => {
    expect(topLevelKeys('{"a":1,"b":{"a":2},"s":"x\\"a\\":","a":3}')).toEqual(['a', 'b', 's', 'a']);
  });

  it('a poll-park line carries jobId and parkId once each', async () => {
    const at = () => new Date('2026-04-14T22:27:18Z');
    await watchAll(db, MK_OPEN, 'fan@example.com', at);
    const lines: string[] = [];
    const logger = createLogger('worker', 'info', { write: (l: string) => void lines.push(l) });
    const lease = createRedisTickLease({ redis, prefix: queues.prefix });
    const ctx = { db, queues, connection: redis, source: replayOf(MK_OPEN, at), now: at, logger, lease } as unknown as JobContext;
    const job = { id: 'j1', timestamp: at().getTime(), opts: {}, attemptsMade: 0, queueName: 'poll-park' } as unknown as Job;
    await pollParkJob.handler(ctx, { parkId: MK }, job, 'token');
    const poll = lines.filter((l) => l.includes('"msg":"poll-park"'));
    expect(poll).toHaveLength(1);
    for (const l of lines) {
      const keys = topLevelKeys(l.trim());
      expect(keys.length, l).toBe(new Set(keys).size);
    }
    expect(topLevelKeys(poll[0]!.trim()).filter((k) => k === 'parkId')).toEqual(['parkId']);
  });
});
