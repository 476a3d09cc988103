import { useMutation } from '@tanstack/react-query';
import { formatUsd } from '@walkon/domain/money';
import { LIGHTNING_LANE_PRICE_CENTS } from '@walkon/domain/pricing';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { PassDatesPicker } from '../../components/checkout/PassDatesPicker.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { formatPassDate } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { redirectTo } from '../../lib/useStartCheckout.ts';
import { useTRPC } from '../../trpc.ts';
import { toastArgs } from './ConnectStep.tsx';
import { laneErrorToast } from './format.ts';
import type { LaneSubscription } from './types.ts';

/**
 * Step 2 (docs/spec/part-2.md §2, §9): Lightning Lane Assist days for the chosen park at $5/day, paid through the
 * same Stripe Checkout as alert passes (the browser goes to Stripe in this tab and returns to
 * /lightning-lane?session_id=…). Shows the days already bought. Needs an invitation from step 1.
 */
export function SubscribeStep({
  parkId,
  parkName,
  subscription,
  canSubscribe,
}: {
  parkId: string;
  parkName: string;
  subscription: LaneSubscription;
  canSubscribe: boolean;
}) {
  const trpc = useTRPC();
  const [dates, setDates] = useState<string[]>([]);
  const [leaving, setLeaving] = useState(false);
  const create = useMutation(
    trpc.lightningLane.createCheckout.mutationOptions({
      onSuccess: (r) => {
        if (!r.url) {
          toast.error('No checkout URL returned', { description: 'Please try again in a moment.' });
          return;
        }
        setLeaving(true);
        redirectTo.assign(r.url);
      },
      onError: (e) => toast.error(...toastArgs(laneErrorToast('subscribe', e))),
    }),
  );
  const total = LIGHTNING_LANE_PRICE_CENTS * dates.length;
  const busy = create.isPending || leaving;
  return (
    <Card aria-labelledby="ll-step2">
      <h2 id="ll-step2" className="mb-4 flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
        Step 2 · Subscribe for {parkName}
        {subscription.activeToday ? (
          <Badge tone="green">Active today</Badge>
        ) : subscription.subscribed ? (
          <Badge tone="blue">Scheduled</Badge>
        ) : null}
      </h2>
      <p className="text-slate-700">
        Lightning Lane Assist costs <strong>{formatUsd(LIGHTNING_LANE_PRICE_CENTS)} per day</strong> per park. Days are park days (
        {parkName} time).
      </p>
      {subscription.days.length ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-800">Your days</h3>
          <ul aria-label="Your Lightning Lane days" className="mt-1 flex flex-wrap gap-2">
            {subscription.days.map((d) => (
              <li key={d} className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1 text-sm">
                {formatPassDate(d)}
                {d === subscription.today ? <Badge tone="green">Today</Badge> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canSubscribe ? (
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (dates.length === 0) {
              toast.error('Subscription Error', { description: 'Please select at least one date.' });
              return;
            }
            create.mutate({ parkId, dates });
          }}
        >
          <PassDatesPicker
            id="ll-dates"
            label={subscription.days.length ? 'Add days' : 'Days'}
            value={dates}
            onChange={(d) => setDates(d.filter((x) => !subscription.days.includes(x)))}
            today={subscription.today}
            calendarLabel="Choose your Lightning Lane Assist days"
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p aria-live="polite" className="text-slate-800">
              {dates.length} day{dates.length === 1 ? '' : 's'} × {formatUsd(LIGHTNING_LANE_PRICE_CENTS)} ={' '}
              <strong>{formatUsd(total)}</strong>
            </p>
            <Button type="submit" disabled={busy || dates.length === 0} className="w-full sm:w-auto">
              <CreditCard className="h-4 w-4" aria-hidden="true" />
              {busy ? 'Redirecting to checkout…' : `Subscribe — ${formatUsd(total)}`}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Request the Disney account connection (step 1) before subscribing.
        </p>
      )}
    </Card>
  );
}
