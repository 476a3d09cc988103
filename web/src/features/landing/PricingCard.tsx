import { Link } from '@tanstack/react-router';
import { formatUsd } from '@walkon/domain/money';
import { EMAIL_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import { DEFAULT_THRESHOLD_MINUTES, THRESHOLD_MAX_MINUTES, THRESHOLD_MIN_MINUTES } from '@walkon/domain/rules/alerts';
import { Check } from 'lucide-react';
import { cx } from '../../lib/cx.ts';

/** Pricing plan card fields (docs/spec/part-1.md §3). Price in whole dollars, shown "per day". */
export interface PricingPlan {
  title: string;
  price: string;
  description: string;
  features: string[];
  recommended?: boolean;
  ctaText?: string;
  ctaLink?: string;
}

/** The pricing card (docs/spec/part-1.md §1, §3): price per day, optional RECOMMENDED badge, features, CTA (default /get-alerts "Get Started"). */
export function PricingCard({
  title,
  price,
  description,
  features,
  recommended = false,
  ctaText = 'Get Started',
  ctaLink = '/get-alerts',
}: PricingPlan) {
  return (
    <article
      className={cx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        recommended ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
      )}
    >
      {recommended ? (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white">RECOMMENDED</span>
      ) : null}
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="mt-2">
        <span className="text-4xl font-extrabold">{price}</span> <span className="text-slate-600">per day</span>
      </p>
      <p className="mt-2 text-slate-600">{description}</p>
      <ul className="mt-4 flex-1 space-y-2">
        {features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <Link
        to={ctaLink as never}
        className="mt-6 rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-800"
      >
        {ctaText}
      </Link>
    </article>
  );
}

/** The two passes WalkOn sells (docs/spec/part-1.md §1, docs/DESIGN.md §6 pricing). */
export const PLANS: PricingPlan[] = [
  {
    title: 'E-mail Alerts',
    price: formatUsd(EMAIL_PRICE_CENTS),
    description: `From ${formatUsd(EMAIL_PRICE_CENTS)}/day · free for one day with a promo code.`,
    features: [
      'Every ride of one park',
      `Alerts when standby drops to ${DEFAULT_THRESHOLD_MINUTES} minutes, or your own ${THRESHOLD_MIN_MINUTES}–${THRESHOLD_MAX_MINUTES} per ride`,
      'Once per drop; hourly reminders and back-in-service alerts on request',
      'Several rides in one message, with a daily cap',
      'One-click unsubscribe',
    ],
  },
  {
    title: 'Daily SMS Alerts',
    price: formatUsd(SMS_PRICE_CENTS),
    description: 'Per selected date, for one park.',
    features: [
      'A text the moment a ride drops to your threshold',
      'At most one text per check, shortest waits first ("+N more" when they do not fit one text)',
      'Your last 10 alerts listed on Get Alerts',
      'Pick several dates at once',
      'Reply STOP at any time',
    ],
    recommended: true,
  },
];
