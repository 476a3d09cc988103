import { formatUsd } from '@walkon/domain/money';
import { EMAIL_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import { useState } from 'react';
import { PromoField } from '../../components/checkout/PromoField.tsx';
import type { AppliedPromo } from '../../lib/price.ts';
import { usePassPromo } from '../../lib/usePassPromo.ts';

/** The id of the notice's promo field (the pricing dialog gives the focus back to it). */
export const ALERTS_PROMO_ID = 'alerts-promo';

/**
 * Get Alerts without a pass for the park from today on (docs/spec/part-1.md §2, §5): what a pass costs, and the promo
 * field — a free-days code is redeemed at once for the account's e-mail, a percent-off code goes to
 * `onPercentOff` (the pricing dialog). Buying is the header's "Buy a day pass".
 */
export function NoPassNotice({
  parkName,
  parkId,
  email,
  onPercentOff,
}: {
  parkName: string;
  parkId: string | null;
  email: string | null;
  onPercentOff: (promo: AppliedPromo) => void;
}) {
  const [promoCode, setPromoCode] = useState('');
  const promo = usePassPromo({ email, parkId, onPercentOff, onRedeemed: () => setPromoCode('') });
  return (
    <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">You have no pass for {parkName} from today on.</p>
      <p className="text-sm">
        Alerts go out on the days you hold a pass. Buy a day pass (E-mail {formatUsd(EMAIL_PRICE_CENTS)}, SMS {formatUsd(SMS_PRICE_CENTS)}{' '}
        per day), or use a promo code for free e-mail alerts.
      </p>
      <PromoField
        id={ALERTS_PROMO_ID}
        label="Have a promo code?"
        value={promoCode}
        onChange={setPromoCode}
        onApply={(c) => void promo.apply(c)}
        checking={promo.busy}
      />
    </div>
  );
}
