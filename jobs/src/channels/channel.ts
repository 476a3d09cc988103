import type { Database, Executor, Kysely, LeasedRow, LeasedStore } from '@walkon/db';
import type { Sender } from '@walkon/integrations/providers/sender.ts';
import type { Job } from 'bullmq';
import type { z } from 'zod';
import type { JobsEnv } from '../env.ts';
import type { JobContext, WorkerDeps } from '../jobs/definition.ts';

/**
 * A delivery channel (docs/decisions/062, docs/DESIGN.md §2.5): everything the worker needs to
 * fan out, send and sweep one channel's deliveries — its queue, its leased store, how its claimed rows become
 * messages, its provider (a Sender of providers/sender.ts) and its batch size. The worker, the sweeper and the
 * fan-out iterate the registry below, so lease, mark, sweep and fan-out are written once (channels/send.ts,
 * channels/fanout.ts, channels/sweep.ts, channels/job.ts).
 */

/** One message of a batch: the ids of the store rows it carries, and the message or why it cannot be written. */
export type RenderedMessage<M> = { ids: string[]; message: M } | { ids: string[]; failed: string };

/** What rendering may use besides the claimed rows. */
export interface RenderDeps {
  /** The batch's executor (the outbox batch's transaction, or the pool). */
  db: Executor;
  /** e.g. http://localhost:3000 — the base of links. */
  publicOrigin: string;
}

/**
 * Other work a channel's queue carries besides delivery batches (the e-mail queue: confirmations and account
 * e-mails): the queue's whole payload schema (delivery batches included) and the handler of the other payloads.
 */
export interface OtherWork {
  schema: z.ZodType;
  handle(ctx: JobContext, data: unknown, job: Job, token?: string): Promise<unknown>;
}

/** One channel's definition. `Row` is its store's claimed row, `M` its sender's message. */
export interface Channel<Row extends LeasedRow = LeasedRow, M = unknown> {
  /** The channel's name: the `channel` of its deliveries, its metrics label (`walkon_deliveries_total{channel}`). */
  name: string;
  /** Its BullMQ send queue (`send-email`, `send-sms`, `send-push`…). */
  queue: string;
  /** Largest number of store rows one send job carries. */
  batchSize: number;
  /** Its table of deliveries (db/src/repositories/leasedStore.ts). */
  store: LeasedStore<Row>;
  /** Writes the messages of claimed rows (rows of one message share a `messageKey` and leave together). */
  render(deps: RenderDeps, claimed: Row[]): Promise<RenderedMessage<M>[]>;
  /**
   * The channel's provider for these worker deps; null = the channel is off (no worker for its queue). A channel
   * whose provider is built from its own settings reads it from `deps.senders[name]` (what `fromEnv` built).
   */
  sender(deps: ChannelSenderDeps): Sender<M> | null;
  /**
   * Builds the channel's provider from the worker's settings (jobs/src/env.ts); null = off (its settings unset).
   * The worker and the CLI call it once at start (`channelSenders`), so a channel with a provider of its own needs
   * no line in `WorkerDeps` or `main.ts`. Absent: the sender comes from elsewhere (e-mail and SMS: the notifier).
   */
  fromEnv?(env: JobsEnv): Sender<M> | null;
  /** Sends in flight per batch (the provider's concurrency). */
  concurrency(deps: ChannelSenderDeps): number;
  /**
   * What a job's last failed attempt does with the rows still `queued`: `fail` marks them failed (e-mail, SMS:
   * docs/rules.md R8); `keep` leaves them for the sweeper until the store's TTL ends them (push).
   */
  lastAttempt: 'fail' | 'keep';
  /** Other work its queue carries (channels/job.ts). */
  otherWork?: OtherWork;
  /** The log line when a provider pauses us (PausedNotifyError), e.g. which settings to check. */
  pausedMessage?: string;
}

/** The worker deps a channel reads its sender and concurrency from. */
export type ChannelSenderDeps = Partial<Pick<WorkerDeps, 'notifier' | 'senders' | 'providerConcurrency' | 'pushConcurrency'>>;

/** A channel with its types erased, as the registry holds it. */
export type AnyChannel = Channel<any, any>;

const registry = new Map<string, AnyChannel>();

/**
 * Adds a channel to the registry (the worker's send jobs, the sweeper and the fan-out iterate it). Registering a
 * name again replaces the definition. Returns the channel.
 */
export function registerChannel<Row extends LeasedRow, M>(channel: Channel<Row, M>): Channel<Row, M> {
  registry.set(channel.name, channel as AnyChannel);
  return channel;
}

/** Removes a channel from the registry (tests that registered one of their own). */
export function unregisterChannel(name: string): void {
  registry.delete(name);
}

/** Every registered channel, in registration order. */
export function channels(): AnyChannel[] {
  return [...registry.values()];
}

/**
 * The channel named `name`.
 * @throws Error when no channel of that name is registered.
 */
export function channelNamed(name: string): AnyChannel {
  const c = registry.get(name);
  if (!c) throw new Error(`no delivery channel named ${name}`);
  return c;
}

/**
 * The providers of every registered channel that builds its own (`fromEnv`), by channel name: what the worker
 * (`WorkerDeps.senders`) and the CLI's `tick --send` take. A channel whose settings are unset maps to null (off).
 */
export function channelSenders(env: JobsEnv): Record<string, Sender<unknown> | null> {
  const out: Record<string, Sender<unknown> | null> = {};
  for (const c of registry.values()) if (c.fromEnv) out[c.name] = c.fromEnv(env);
  return out;
}

/** The database handle the send pipeline writes with. */
export type SendDb = Kysely<Database>;
