import { confirmations } from '@walkon/db';
import { type Job, Queue, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** Queue names (docs/DESIGN.md §2). */
export const QUEUE = {
  poll: 'poll-park',
  sendEmail: 'send-email',
  sendSms: 'send-sms',
  /** Web Push deliveries (docs/decisions/038). */
  sendPush: 'send-push',
  maintenance: 'maintenance',
  history: 'history',
} as const;

/** Retry policy of the send jobs: 5 attempts, exponential backoff from 5 s (docs/DESIGN.md §2.5). */
export const SEND_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential' as const, delay: 5_000 } };

/** Payload of a `poll-park` job: the park to poll (ThemeParks.wiki entity id). */
export const pollJobSchema = z.object({ parkId: z.string().min(1) });
/** A parsed `poll-park` payload. */
export type PollJobData = z.infer<typeof pollJobSchema>;

/** Payload of a `history` job (the 5-minute collection of one park, docs/DESIGN.md §2.2 history). */
export const historyJobSchema = z.object({ parkId: z.string().min(1) });
/** A parsed `history` payload. */
export type HistoryJobData = z.infer<typeof historyJobSchema>;

/** newsletter / affiliate: welcome e-mails; checkout / promo: the pass confirmation (checkout session or promo redemption id). */
export const confirmationKindSchema = z.enum(confirmations.CONFIRMATION_KINDS);
/** Which confirmation e-mail a `confirmation` send job carries; each is sent once per row (docs/decisions/015). */
export type ConfirmationKind = confirmations.ConfirmationKind;

/**
 * Payload of an account e-mail job (`account`, docs/DESIGN.md §2.5; texts in `@walkon/domain/messages/account`): a link
 * e-mail (`to`, the link's raw single-use `token`) or the old address's notice of an e-mail change (`newEmail`,
 * the `passes` lines that moved).
 */
export const accountEmailJobSchema = z.union([
  z.object({
    account: z.enum(['finish_signup', 'verify_email', 'signup_existing', 'reset_password', 'change_email']),
    to: z.string().min(1),
    token: z.string().min(1),
  }),
  z.object({ account: z.literal('email_changed'), to: z.string().min(1), newEmail: z.string().min(1), passes: z.array(z.string()) }),
]);
/** A parsed account e-mail payload. */
export type AccountEmailJobData = z.infer<typeof accountEmailJobSchema>;

/**
 * Payload of a `send-email` / `send-sms` job: a batch of claimed deliveries to send (job name `send`, DESIGN
 * §2.5; a single `deliveryId` from jobs enqueued before batches), or, on the e-mail queue, a confirmation to
 * send once (job name `confirmation`) or an account e-mail (job name `account`).
 */
export const sendJobSchema = z.union(
  [
    z.object({ deliveryIds: z.array(z.guid()).min(1) }),
    z.object({ deliveryId: z.guid() }),
    z.object({ confirmation: confirmationKindSchema, id: z.string().min(1) }),
    accountEmailJobSchema,
  ],
  { error: 'expected { deliveryIds: uuid[] }, { deliveryId: uuid }, { confirmation, id } or { account, to, … }' },
);
/** A parsed `send-email` / `send-sms` payload. */
export type SendJobData = z.infer<typeof sendJobSchema>;

/** The tasks of the `maintenance` queue (docs/DESIGN.md §2 "other jobs"). */
export const maintenanceTaskSchema = z.enum([
  'sweep-deliveries',
  'reconcile-schedulers',
  'expire-subscriptions',
  'prune-samples',
  'sweep-retention',
  'flight-price-check',
  'restaurant-check',
  'refresh-statistics',
]);
/**
 * Payload of a `maintenance` job (docs/DESIGN.md §2 "other jobs"; `flight-price-check`: flight price alerts every 6 hours,
 * docs/rules.md R45; `restaurant-check`: restaurant alerts every 15 minutes, R39).
 */
export const maintenanceJobSchema = z.object({ task: maintenanceTaskSchema });
/** A parsed `maintenance` payload. */
export type MaintenanceJobData = z.infer<typeof maintenanceJobSchema>;

/** The payload schema of each queue's jobs, for `parseJobData` (the e-mail queue's `send`; other channels: channels/job.ts). */
export const jobSchemas = {
  poll: pollJobSchema,
  history: historyJobSchema,
  send: sendJobSchema,
  maintenance: maintenanceJobSchema,
} as const;

/**
 * Parses a job's payload with its schema before the processor touches anything. A payload that does not match
 * fails the job at once, without retries (BullMQ `UnrecoverableError`), with the queue, the job and the first
 * problem in the message: "Bad payload for poll-park job 12: parkId: expected string, received undefined".
 */
export function parseJobData<T>(schema: z.ZodType<T>, job: Pick<Job, 'id' | 'queueName' | 'data'>): T {
  const parsed = schema.safeParse(job.data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new UnrecoverableError(`Bad payload for ${job.queueName} job ${job.id ?? '?'}: ${where}${issue?.message ?? 'invalid'}`);
}

/** The producers' view of the queues. */
export interface Queues {
  prefix: string;
  /** The shared Redis connection (the server's rate limits use it too). */
  connection: Redis;
  poll: Queue<PollJobData>;
  sendEmail: Queue<SendJobData>;
  sendSms: Queue<SendJobData>;
  sendPush: Queue;
  maintenance: Queue<MaintenanceJobData>;
  history: Queue<HistoryJobData>;
  /** The queue named `name` (a channel's send queue, channels/): the one above, or a new one on the same connection. */
  channel(name: string): Queue;
  /** Every queue (for Bull Board and shutdown). */
  all(): Queue[];
  /** Closes every queue (not the shared connection). */
  close(): Promise<void>;
  /** Resolves when Redis answers PING (health checks). */
  ping(): Promise<string>;
}

/**
 * Creates the queues on one shared connection with the given key prefix.
 * Finished jobs are trimmed (`removeOnComplete` 1000, `removeOnFail` 5000) so Redis stays small.
 */
export function createQueues(opts: { connection: Redis; prefix: string }): Queues {
  const common = {
    connection: opts.connection,
    prefix: opts.prefix,
    defaultJobOptions: { removeOnComplete: 1000, removeOnFail: 5000 },
  };
  const poll = new Queue<PollJobData>(QUEUE.poll, common);
  const sendEmail = new Queue<SendJobData>(QUEUE.sendEmail, common);
  const sendSms = new Queue<SendJobData>(QUEUE.sendSms, common);
  const sendPush = new Queue(QUEUE.sendPush, common);
  const maintenance = new Queue<MaintenanceJobData>(QUEUE.maintenance, common);
  const history = new Queue<HistoryJobData>(QUEUE.history, common);
  const list = [poll, sendEmail, sendSms, sendPush, maintenance, history] as Queue[];
  return {
    prefix: opts.prefix,
    connection: opts.connection,
    poll,
    sendEmail,
    sendSms,
    sendPush,
    maintenance,
    history,
    channel(name) {
      const q = list.find((x) => x.name === name);
      if (q) return q;
      const created = new Queue(name, common);
      list.push(created);
      return created;
    },
    all: () => list,
    close: async () => {
      await Promise.all(list.map((q) => q.close()));
    },
    ping: () => opts.connection.ping(),
  };
}
