import { formatUsd } from '@walkon/domain/money';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { EMAIL_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import { Gift } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { PassDatesPicker } from '../../components/checkout/PassDatesPicker.tsx';
import { PriceBox } from '../../components/checkout/PriceBox.tsx';
import { PromoField } from '../../components/checkout/PromoField.tsx';
import { SmsPhoneInput } from '../../components/checkout/SmsPhoneInput.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { RadioCards, type RadioCardsLook } from '../../components/ui/radio-cards.tsx';
import type { CheckoutField } from '../../lib/checkoutError.ts';
import { type AppliedPromo, payLabel, priceSummary, promoAppliedText, promoDiscounts } from '../../lib/price.ts';
import { toast } from '../../lib/toast.ts';
import { useApiMutation, useApiQuery } from '../../lib/useApi.ts';
import { useHeldDays } from '../../lib/useHeldDays.ts';
import { useParkToday } from '../../lib/useParkToday.ts';
import { useStartCheckout } from '../../lib/useStartCheckout.ts';
import { ParkOptions } from './parks.tsx';
import { type SignupProblem, type SignupValues, signupFieldProblem, signupProblems } from './signup.ts';

const FreeAlertsDialog = lazy(() => import('./FreeAlertsDialog.tsx'));

type Channel = 'email' | 'sms';

/** The card's field for a field the server rejected. */
const FIELD_OF: Partial<Record<CheckoutField, SignupProblem['field']>> = { email: 'email', phone: 'phone', parkId: 'park', dates: 'dates' };

const CHANNELS: { value: Channel; label: string; price: string }[] = [
  { value: 'sms', label: 'SMS', price: `${formatUsd(SMS_PRICE_CENTS)}/day` },
  { value: 'email', label: 'E-mail', price: `${formatUsd(EMAIL_PRICE_CENTS)}/day` },
];

/** The compact alert method cards of the hero signup card. */
const CHANNEL_LOOK: RadioCardsLook = {
  group: 'grid grid-cols-2 gap-2',
  card: 'flex items-center gap-2.5 rounded-lg border border-slate-300 px-3 py-2',
};

/**
 * The hero signup card (docs/spec/part-1.md §2 Signup card, §5, §8): park (six popular parks pinned), alert method
 * (SMS $5/day by default, or e-mail $1/day), pass dates on a calendar (park-local; earlier days disabled),
 * phone for SMS, e-mail for the receipt, promo code with Apply, price box and the card payment button, which
 * sends the visitor to Stripe Checkout. "Want alerts for FREE?" opens the promo-code dialog (its own chunk).
 * Kept free of form and schema libraries: this is the landing page's JavaScript budget.
 */
export function SignupCard() {
  const parks = useApiQuery('site.parks', undefined, { staleTime: 10 * 60_000 });
  const [parkId, setParkId] = useState('');
  const [channel, setChannel] = useState<Channel>('sms');
  const [dates, setDates] = useState<string[]>([]);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [promoInput, setPromoInput] = useState('');
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  /** The fields marked invalid, with the message shown under each ('' = marked by the server, its toast says why). */
  const [errors, setErrors] = useState<Partial<Record<SignupProblem['field'], string>>>({});
  const [free, setFree] = useState<{ open: boolean; promo: AppliedPromo | null } | null>(null);
  const freeButton = useRef<HTMLButtonElement>(null);
  /** Editing a marked field checks it again: its message goes as soon as it is valid, or says what is still wrong. */
  const edited = (field: SignupProblem['field'], next: Partial<SignupValues>) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const problem = signupFieldProblem({ parkId, dates, channel, phone, email, ...next }, field);
      const { [field]: _gone, ...rest } = current;
      return problem ? { ...rest, [field]: problem.description } : rest;
    });
  const { startCheckout, redirecting } = useStartCheckout();
  // Dates the server refused because this e-mail already holds them (marked on their chips).
  const held = useHeldDays();

  const all = parks.data ?? [];
  const park = all.find((p) => p.id === parkId);
  // The server gives each park's today: no time-zone data is loaded in the browser before a park is chosen.
  const earliest = useMemo(() => all.map((p) => p.today).sort()[0], [all]);
  const today = useParkToday(park?.id, park?.timezone, earliest);
  // Dates before the chosen park's today cannot be bought (docs/spec/part-1.md §5).
  useEffect(() => {
    setDates((d) => (d.some((x) => x < today) ? d.filter((x) => x >= today) : d));
  }, [today]);
  const summary = priceSummary(channel, dates.length, promo);

  const checkPromo = useApiMutation('checkout.checkPromo', {
    onSuccess: (p) => {
      if (p.kind === 'free_days') {
        setFree({ open: true, promo: p });
        return;
      }
      setPromo(p);
      const only = p.channel === 'any' ? '' : ` on ${p.channel === 'sms' ? 'SMS' : 'e-mail'} alerts`;
      toast.success('Promo Code Applied!', { description: `${p.percentOff}% off your pass${only}.` });
    },
    onError: (e) =>
      toast.error('Invalid Code', {
        description: e.data?.code === 'TOO_MANY_REQUESTS' ? e.message : 'Please check your promo code and try again.',
      }),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // Every problem at once, each under its field; the first invalid field gets the focus.
    const problems = signupProblems({ parkId, dates, channel, phone, email });
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.description])));
    if (problems[0]) {
      document.getElementById(`hero-${problems[0].field}`)?.focus();
      return;
    }
    await startCheckout(
      {
        from: 'landing',
        email: email.trim().toLowerCase(),
        parkId,
        channel,
        dates,
        ...(channel === 'sms' ? { phone: phone.trim() } : {}),
        ...(promoDiscounts(promo, channel) ? { promoCode: promo.code } : {}),
      },
      (field, failure) => {
        const mark = FIELD_OF[field];
        if (!mark) return;
        // Held dates: the chips are marked and the server's sentence stands under the dates (no toast over Pay).
        if (field === 'dates') held.mark(failure);
        setErrors((current) => ({ ...current, [mark]: failure.values.length ? failure.description : (current[mark] ?? '') }));
        document.getElementById(`hero-${mark}`)?.focus();
      },
    );
  };

  return (
    <div>
      <form
        noValidate
        aria-labelledby="signup-title"
        onSubmit={onSubmit}
        className="space-y-4 rounded-2xl bg-white p-5 text-left text-slate-900 shadow-xl sm:p-6"
      >
        <div>
          <h2 id="signup-title" className="text-xl font-bold">
            Get walk-on alerts
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Pick your park and days. SMS {formatUsd(SMS_PRICE_CENTS)} per day · E-mail {formatUsd(EMAIL_PRICE_CENTS)} per day.
          </p>
        </div>
        <Field label="Park" htmlFor="hero-park" error={errors.park}>
          <Select
            id="hero-park"
            value={parkId}
            aria-invalid={'park' in errors || undefined}
            aria-describedby={errors.park ? 'hero-park-error' : undefined}
            onChange={(e) => {
              setParkId(e.target.value);
              edited('park', { parkId: e.target.value });
            }}
            disabled={parks.isPending}
          >
            <ParkOptions parks={all} loading={parks.isPending} />
          </Select>
        </Field>

        <RadioCards
          name="hero-channel"
          legend="Alert method"
          options={CHANNELS}
          value={channel}
          onChange={(c) => {
            setChannel(c);
            edited('phone', { channel: c });
          }}
          look={CHANNEL_LOOK}
        >
          {(c) => (
            <span className="flex flex-col leading-tight">
              <span className="font-semibold whitespace-nowrap">{c.label}</span>
              <span className="text-sm text-slate-600">{c.price}</span>
            </span>
          )}
        </RadioCards>

        <PassDatesPicker
          id="hero-dates"
          label="Dates"
          value={dates}
          onChange={(d) => {
            setDates(d);
            // The held-days sentence stays while a held day is chosen and goes with the last one; other problems
            // are checked again as before.
            const left = held.keep(d);
            if (left === 'held') return;
            if (left === 'cleared') setErrors(({ dates: _gone, ...rest }) => rest);
            else edited('dates', { dates: d });
          }}
          today={today}
          invalid={'dates' in errors}
          error={errors.dates}
          held={held.days}
        />

        {channel === 'sms' ? (
          <Field
            label="Phone number"
            htmlFor="hero-phone"
            hint="We text your alerts to this number. Reply STOP to any of our texts to stop them — we honour it."
            error={errors.phone}
          >
            <SmsPhoneInput
              id="hero-phone"
              value={phone}
              aria-invalid={'phone' in errors || undefined}
              aria-describedby={errors.phone ? 'hero-phone-error' : undefined}
              onChange={(e) => {
                setPhone(e.target.value);
                edited('phone', { phone: e.target.value });
              }}
            />
          </Field>
        ) : null}

        <Field label="Email for your receipt" htmlFor="hero-email" error={errors.email}>
          <Input
            id="hero-email"
            maxLength={MAX_LENGTH.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            aria-invalid={'email' in errors || undefined}
            aria-describedby={errors.email ? 'hero-email-error' : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              edited('email', { email: e.target.value });
            }}
          />
        </Field>

        <PromoField
          id="hero-promo"
          value={promoInput}
          onChange={(v) => {
            setPromoInput(v);
            if (promo && v !== promo.code) setPromo(null);
          }}
          onApply={(code) => checkPromo.mutate({ code })}
          checking={checkPromo.isPending}
          applied={promoAppliedText(promo, channel)}
        />

        <PriceBox summary={summary} />

        <Button type="submit" className="w-full" disabled={redirecting} aria-busy={redirecting}>
          {redirecting ? 'Redirecting to checkout…' : payLabel(summary.total)}
        </Button>

        <div className="text-center">
          <button
            ref={freeButton}
            type="button"
            className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-4"
            onClick={() => setFree({ open: true, promo: null })}
          >
            <Gift className="h-4 w-4" aria-hidden="true" /> Want alerts for FREE?
          </button>
        </div>
      </form>
      {free ? (
        <Suspense fallback={<span className="sr-only">Loading…</span>}>
          <FreeAlertsDialog
            open={free.open}
            onOpenChange={(open) => setFree((f) => (f ? { ...f, open } : f))}
            returnFocus={freeButton}
            parks={all}
            parksLoading={parks.isPending}
            parkId={parkId}
            email={email}
            firstDay={dates[0] ?? null}
            checkedPromo={free.promo}
            onPercentOff={(p) => {
              setPromo(p);
              setPromoInput(p.code);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
