import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { formatUsd } from '@walkon/domain/money';
import { LIGHTNING_LANE_PRICE_CENTS } from '@walkon/domain/pricing';
import { useCallback } from 'react';
import { pageHead } from '../../components/InfoPage.tsx';
import { FeatureGate } from '../../features/gates/FeatureGate.tsx';
import { LightningLanePage, type PaymentReturn } from '../../features/lightningLane/LightningLanePage.tsx';

/** /lightning-lane (docs/spec/part-2.md §2): signed-in, behind the `lightning_lane` feature gate (docs/decisions/016). */
function LightningLaneRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/lightning-lane' });
  const clearReturn = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return (
    <FeatureGate
      feature="lightning_lane"
      description={`Lightning Lane Assist watches live Lightning Lane return times for your park and books the ones you want, by your priorities — ${formatUsd(LIGHTNING_LANE_PRICE_CENTS)} per day.`}
    >
      <LightningLanePage search={search} clearReturn={clearReturn} />
    </FeatureGate>
  );
}

export const Route = createFileRoute('/_authed/lightning-lane')({
  head: pageHead('Lightning Lane Assist', 'Live Lightning Lane return times, booking preferences and auto-booking for your park.'),
  validateSearch: (s: Record<string, unknown>): PaymentReturn => ({
    ...(s.success === true || s.success === 'true' ? { success: true } : {}),
    ...(typeof s.session_id === 'string' ? { session_id: s.session_id } : {}),
    ...(s.canceled === true || s.canceled === 'true' ? { canceled: true } : {}),
  }),
  component: LightningLaneRoute,
});
