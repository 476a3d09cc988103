import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatPassDateList } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import type { GetAlertsSearch } from './getAlertsSearch.ts';
import { type PickedPark, readStoredPark } from './storedPark.ts';

/**
 * The return from Stripe Checkout to Get Alerts (docs/spec/part-1.md §2, §4). `?canceled=true` → "Payment canceled"
 * and a clean query; `?success=true&session_id=…` → confirm the checkout session once (checkout.confirm, so
 * the pass shows even when Stripe's webhook is late), toast the outcome (fulfilled / pending / expired), show
 * the paid park through `onPaidPark` when it is not the one on screen, re-read the alert state at once and
 * after 2 s, then clear the query. `clearSearch` and `onPaidPark` must be stable callbacks.
 */
export function usePaymentReturn({
  search,
  clearSearch,
  onPaidPark,
}: {
  search: GetAlertsSearch;
  clearSearch: () => void;
  onPaidPark: (park: PickedPark) => void;
}): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate: confirmMutate } = useMutation(trpc.checkout.confirm.mutationOptions());
  const handledSession = useRef<string | null>(null);
  const recheck = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (recheck.current && clearTimeout(recheck.current)), []);
  useEffect(() => {
    if (search.canceled) {
      // Back from Stripe Checkout without paying (cancel_url …/get-alerts?canceled=true): say so, then drop the flag.
      toast.info('Payment canceled', { description: 'You have not been charged. Buy a day pass whenever you are ready.' });
      clearSearch();
      return;
    }
    const sessionId = search.success ? search.session_id : undefined;
    if (!sessionId || handledSession.current === sessionId) return;
    handledSession.current = sessionId;
    confirmMutate(
      { sessionId },
      {
        onSuccess: async (o) => {
          if (o.status === 'fulfilled') {
            toast.success('Payment successful', {
              description: `Your ${o.channel === 'sms' ? 'SMS' : 'e-mail'} pass for ${o.parkName} on ${formatPassDateList(o.days)} is ready.`,
            });
          } else if (o.status === 'pending') {
            toast.info('Payment received', { description: 'We are confirming your payment…' });
          } else {
            toast.error('Payment Error', { description: 'This checkout expired without a payment. You have not been charged.' });
          }
          void queryClient.invalidateQueries({ queryKey: trpc.alerts.state.queryKey() });
          const all = await queryClient.fetchQuery(trpc.site.parks.queryOptions(undefined, { staleTime: 10 * 60_000 })).catch(() => []);
          const paid = all.find((p) => p.id === o.parkId);
          if (paid && paid.id !== readStoredPark().parkId) onPaidPark({ destinationId: paid.destinationId, parkId: paid.id });
        },
        onError: (e) => toast.error('Payment Error', { description: e.message }),
        onSettled: clearSearch,
      },
    );
    recheck.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: trpc.alerts.state.queryKey() }), 2000);
  }, [search.canceled, search.success, search.session_id, clearSearch, queryClient, trpc, confirmMutate, onPaidPark]);
}
