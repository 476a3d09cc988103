import { createFileRoute } from '@tanstack/react-router';
import { formatUsd } from '@walkon/domain/money';
import { EMAIL_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';
import { PLANS, PricingCard } from '../features/landing/PricingCard.tsx';

export const Route = createFileRoute('/pricing')({
  head: pageHead(
    'Pricing',
    `WalkOn day passes: e-mail alerts from ${formatUsd(EMAIL_PRICE_CENTS)} per day (free with a promo code), SMS alerts ${formatUsd(SMS_PRICE_CENTS)} per day.`,
  ),
  component: () => (
    <InfoPage
      title="Pricing"
      lead="Day passes for the days you are in the park. No subscription to forget."
      cards={
        <div className="grid gap-8 md:grid-cols-2">
          {PLANS.map((p) => (
            <PricingCard key={p.title} {...p} />
          ))}
        </div>
      }
    >
      <p>Prices are per park and per park day. Generally no refund is given once the service day has begun.</p>
    </InfoPage>
  ),
});
