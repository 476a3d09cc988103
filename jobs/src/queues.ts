import type { confirmations } from '@walkon/db';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** Queue names (DESIGN §2). */
export const QUEUE = {
  poll: 'poll-park',
  sendEmail: 'send-email',
  sendSms: 'send-sms',
  maintenance: 'maintenance',
  history: 'history',
} as const;

/** Payload of a `poll-park` job. */
export interface PollJobData {
  parkId: string;
}
/** Payload of a `history` job (the 5-minute collection of one park, DESIGN §2.2 history). */
export interface HistoryJobData {
  parkId: string;
}
/** newsletter / affiliate: welcome e-mails; checkout / promo: the pass confirmation (checkout session or promo redemption id). */
export type ConfirmationKind = confirmations.ConfirmationKind;

/**
 * Payload of a `send-email` / `send-sms` job: a batch of claimed deliveries to send (job name `send`; a single
 * `deliveryId` from jobs enqueued before batches), or, on the
 * e-mail queue, a confirmation to send once (job name `confirmation`).
 */
export type SendJobData = { deliveryIds: string[] } | { deliveryId: string } | { confirmation: ConfirmationKind; id: string };
/**
 * Payload of a `maintenance` job (`flight-price-check`: issue 7 flight price alerts, every 6 hours;
 * `restaurant-check`: issue 6 restaurant alerts, every 15 minutes).
 */
export interface MaintenanceJobData {
  task: 'sweep-deliveries' | 'reconcile-schedulers' | 'expire-subscriptions' | 'prune-samples' | 'flight-price-check' | 'restaurant-check';
}

/** The producers' view of the queues. */
export interface Queues {
  prefix: string;
  /** The shared Redis connection (the server's rate limits use it too). */
  connection: Redis;
  poll: Queue<PollJobData>;
  sendEmail: Queue<SendJobData>;
  sendSms: Queue<SendJobData>;
  maintenance: Queue<MaintenanceJobData>;
  history: Queue<HistoryJobData>;
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
  const maintenance = new Queue<MaintenanceJobData>(QUEUE.maintenance, common);
  const history = new Queue<HistoryJobData>(QUEUE.history, common);
  const list = [poll, sendEmail, sendSms, maintenance, history] as Queue[];
  return {
    prefix: opts.prefix,
    connection: opts.connection,
    poll,
    sendEmail,
    sendSms,
    maintenance,
    history,
    all: () => list,
    close: async () => {
      await Promise.all(list.map((q) => q.close()));
    },
    ping: () => opts.connection.ping(),
  };
}
