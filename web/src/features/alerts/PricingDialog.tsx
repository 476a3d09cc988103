import { formatUsd } from '@walkon/domain/money';
import { isAlertsPhone } from '@walkon/domain/patterns';
import { EMAIL_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import { Mail, MessageSquare } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { PassDatesPicker } from '../../components/checkout/PassDatesPicker.tsx';
import { PriceBox } from '../../components/checkout/PriceBox.tsx';
import { PromoField } from '../../components/checkout/PromoField.tsx';
import { SmsPhoneInput } from '../../components/checkout/SmsPhoneInput.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { RadioCards, type RadioCardsLook } from '../../components/ui/radio-cards.tsx';
import { type AppliedPromo, priceSummary, promoAppliedText, promoDiscounts } from '../../lib/price.ts';
import { toast } from '../../lib/toast.ts';
import { useHeldDays } from '../../lib/useHeldDays.ts';
import { usePassPromo } from '../../lib/usePassPromo.ts';
import { useStartCheckout } from '../../lib/useStartCheckout.ts';

type Channel = 'email' | 'sms';

const METHODS = [
  { value: 'email' as const, label: 'Email', price: `${formatUsd(EMAIL_PRICE_CENTS)} per day`, icon: Mail, recommended: false },
  { value: 'sms' as const, label: 'SMS', price: `${formatUsd(SMS_PRICE_CENTS)} per day`, icon: MessageSquare, recommended: true },
];

/** The pricing dialog's large alert method cards (icon, RECOMMENDED badge). */
const METHOD_LOOK: RadioCardsLook = {
  legend: 'mb-2 text-sm font-semibold text-slate-800',
  group: 'grid gap-3 sm:grid-cols-2',
  card: 'relative flex items-start gap-3 rounded-xl border-2 border-slate-200 p-4',
  input: 'mt-1',
};

/**
 * The Get Alerts pricing dialog "Choose Your Alert Method" (docs/spec/part-1.md §2): Email ($1 per day) or SMS ($5 per
 * day, RECOMMENDED), a phone number for SMS (the Get Alerts rule: ≥ 10 digits), the pass dates (park-local;
 * days before the park's today disabled — deliberately not "before yesterday"), the price box and an optional
 * promo code. Confirm is disabled for SMS without a valid phone and starts Stripe Checkout for the signed-in
 * account. A free-days promo code is redeemed at once for the account's e-mail.
 */
export function PricingDialog({
  open,
  onOpenChange,
  initialChannel,
  initialPromo = null,
  parkId,
  parkName,
  today,
  email,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The channel picked with the page's Email / SMS buttons. */
  initialChannel: Channel;
  /** A percent-off code already applied on the page. */
  initialPromo?: AppliedPromo | null;
  parkId: string;
  parkName: string;
  /** The park-local date today ('yyyy-MM-dd', from alerts.state). */
  today: string;
  email: string;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const [channel, setChannel] = useState<Channel>(initialChannel);
  const [phone, setPhone] = useState('');
  const [dates, setDates] = useState<string[]>([]);
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<AppliedPromo | null>(initialPromo);
  const { startCheckout, redirecting } = useStartCheckout();
  const promoField = usePassPromo({
    email,
    parkId,
    firstDay: dates[0] ?? null,
    onPercentOff: setPromo,
    onRedeemed: () => onOpenChange(false),
  });

  useEffect(() => {
    if (!open) return;
    setChannel(initialChannel);
    if (initialPromo) {
      setPromo(initialPromo);
      setCode(initialPromo.code);
    }
  }, [open, initialChannel, initialPromo]);

  useEffect(() => {
    setDates((d) => d.filter((x) => x >= today));
  }, [today]);

  // Dates the server refused because the address already holds them, and its sentence (shown under the dates).
  const held = useHeldDays();
  const summary = priceSummary(channel, dates.length, promo);
  const phoneOk = isAlertsPhone(phone);
  const confirmDisabled = redirecting || (channel === 'sms' && !phoneOk);

  const confirm = () => {
    if (dates.length === 0) {
      toast.error('Date Required', { description: 'Please select at least one date.' });
      document.getElementById('pricing-dates')?.focus();
      return;
    }
    void startCheckout(
      {
        from: 'get-alerts',
        email,
        parkId,
        channel,
        dates,
        ...(channel === 'sms' ? { phone: phone.trim() } : {}),
        ...(promoDiscounts(promo, channel) ? { promoCode: promo.code } : {}),
      },
      (field, failure) => {
        // Held dates: marked on their chips with the server's sentence under the dates (no toast over Pay).
        if (field !== 'dates' || !held.mark(failure)) return;
        document.getElementById('pricing-dates')?.focus();
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Choose Your Alert Method" returnFocus={returnFocus}>
      <div className="space-y-5">
        <p className="text-slate-700">
          A day pass for <strong>{parkName}</strong>. Each pass is active for 24 hours of the date you choose, in the park's time zone.
        </p>
        <RadioCards name="pricing-channel" legend="Alert method" options={METHODS} value={channel} onChange={setChannel} look={METHOD_LOOK}>
          {(m) => (
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-bold">
                <m.icon className="h-4 w-4" aria-hidden="true" />
                {m.label}
                {m.recommended ? <Badge tone="brand">RECOMMENDED</Badge> : null}
              </span>
              <span className="block text-slate-700">{m.price}</span>
            </span>
          )}
        </RadioCards>

        {channel === 'sms' ? (
          <Field
            label="Phone number"
            htmlFor="pricing-phone"
            error={phone.trim() && !phoneOk ? 'Please enter a valid phone number for SMS alerts.' : undefined}
            hint="Reply STOP to any of our texts to stop them; we honour it."
          >
            <SmsPhoneInput
              id="pricing-phone"
              value={phone}
              aria-invalid={(Boolean(phone.trim()) && !phoneOk) || undefined}
              onChange={(e) => setPhone(e.target.value)}
            />
          </Field>
        ) : null}

        <PassDatesPicker
          id="pricing-dates"
          label="Pass dates"
          value={dates}
          onChange={(d) => {
            setDates(d);
            held.keep(d);
          }}
          today={today}
          held={held.days}
          error={held.message}
        />

        <PriceBox summary={summary} />

        <PromoField
          id="pricing-promo"
          value={code}
          onChange={(v) => {
            setCode(v);
            if (promo && v !== promo.code) setPromo(null);
          }}
          onApply={(c) => void promoField.apply(c)}
          checking={promoField.busy}
          applied={promoAppliedText(promo, channel)}
        />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={confirmDisabled} aria-busy={redirecting} onClick={confirm}>
            {redirecting ? 'Redirecting to checkout…' : summary.total > 0 ? `Confirm and pay ${formatUsd(summary.total)}` : 'Confirm'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
