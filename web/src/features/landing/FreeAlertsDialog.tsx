import { useNavigate } from '@tanstack/react-router';
import { EMAIL_PATTERN, MAX_LENGTH } from '@walkon/domain/patterns';
import { type FormEvent, type RefObject, useEffect, useState } from 'react';
import { PromoField } from '../../components/checkout/PromoField.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import type { AppliedPromo } from '../../lib/price.ts';
import { toast } from '../../lib/toast.ts';
import { useApiMutation } from '../../lib/useApi.ts';
import { useParkToday } from '../../lib/useParkToday.ts';
import { type ParkOption, ParkOptions } from './parks.tsx';

/**
 * "Want alerts for FREE?" (docs/spec/part-1.md §2 Signup card, §4 promo dialog, §8): enter a promo code → checked on
 * the server → a free-days code shows the free e-mail form (e-mail, park, first day: sent only when the visitor chose
 * one, else the server's park-local today, docs/decisions/044) → redeemed → the success
 * page of the card path (/subscription-success?redemption=…). A percent-off code is handed back to the signup card instead.
 * Errors are shown, not swallowed (docs/DESIGN.md §6). Loaded lazily by the signup card.
 */
export default function FreeAlertsDialog({
  open,
  onOpenChange,
  returnFocus,
  parks,
  parksLoading,
  parkId: cardParkId,
  email: cardEmail,
  firstDay,
  checkedPromo,
  onPercentOff,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
  parks: ParkOption[];
  parksLoading: boolean;
  /** The signup card's park, preselected. */
  parkId: string;
  /** The signup card's e-mail, prefilled. */
  email: string;
  /** The card's first chosen date, proposed as the first free day when not in the past. */
  firstDay: string | null;
  /** A free-days code the card already checked: the dialog starts at the e-mail form. */
  checkedPromo: AppliedPromo | null;
  onPercentOff: (promo: AppliedPromo) => void;
}) {
  const [code, setCode] = useState(checkedPromo?.code ?? '');
  const [promo, setPromo] = useState<AppliedPromo | null>(checkedPromo);
  const [email, setEmail] = useState(cardEmail);
  const [parkId, setParkId] = useState(cardParkId);
  const park = parks.find((p) => p.id === parkId);
  const today = useParkToday(park?.id, park?.timezone);
  const [day, setDay] = useState('');
  // A day the visitor chose (here or on the card's calendar). Without one the server grants from the park's today
  // (docs/decisions/044): `today` is only shown, and until the park's calendar
  // answers it may be the browser's guess (UTC for a park whose zone is not known yet: a day ahead every evening
  // in the Americas).
  const chosen = day && day >= today ? day : firstDay && firstDay >= today ? firstDay : undefined;
  const firstFree = chosen ?? today;

  // Each opening starts from the card's current values (and a code the card already checked).
  useEffect(() => {
    if (!open) return;
    setEmail(cardEmail);
    setParkId(cardParkId);
    setDay('');
    if (checkedPromo) {
      setPromo(checkedPromo);
      setCode(checkedPromo.code);
    }
  }, [open, cardEmail, cardParkId, checkedPromo]);

  const check = useApiMutation('checkout.checkPromo', {
    onSuccess: (p) => {
      if (p.kind === 'free_days') {
        setPromo(p);
        return;
      }
      onPercentOff(p);
      toast.success('Promo Code Applied!', { description: `${p.percentOff}% off your pass: it is now in the price on the card.` });
      onOpenChange(false);
    },
    onError: (e) =>
      toast.error('Invalid Code', {
        description: e.data?.code === 'TOO_MANY_REQUESTS' ? e.message : 'Please check your promo code and try again.',
      }),
  });

  const navigate = useNavigate();
  const redeem = useApiMutation('checkout.redeemPromo', {
    // The same end as the card path: the success page, with the invitation to create an account.
    onSuccess: (r) => {
      setPromo(null);
      setCode('');
      onOpenChange(false);
      void navigate({ to: '/subscription-success', search: { redemption: r.redemptionId } });
    },
    onError: (e) => {
      if (e.data?.code === 'BAD_REQUEST' && e.message === 'The promo code you entered is not valid.') {
        toast.error('Invalid Code', { description: 'Please check your promo code and try again.' });
        setPromo(null);
      } else toast.error('Subscription Error', { description: e.message });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!promo) return;
    if (!parkId) {
      toast.error('Park Required', { description: 'Please select a theme park.' });
      document.getElementById('free-park')?.focus();
      return;
    }
    const value = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(value)) {
      toast.error(value ? 'Invalid Email' : 'Email Required', { description: 'Please enter a valid email address' });
      document.getElementById('free-email')?.focus();
      return;
    }
    redeem.mutate({ email: value, parkId, code: promo.code, ...(chosen ? { date: chosen } : {}) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Want alerts for FREE?" returnFocus={returnFocus}>
      {!promo ? (
        <div className="space-y-4">
          <p className="text-slate-700">Have a promo code? Enter it to get free e-mail alerts for every ride in your park.</p>
          <PromoField
            id="free-promo"
            label="Promo code"
            value={code}
            onChange={setCode}
            onApply={(c) => check.mutate({ code: c })}
            checking={check.isPending}
          />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Free e-mail alerts">
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
            Code <strong>{promo.code}</strong> is valid: {promo.days} free day{promo.days === 1 ? '' : 's'} of e-mail alerts.
          </p>
          <Field label="Park" htmlFor="free-park">
            <Select id="free-park" value={parkId} disabled={parksLoading} onChange={(e) => setParkId(e.target.value)}>
              <ParkOptions parks={parks} loading={parksLoading} />
            </Select>
          </Field>
          <Field label="Email" htmlFor="free-email" hint="Alerts and the confirmation go to this address.">
            <Input
              id="free-email"
              maxLength={MAX_LENGTH.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label="First free day" htmlFor="free-day" hint="Park time. Today or later.">
            <Input id="free-day" type="date" min={today} value={firstFree} onChange={(e) => setDay(e.target.value)} />
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <button
              type="button"
              className="text-sm font-semibold text-brand-800 underline"
              onClick={() => {
                setPromo(null);
                setCode('');
              }}
            >
              Use a different code
            </button>
            <Button type="submit" disabled={redeem.isPending} aria-busy={redeem.isPending}>
              {redeem.isPending ? 'Activating…' : 'Get Free Alerts'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
