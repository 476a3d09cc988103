import { registerChannel } from './channel.ts';
import { emailChannel } from './email.ts';
import { pushChannel } from './push.ts';
import { smsChannel } from './sms.ts';

/**
 * The delivery channels (docs/decisions/062): e-mail, SMS and Web Push registered in this
 * order. Adding a channel: its `channels/<name>.ts` (queue, store, renderer, sender, batch size) registered here,
 * its provider (a Sender), its kind renderers' method (@walkon/domain/messages/deliveries) and its name.
 */
registerChannel(emailChannel);
registerChannel(smsChannel);
registerChannel(pushChannel);

export {
  type AnyChannel,
  type Channel,
  channelNamed,
  channelSenders,
  channels,
  type RenderedMessage,
  registerChannel,
  unregisterChannel,
} from './channel.ts';
export { enqueueChannel, enqueueDeliveries, enqueuePushDeliveries, packBatches } from './fanout.ts';
export { channelJob, runChannelBatch, THROTTLED_RESUME_MS } from './job.ts';
export { type ChannelBatchOutcome, type ChannelSendDeps, type RowOutcome, sendChannelBatch, WORKER_ID } from './send.ts';
export { SWEEP_AFTER_MS, sweepChannels, sweepQueuedDeliveries } from './sweep.ts';
export { emailChannel, pushChannel, smsChannel };
