import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@walkon/server';
import { Search, X } from 'lucide-react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { FLIGHT_SEARCH_REQUIRED, type FlightSearchInput, hasMissing, type SearchValues } from './form.ts';
import { normalizeAirportCode, todayYmd } from './format.ts';

/** What `flights.destinations` answers. */
export type FlightCatalogue = inferRouterOutputs<AppRouter>['flights']['destinations'];

/** The search card's form (react-hook-form with the server's search schema). */
export type SearchForm = UseFormReturn<SearchValues, unknown, FlightSearchInput>;

/**
 * The flight search card (docs/spec/part-2.md §2 Flight Deals): home airport (upper-cased as typed), Disney
 * destination, optional airport of it (with a clear button), departure and optional return dates.
 * Missing required fields raise 'Missing Information' and mark the inputs; `onSearch` gets the parsed input.
 */
export function SearchCard({
  form,
  catalogue,
  catalogueLoading,
  catalogueError,
  onRetryCatalogue,
  pending,
  onSearch,
  className,
}: {
  form: SearchForm;
  catalogue: FlightCatalogue | undefined;
  catalogueLoading: boolean;
  catalogueError: boolean;
  onRetryCatalogue: () => void;
  pending: boolean;
  onSearch: (input: FlightSearchInput) => void;
  className?: string;
}) {
  const { register, setValue, clearErrors, control } = form;
  const errors = form.formState.errors;
  const [destinationId, airport, departureDate] = useWatch({ control, name: ['destinationId', 'airport', 'departureDate'] });
  const destination = catalogue?.destinations.find((d) => d.id === destinationId);
  const today = todayYmd();
  const unavailable = catalogue?.available === false;
  const origin = register('origin', { onChange: () => clearErrors('origin') });
  const clearOn = (name: keyof SearchValues) => ({ onChange: () => clearErrors(name) });
  const invalid = (name: keyof SearchValues) => (errors[name] ? true : undefined);

  return (
    <Card title="Find your flight" className={className}>
      <form
        noValidate
        aria-label="Flight search"
        className="space-y-4"
        onSubmit={form.handleSubmit(onSearch, (errs) => {
          if (hasMissing(errs, FLIGHT_SEARCH_REQUIRED)) toast.error('Missing Information', { description: FLIGHT_SEARCH_REQUIRED });
        })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Home airport" htmlFor="flight-origin" error={errors.origin?.message}>
            <Input
              id="flight-origin"
              placeholder="e.g. JFK"
              maxLength={3}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={invalid('origin')}
              className="font-mono tracking-wider uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case"
              {...origin}
              onChange={(e) => {
                e.target.value = normalizeAirportCode(e.target.value);
                return origin.onChange(e);
              }}
            />
          </Field>
          <Field label="Disney destination" htmlFor="flight-destination" error={errors.destinationId?.message}>
            <Select
              id="flight-destination"
              disabled={catalogueLoading}
              aria-invalid={invalid('destinationId')}
              {...register('destinationId', {
                onChange: () => {
                  clearErrors(['destinationId', 'airport']);
                  setValue('airport', '');
                },
              })}
            >
              <option value="">{catalogueLoading ? 'Loading destinations…' : 'Select a destination'}</option>
              {catalogue?.destinations.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {catalogueError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
            Could not load the Disney destinations.{' '}
            <button type="button" className="font-semibold underline" onClick={onRetryCatalogue}>
              Try again
            </button>
          </p>
        ) : null}
        {destination ? (
          <Field label="Airport (optional)" htmlFor="flight-airport" error={errors.airport?.message}>
            <div className="flex gap-2">
              <Select id="flight-airport" aria-invalid={invalid('airport')} {...register('airport', clearOn('airport'))}>
                <option value="">All airports (recommended)</option>
                {destination.airports.map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.code} – {a.name}
                  </option>
                ))}
              </Select>
              <Button
                variant="secondary"
                aria-label="Clear airport selection"
                title="Clear airport selection"
                disabled={!airport}
                onClick={() => {
                  setValue('airport', '');
                  clearErrors('airport');
                }}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </Field>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Departure date" htmlFor="flight-departure" error={errors.departureDate?.message}>
            <Input
              id="flight-departure"
              type="date"
              min={today}
              aria-invalid={invalid('departureDate')}
              {...register('departureDate', clearOn('departureDate'))}
            />
          </Field>
          <Field label="Return date (optional)" htmlFor="flight-return" error={errors.returnDate?.message}>
            <Input
              id="flight-return"
              type="date"
              min={departureDate || today}
              aria-invalid={invalid('returnDate')}
              {...register('returnDate', clearOn('returnDate'))}
            />
          </Field>
        </div>
        <Button type="submit" className="w-full sm:w-auto" disabled={unavailable || pending} aria-busy={pending || undefined}>
          <Search className="h-4 w-4" aria-hidden="true" />
          {pending ? 'Searching…' : 'Search Flights'}
        </Button>
      </form>
    </Card>
  );
}
