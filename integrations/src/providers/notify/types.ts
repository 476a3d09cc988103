import type { Sender } from '../sender.ts';

export {
  GoneNotifyError,
  PausedNotifyError,
  PermanentNotifyError,
  type SendContext,
  type Sender,
  ThrottledNotifyError,
} from '../sender.ts';

/** An e-mail to send. `headers` carries List-Unsubscribe / List-Unsubscribe-Post (RFC 8058). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  deliveryId?: string;
  /** Every delivery this message carries (grouped alerts, docs/DESIGN.md §2.5). */
  deliveryIds?: string[];
}

/** A text message to an E.164 number. */
export interface SmsMessage {
  to: string;
  text: string;
  deliveryId?: string;
  /** Every delivery this message carries (grouped alerts, docs/DESIGN.md §2.5). */
  deliveryIds?: string[];
}

/**
 * The e-mail and SMS transports (NOTIFY_TRANSPORT): one Sender per channel (providers/sender.ts, docs/decisions/062).
 * The outbox's senders write in the caller's transaction (`ctx.db`) and have `sendMany`, so the message and the
 * delivery's `sent` mark commit together; SES / SNS send one message per call.
 */
export interface Notifier {
  readonly kind: 'outbox' | 'aws';
  readonly email: Sender<EmailMessage>;
  readonly sms: Sender<SmsMessage>;
}
