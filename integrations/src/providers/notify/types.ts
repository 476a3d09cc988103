import type { Executor } from '@walkon/db';

/** An e-mail to send. `headers` carries List-Unsubscribe / List-Unsubscribe-Post (RFC 8058). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  deliveryId?: string;
  /** Every delivery this message carries (grouped alerts, DESIGN §2.5). */
  deliveryIds?: string[];
}

/** A text message to an E.164 number. */
export interface SmsMessage {
  to: string;
  text: string;
  deliveryId?: string;
  /** Every delivery this message carries (grouped alerts, DESIGN §2.5). */
  deliveryIds?: string[];
}

/** One message of a batch. */
export type BatchMessage = { channel: 'email'; message: EmailMessage } | { channel: 'sms'; message: SmsMessage };

/**
 * Sends e-mail and SMS. `db` is the sender's transaction, used by the outbox transport so the message and
 * the delivery's `sent` mark commit together. Returns the provider message id.
 * Throws PermanentNotifyError for failures a retry cannot fix; any other error is retried.
 */
export interface Notifier {
  readonly kind: 'outbox' | 'aws';
  sendEmail(m: EmailMessage, ctx: { db: Executor }): Promise<{ messageId: string }>;
  sendSms(m: SmsMessage, ctx: { db: Executor }): Promise<{ messageId: string }>;
  /**
   * Optional: writes a whole batch at once (the outbox transport: one insert). Returns the message ids in order.
   * Transports without it are called once per message, concurrently within a bound.
   */
  sendMany?(messages: BatchMessage[], ctx: { db: Executor }): Promise<{ messageId: string }[]>;
}

/**
 * The provider's rate limit answered (SES `Throttling` / `TooManyRequestsException`, SNS `Throttled(Exception)`,
 * HTTP 429): the message did not leave and must be sent later, and this never counts as a failed attempt.
 */
export class ThrottledNotifyError extends Error {
  constructor(message: string) {
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
