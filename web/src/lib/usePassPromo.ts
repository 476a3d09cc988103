import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../trpc.ts';
import { formatPassDateList } from './dates.ts';
import type { AppliedPromo } from './price.ts';
import { toast } from './toast.ts';
import { trpcErrorCode } from './trpcError.ts';

/**
 * The Get Alerts promo field (docs/spec/part-1.md §2, §8): `apply(code)` checks the code; a percent-off code goes to
 * `onPercentOff` (the pricing dialog's price), a free-days code is redeemed at once for the signed-in
 * account's e-mail and the page's park (first day `firstDay`, default the park-local today) and toasts
 * "Promo Code Applied!" for 6 s. Invalid codes toast "Invalid Promo Code / The promo code you entered is not
 * valid."; other failures show the server's message.
 */
export function usePassPromo(opts: {
  email: string | null;
  parkId: string | null;
  firstDay?: string | null;
  onPercentOff: (promo: AppliedPromo) => void;
  onRedeemed?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const check = useMutation(trpc.checkout.checkPromo.mutationOptions());
  const redeem = useMutation(trpc.checkout.redeemPromo.mutationOptions());
  const apply = async (code: string): Promise<void> => {
    let promo: AppliedPromo;
    try {
      promo = await check.mutateAsync({ code });
    } catch (err) {
      toast.error('Invalid Promo Code', {
        description:
          trpcErrorCode(err) === 'TOO_MANY_REQUESTS' && err instanceof Error ? err.message : 'The promo code you entered is not valid.',
      });
      return;
    }
    if (promo.kind === 'percent_off') {
      opts.onPercentOff(promo);
      const only = promo.channel === 'any' ? '' : ` on ${promo.channel === 'sms' ? 'SMS' : 'e-mail'} alerts`;
      toast.success('Promo Code Applied!', { description: `${promo.percentOff}% off your pass${only}.` });
      return;
    }
    if (!opts.email || !opts.parkId) {
      toast.error('Setup Required', { description: 'Please enter a valid email and select a park before subscribing.' });
      return;
    }
    try {
      const r = await redeem.mutateAsync({
        email: opts.email,
        parkId: opts.parkId,
        code: promo.code,
        ...(opts.firstDay ? { date: opts.firstDay } : {}),
      });
      toast.success('Promo Code Applied!', {
        description: `Free e-mail alerts for ${r.parkName} on ${formatPassDateList(r.days)}.`,
        duration: 6000,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.alerts.state.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.manageAlerts.list.queryKey() }),
      ]);
      opts.onRedeemed?.();
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Something went wrong. Please try again.';
      if (trpcErrorCode(err) === 'CONFLICT') toast.error('Promo Code Already Used', { description: message });
      else if (message === 'The promo code you entered is not valid.') toast.error('Invalid Promo Code', { description: message });
      else toast.error('Subscription Error', { description: message });
    }
  };
  return { apply, busy: check.isPending || redeem.isPending };
}
