import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { SHORT_WAIT_RANGE } from '@walkon/domain/rules/alerts';
import { useEffect } from 'react';
import { AlertsCounter } from '../features/landing/AlertsCounter.tsx';
import { counterFigures } from '../features/landing/counter.ts';
import { Newsletter } from '../features/landing/Newsletter.tsx';
import { PLANS, PricingCard } from '../features/landing/PricingCard.tsx';
import { SignupCard } from '../features/landing/SignupCard.tsx';
import { STEPS } from '../features/landing/steps.ts';
import { Testimonials } from '../features/landing/Testimonials.tsx';
import { toast } from '../lib/toast.ts';
import { useApiQuery } from '../lib/useApi.ts';

function Landing() {
  const stats = useApiQuery('site.stats', undefined, { staleTime: 60_000 });
  const { canceled } = Route.useSearch();
  const navigate = useNavigate();
  // Back from Stripe Checkout without paying (docs/spec/part-1.md §2 payment return): say so, then drop the query.
  useEffect(() => {
    if (!canceled) return;
    toast.info('Payment canceled', { description: 'You have not been charged. Your alerts are one click away when you are ready.' });
    void navigate({ to: '/', search: {}, replace: true });
  }, [canceled, navigate]);
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-800 to-brand-700 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-2">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Know the moment your ride is a walk-on</h1>
            <p className="mt-5 text-lg text-brand-50">
              WalkOn watches live standby waits and e-mails or texts you when a ride you care about drops to {SHORT_WAIT_RANGE}.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link
                to="/live-wait-times"
                className="rounded-lg border border-white/80 px-5 py-2.5 font-semibold text-white hover:bg-white/10"
              >
                See live wait times
              </Link>
              <Link
                to={'/how-it-works' as never}
                className="rounded-lg px-5 py-2.5 font-semibold text-white underline underline-offset-4 hover:bg-white/10"
              >
                How it works
              </Link>
            </div>
            <div className="mt-8 min-h-16">
              <AlertsCounter figures={counterFigures(stats.data)} />
            </div>
          </div>
          <SignupCard />
        </div>
      </section>

      <section aria-labelledby="how" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how" className="text-center text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <s.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-bold">
                {i + 1}. {s.title}
              </h3>
              <p className="mt-1 text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="pricing" className="bg-white py-16">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="pricing" className="text-center text-3xl font-bold">
            Simple day passes
          </h2>
          <div className="mt-10 grid gap-8 md:grid-cols-2">
            {PLANS.map((p) => (
              <PricingCard key={p.title} {...p} />
            ))}
          </div>
        </div>
      </section>

      <Testimonials />

      <section className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">Spend your day on rides, not in lines</h2>
        <p className="mt-3 text-slate-600">
          Set up alerts in two minutes. Independent of the parks' operators; public wait-time data only.
        </p>
        <Link to="/get-alerts" className="mt-6 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Get Started
        </Link>
      </section>

      <Newsletter />
    </main>
  );
}

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: 'WalkOn — walk-on ride alerts for theme parks' },
      {
        name: 'description',
        content: 'WalkOn e-mails or texts you the moment a ride you care about is walk-on or short. Live wait times for theme parks.',
      },
    ],
  }),
  validateSearch: (s: Record<string, unknown>): { canceled?: boolean } =>
    s.canceled === true || s.canceled === 'true' ? { canceled: true } : {},
  component: Landing,
});
