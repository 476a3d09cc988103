import { useEffect, useState } from 'react';
import { type CheckoutFailure, type CheckoutField, checkoutFailure } from './checkoutError.ts';
import { toast } from './toast.ts';
import { useApiMutation } from './useApi.ts';

/** What checkout.create takes (checkoutCreateInput, @walkon/domain/schemas). */
export interface CheckoutRequest {
  from: 'landing' | 'get-alerts';
  email: string;
  parkId: string;
  channel: 'email' | 'sms';
  phone?: string;
  /** Park-local 'yyyy-MM-dd' pass dates, 1–30. */
  dates: string[];
  promoCode?: string;
}

/** Leaves the page for Stripe Checkout (a seam for tests). */
export const redirectTo = { assign: (url: string) => window.location.assign(url) };

/**
 * `startCheckout(request)`: creates a Stripe Checkout Session (checkout.create) and sends the browser to it.
 * Failures toast per docs/spec/part-1.md §8: a rejected field says what is wrong with it ("Invalid Email" and the
 * server's sentence; `onInvalid` gets the field to mark and the failure — with the refused values, such as held
 * dates, the page marks them and says the sentence under the field instead of a toast), anything else "Payment Error" with the server's
 * message (else "Failed to start checkout process"); a reply without a URL → "No checkout URL received". `redirecting` stays true from the
 * call until the browser leaves, for the "Redirecting to checkout…" progress text. Sent through the light client
 * (lib/useApi.ts): the landing page's signup card uses it.
 */
export function useStartCheckout() {
  const create = useApiMutation('checkout.create');
  const [leaving, setLeaving] = useState(false);
  // Back from Stripe through the browser's back/forward cache: the page is live again, not leaving.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const startCheckout = async (
    request: CheckoutRequest,
    onInvalid?: (field: CheckoutField, failure: CheckoutFailure) => void,
  ): Promise<boolean> => {
    try {
      const { url } = await create.mutateAsync(request);
      if (!url) {
        toast.error('Payment Error', { description: 'No checkout URL received' });
        return false;
      }
      setLeaving(true);
      redirectTo.assign(url);
      return true;
    } catch (err) {
      const failure = checkoutFailure(err);
      // Values the page marks where they were entered (held dates on their chips) are said there, not in a
      // toast over the Pay button.
      if (!(failure.values.length && onInvalid)) toast.error(failure.title, { description: failure.description });
      if (failure.field) onInvalid?.(failure.field, failure);
      return false;
    }
  };
  return { startCheckout, redirecting: create.isPending || leaving };
}
