import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { formatUsd } from '@walkon/domain/money';
import { SHORT_WAIT_RANGE } from '@walkon/domain/rules/alerts';
import type { AppRouter } from '@walkon/server';
import { BellRing, CheckCircle2, Mail, MessageSquare } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { pageHead } from '../components/InfoPage.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { formatPassDateList } from '../lib/dates.ts';
import { useTRPC } from '../trpc.ts';

/** Payment confirmation polling while Stripe reports the session unpaid (docs/spec/part-1.md §9 recheck 2 s). */
const RETRY_MS = 2000;
const GIVE_UP_MS = 30_000;

/** The server's checkout outcome (server/src/services/checkout/fulfilment.ts `CheckoutOutcome`), as tRPC returns it. */
type Outcome = inferRouterOutputs<AppRouter>['checkout']['confirm'];

function Fulfilled({ o }: { o: Outcome }) {
  return (
    <>
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold">{o.promo ? 'Free Alerts Activated' : 'Subscription Successful'}</h1>
        <p className="mt-3 text-lg text-slate-700">
          {o.promo ? 'Your promo code worked' : 'Your purchase succeeded'} and{' '}
          {o.ridesPending ? (
            <>
              your pass is active for <strong>{o.parkName}</strong> on <strong>{formatPassDateList(o.days)}</strong>.
            </>
          ) : (
            <>
              <strong>ALL ride alerts</strong> are active for <strong>{o.parkName}</strong> on <strong>{formatPassDateList(o.days)}</strong>
              .
            </>
          )}
        </p>
        <p className="mt-2 text-slate-600">To edit your ride preferences, create an account with the e-mail address you used at signup.</p>
      </div>
      <Card title="What happens next" className="mt-8">
        <ul className="space-y-4">
          <li className="flex gap-3">
            {o.channel === 'sms' ? (
              <MessageSquare className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
            ) : (
              <Mail className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
            )}
            <div>
              <h3 className="font-semibold">{o.channel === 'sms' ? 'SMS & Email Confirmation' : 'Email Confirmation'}</h3>
              <p className="text-slate-600">
                {o.channel === 'sms'
                  ? 'A confirmation e-mail with your receipt is on its way, and your alerts arrive by text. Reply STOP to any text to stop them.'
                  : 'A confirmation e-mail with your receipt is on its way; your alerts arrive by e-mail.'}
              </p>
            </div>
          </li>
          <li className="flex gap-3">
            <BellRing className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
            {o.ridesPending ? (
              <div role="status">
                <h3 className="font-semibold">Rides not selected yet</h3>
                <p className="text-slate-600">
                  {o.parkName}'s ride list could not be loaded right now, so no ride is watched yet. We keep trying and select every ride as
                  soon as the list loads; this page and Manage Alerts show it then.
                </p>
              </div>
            ) : (
              <div>
                <h3 className="font-semibold">All Rides Activated</h3>
                <p className="text-slate-600">
                  We watch every ride in the park and tell you the moment one is walk-on or short ({SHORT_WAIT_RANGE}).
                </p>
              </div>
            )}
          </li>
        </ul>
      </Card>
      <Card title={o.promo ? 'Promo Details' : 'Payment Details'} className="mt-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-700">{o.promo ? 'Promo code' : 'Transaction ID'}</dt>
          <dd className="break-all font-mono">{o.transactionId}</dd>
          <dt className="font-semibold text-slate-700">Amount</dt>
          <dd>{o.promo ? 'Free' : formatUsd(o.amountCents)}</dd>
        </dl>
      </Card>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/manage-alerts" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Continue to Manage Alerts
        </Link>
        {/* The sign-up link brings the new account back to Manage Alerts, where the pass shows (docs/decisions/046). */}
        <Link
          to="/auth"
          search={{ redirect: '/manage-alerts', tab: 'signup' }}
          className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-100"
        >
          Create an account
        </Link>
      </div>
    </>
  );
}

/**
 * Subscription Successful (docs/spec/part-1.md §2): the landing card's Stripe return page. Confirms the session on load
 * (checkout.confirm, idempotent: works even before Stripe's webhook arrives), retries every 2 s for up to
 * 30 s while the payment is still pending, then shows the park, days, next steps and the transaction id.
 */
function PromoSuccess({ redemptionId }: { redemptionId: string }) {
  const trpc = useTRPC();
  const outcome = useQuery(trpc.checkout.promoOutcome.queryOptions({ redemptionId }, { retry: false }));
  let body: ReactNode;
  if (outcome.isError) {
    body = (
      <div role="alert" className="text-center">
        <h1 className="text-3xl font-bold">We could not find this promo pass</h1>
        <p className="mt-3 text-slate-700">{outcome.error.message}</p>
        <Link to="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Return to Home
        </Link>
      </div>
    );
  } else if (outcome.data) body = <Fulfilled o={outcome.data} />;
  else
    body = (
      <div className="text-center">
        <h1 className="text-3xl font-bold">Loading your pass</h1>
        <Spinner label="Loading your pass…" />
      </div>
    );
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      {body}
    </main>
  );
}

/**
 * The success page: a card payment (`session_id`, confirmed below) or a free promo pass (`redemption`) end on the same page, with the same next steps.
 */
function SuccessPage() {
  const { redemption } = Route.useSearch();
  return redemption ? <PromoSuccess redemptionId={redemption} /> : <SubscriptionSuccess />;
}

function SubscriptionSuccess() {
  const trpc = useTRPC();
  const { session_id: sessionId } = Route.useSearch();
  const confirm = useMutation(trpc.checkout.confirm.mutationOptions());
  const [gaveUp, setGaveUp] = useState(false);
  const started = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { mutate } = confirm;

  const run = useCallback(
    (id: string) => {
      mutate(
        { sessionId: id },
        {
          onSuccess: (o) => {
            if (o.status !== 'pending') return;
            if (Date.now() - (started.current ?? Date.now()) >= GIVE_UP_MS) setGaveUp(true);
            else timer.current = setTimeout(() => run(id), RETRY_MS);
          },
        },
      );
    },
    [mutate],
  );

  useEffect(() => {
    if (!sessionId) return;
    started.current = Date.now();
    setGaveUp(false);
    run(sessionId);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [sessionId, run]);

  const retry = () => {
    if (!sessionId) return;
    started.current = Date.now();
    setGaveUp(false);
    run(sessionId);
  };

  let body: ReactNode;
  if (!sessionId) {
    body = (
      <div role="alert" className="text-center">
        <h1 className="text-3xl font-bold">No payment to show</h1>
        <p className="mt-3 text-slate-700">This page needs the payment reference Stripe sends you back with.</p>
        <Link to="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Return to Home
        </Link>
      </div>
    );
  } else if (confirm.isError) {
    body = (
      <div role="alert" className="text-center">
        <h1 className="text-3xl font-bold">We could not confirm your payment</h1>
        <p className="mt-3 text-slate-700">{confirm.error.message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={retry}>Try again</Button>
          <Link to="/" className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold hover:bg-slate-100">
            Return to Home
          </Link>
        </div>
      </div>
    );
  } else if (confirm.data?.status === 'fulfilled') {
    body = <Fulfilled o={confirm.data} />;
  } else if (confirm.data?.status === 'expired') {
    body = (
      <div role="alert" className="text-center">
        <h1 className="text-3xl font-bold">This checkout expired</h1>
        <p className="mt-3 text-slate-700">The payment was not completed and you have not been charged.</p>
        <Link to="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Return to Home
        </Link>
      </div>
    );
  } else if (gaveUp) {
    body = (
      <div role="status" className="text-center">
        <h1 className="text-3xl font-bold">Your payment is still processing</h1>
        <p className="mt-3 text-slate-700">
          This can take a few minutes. We e-mail you as soon as your alerts are active; you can also check again.
        </p>
        <Button className="mt-6" onClick={retry}>
          Check again
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="text-center">
        <h1 className="text-3xl font-bold">Confirming your payment</h1>
        <Spinner label={confirm.data?.status === 'pending' ? 'We are confirming your payment…' : 'Loading your subscription…'} />
      </div>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      {body}
    </main>
  );
}

export const Route = createFileRoute('/subscription-success')({
  head: pageHead('Subscription Successful', 'Your WalkOn alert pass is confirmed.'),
  validateSearch: (s: Record<string, unknown>): { session_id?: string; redemption?: string } => ({
    ...(typeof s.session_id === 'string' && s.session_id ? { session_id: s.session_id } : {}),
    ...(typeof s.redemption === 'string' && s.redemption ? { redemption: s.redemption } : {}),
  }),
  component: SuccessPage,
});
