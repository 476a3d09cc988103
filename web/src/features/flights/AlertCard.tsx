import { useMutation } from '@tanstack/react-query';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { BellRing } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import {
  type AlertValues,
  alertResolver,
  EMPTY_ALERT,
  FLIGHT_ALERT_REQUIRED,
  type FlightAlertInput,
  failureMessage,
  firstProblem,
  hasMissing,
  tripErrors,
} from './form.ts';
import type { SearchForm } from './SearchCard.tsx';

/**
 * The price alert card (docs/spec/part-2.md §2, §3): e-mail and a maximum price in whole US dollars, for the trip of
 * the search card (home airport, destination, airport, dates). Missing fields raise 'Missing Information'
 * and mark the inputs, including the search card's; success clears the alert fields.
 */
export function AlertCard({ searchForm, className }: { searchForm: SearchForm; className?: string }) {
  const trpc = useTRPC();
  const form = useForm<AlertValues, unknown, FlightAlertInput>({
    resolver: alertResolver(() => searchForm.getValues()),
    defaultValues: EMPTY_ALERT,
  });
  const create = useMutation(
    trpc.flights.createAlert.mutationOptions({
      onSuccess: (r, v) => {
        toast.success('Alert Created!', {
          description: r.confirmed
            ? "You'll receive an email when we find deals matching your criteria."
            : `Please confirm it: we sent a link to ${v.email}. We check fares only after you open it.`,
        });
        form.reset(EMPTY_ALERT);
      },
      onError: (e) => toast.error('Subscription Failed', { description: failureMessage(e, 'Unable to create alert. Please try again.') }),
    }),
  );
  const errors = form.formState.errors;
  return (
    <Card title="Get a price alert" className={className}>
      <p className="mb-4 text-sm text-slate-700">
        We watch fares for the trip in your search and e-mail you when one drops to your price or below.
      </p>
      <p className="mb-4 text-sm text-slate-700" id="flight-alert-currency">
        Alerts compare fares in US dollars (USD). Fares quoted in another currency are not converted, so they never trigger an alert.
      </p>
      <form
        noValidate
        aria-label="Price alert"
        className="space-y-4"
        onSubmit={form.handleSubmit(
          (input) => create.mutate(input),
          (errs) => {
            for (const t of tripErrors(errs)) searchForm.setError(t.field, { type: 'alert', message: t.message });
            if (hasMissing(errs, FLIGHT_ALERT_REQUIRED)) toast.error('Missing Information', { description: FLIGHT_ALERT_REQUIRED });
            else {
              const problem = firstProblem(errs);
              if (problem) toast.error('Please check your alert', { description: problem });
            }
          },
        )}
      >
        <Field label="Email" htmlFor="flight-alert-email" error={errors.email?.message}>
          <Input
            id="flight-alert-email"
            maxLength={MAX_LENGTH.email}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={errors.email ? true : undefined}
            {...form.register('email')}
          />
        </Field>
        <Field label="Max price (USD)" htmlFor="flight-alert-price" error={errors.maxPrice?.message}>
          <Input
            id="flight-alert-price"
            maxLength={MAX_LENGTH.maxPrice}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 300"
            aria-invalid={errors.maxPrice ? true : undefined}
            {...form.register('maxPrice')}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          <BellRing className="h-4 w-4" aria-hidden="true" />
          {create.isPending ? 'Creating…' : 'Create Alert'}
        </Button>
        <p className="text-xs text-slate-600">Free. Every e-mail has a one-click unsubscribe link.</p>
      </form>
    </Card>
  );
}
