import { formatUsd } from '@walkon/domain/money';
import { EMAIL_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import { Mail, MessageSquare, ShoppingCart } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { RadioCards, type RadioCardsLook } from '../../components/ui/radio-cards.tsx';

/** An alert channel (spec part 1 §2: e-mail or SMS). */
export type AlertChannel = 'email' | 'sms';

const CHANNEL_KEY = 'alertChannel';

/** The channel last chosen on Get Alerts (localStorage), or null when none was chosen or storage is off. */
export function readStoredChannel(): AlertChannel | null {
  try {
    const v = localStorage.getItem(CHANNEL_KEY);
    return v === 'email' || v === 'sms' ? v : null;
  } catch {
    return null;
  }
}

/** Remembers the chosen channel for the next visit (a no-op when storage is off). */
export function writeStoredChannel(channel: AlertChannel): void {
  try {
    localStorage.setItem(CHANNEL_KEY, channel);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page view
  }
}

const CHANNELS = [
  { value: 'email' as const, label: 'Email', price: `${formatUsd(EMAIL_PRICE_CENTS)}/day · free with promo`, icon: Mail },
  { value: 'sms' as const, label: 'SMS', price: `${formatUsd(SMS_PRICE_CENTS)} per day`, icon: MessageSquare },
];

/** The Get Alerts header's inline channel pills. */
const CHANNEL_LOOK: RadioCardsLook = {
  group: 'flex flex-wrap gap-2',
  card: 'flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2',
};

/**
 * The Get Alerts header (spec part 1 §2 "Alert type"): Email / SMS as a radio group — choosing a channel only
 * chooses it (arrow keys move between them) — and an explicit "Buy a day pass" button that opens the pricing
 * dialog with the chosen channel.
 */
export function ChannelChoice({
  channel,
  onChange,
  onBuy,
}: {
  channel: AlertChannel;
  onChange: (channel: AlertChannel) => void;
  onBuy: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <RadioCards name="alert-channel" legend="Alert type" options={CHANNELS} value={channel} onChange={onChange} look={CHANNEL_LOOK}>
        {(c) => (
          <>
            <c.icon className="h-4 w-4" aria-hidden="true" />
            <span className="font-semibold">{c.label}</span>
            <span className="text-xs text-slate-600">{c.price}</span>
          </>
        )}
      </RadioCards>
      <Button onClick={onBuy}>
        <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Buy a day pass
      </Button>
    </div>
  );
}
