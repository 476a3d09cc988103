import type { Executor } from '@walkon/db';

/**
 * The one contract every delivery channel's provider implements (docs/decisions/062):
 * SES and SNS (notify/aws.ts), the outbox (notify/outbox.ts) and Web Push (push.ts) are `Sender`s of their own
 * message type. The worker's channel code (jobs/src/channels/) only knows this contract and the error classes
 * below, so a new channel is a new provider file implementing it.
 */

/** Where a send runs: `db` is the caller's executor (the outbox writes its row inside the caller's transaction). */
export interface SendContext {
  db: Executor;
}

/** Sends one channel's messages (`M`: an e-mail, a text, a push). */
export interface Sender<M> {
  /** What the transport is (`outbox`, `aws`, `web-push`…), for logs. */
  readonly kind: string;
  /**
   * Sends one message. Returns the provider's message id.
   * @throws PermanentNotifyError (a resend cannot help: the delivery fails at once; GoneNotifyError: the address
   *   no longer exists), ThrottledNotifyError (the provider's rate limit: never an attempt; `retryAfterMs` = wait
   *   that long and resend), PausedNotifyError (the provider refuses us for a while: back to queued, no attempt);
   *   any other error is transient (the attempt counts and the job retries).
   */
  send(message: M, ctx: SendContext): Promise<{ messageId: string }>;
  /**
   * Optional: writes a whole batch at once in `ctx.db` (the outbox: one insert), so the messages and their `sent`
   * marks commit together — exactly once. Returns the message ids in order.
   */
  sendMany?(messages: M[], ctx: SendContext): Promise<{ messageId: string }[]>;
}

/**
 * The provider's rate limit answered (SES `Throttling` / `TooManyRequestsException`, SNS `Throttled(Exception)`,
 * HTTP 429): the message did not leave and must be sent later, and this never counts as a failed attempt.
 * `retryAfterMs`, when the provider said how long to wait (a push service's Retry-After): wait and resend.
 */
export class ThrottledNotifyError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ThrottledNotifyError';
  }
}

/** A failure a retry cannot fix (invalid address, opted-out number, rejected message). */
export class PermanentNotifyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentNotifyError';
  }
}

/** The address no longer exists (a push subscription answered 404/410): the delivery is `gone`, its address deleted. */
export class GoneNotifyError extends PermanentNotifyError {
  constructor(message: string) {
    super(message);
    this.name = 'GoneNotifyError';
  }
}

/**
 * The provider refuses us for a while (a push service answering 403 to our VAPID key, docs/decisions/047): the message
 * goes back to `queued` without an attempt and the address is kept. `service` names who refused; `first` is true
 * for the answer that started the pause (log it once); `answered` is false when no request was made (already paused).
 */
export class PausedNotifyError extends Error {
  constructor(
    readonly service: string,
    readonly first: boolean,
    readonly answered: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'PausedNotifyError';
  }
}
