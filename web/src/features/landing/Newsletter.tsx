import { EMAIL_PATTERN, MAX_LENGTH } from '@walkon/domain/patterns';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { fieldToastId, toast } from '../../lib/toast.ts';
import { useApiMutation } from '../../lib/useApi.ts';

const EMAIL_TOAST = fieldToastId('newsletter', 'email');

/**
 * Newsletter form (docs/spec/part-1.md §8): the same success toast ("Check your inbox to confirm": double opt-in,
 * docs/decisions/027, so never the spec's "Welcome" before the address is proven) for a new and an already subscribed address (the
 * server answers both alike, so the form never tells who is on the list), "Subscription Failed" otherwise; an invalid
 * address is caught before sending ("Invalid Email"; that toast goes once the address is valid). Kept free of form and schema
 * libraries so the landing page stays light; the server validates again.
 */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const subscribe = useApiMutation('site.subscribeNewsletter', {
    onSuccess: () => {
      // Not "Welcome" yet: nobody is on the list until the address opens its link (docs/decisions/027).
      toast.success('Check your inbox to confirm', {
        description: 'If this address is new to our list, we sent it a link: open it to start the newsletter.',
      });
      setEmail('');
    },
    onError: (e) => {
      if (e.data?.code === 'BAD_REQUEST') {
        setInvalid(true);
        toast.error('Invalid Email', { description: 'Please enter a valid email address.', id: EMAIL_TOAST });
      } else if (e.data?.code === 'TOO_MANY_REQUESTS') toast.error('Subscription Failed', { description: e.message });
      else toast.error('Subscription Failed', { description: 'Something went wrong. Please try again.' });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(value)) {
      setInvalid(true);
      toast.error('Invalid Email', { description: 'Please enter a valid email address.', id: EMAIL_TOAST });
      return;
    }
    setInvalid(false);
    subscribe.mutate({ email: value });
  };
  return (
    <section aria-labelledby="newsletter" className="bg-brand-800 py-14 text-white">
      <div className="mx-auto max-w-xl px-4 text-center">
        <h2 id="newsletter" className="text-2xl font-bold">
          Get park tips and new-park news
        </h2>
        <p className="mt-2 text-brand-50">A short e-mail now and then. Unsubscribe with one click.</p>
        <form noValidate className="mt-6 flex flex-col gap-3 sm:flex-row" onSubmit={onSubmit}>
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <Input
            id="newsletter-email"
            maxLength={MAX_LENGTH.email}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={invalid}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              // A fixed address takes its error toast (and mark) away at once.
              if (invalid && EMAIL_PATTERN.test(e.target.value.trim().toLowerCase())) {
                setInvalid(false);
                toast.dismiss(EMAIL_TOAST);
              }
            }}
          />
          <Button type="submit" variant="secondary" disabled={subscribe.isPending} className="shrink-0">
            {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
          </Button>
        </form>
      </div>
    </section>
  );
}
