import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { MAX_RESTAURANT_DATES, PARTY_SIZE_MAX, PARTY_SIZE_MIN, PREFERRED_TIMES } from '@walkon/domain/schemas';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { PassDatesPicker } from '../../components/checkout/PassDatesPicker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { parkToday } from '../../lib/dates.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import {
  emptyRestaurantForm,
  fieldMessage,
  firstProblem,
  PREFERRED_TIME_LABELS,
  type RestaurantCreateInput,
  type RestaurantFormValues,
  restaurantResolver,
} from './form.ts';
import { SourceNotice } from './SourceNotice.tsx';

/** The element of each field (focused when the submit names it). */
const FIELD_IDS = {
  parkId: 'ra-park',
  email: 'ra-email',
  restaurantId: 'ra-restaurant',
  dates: 'ra-dates',
  partySize: 'ra-party',
  preferredTime: 'ra-time',
} as const;

/**
 * The restaurant alert creation form (docs/spec/part-2.md §2, §4, §5, §8): destination (Walt Disney World, Disneyland
 * Resort), park, e-mail (the account's by default), restaurant (the park's real RESTAURANT entities), dates
 * (today or later in the park's time zone, from the server), party size 1–20 (2), preferred time (dinner).
 * Changing the destination or park clears the restaurant; changing the restaurant resets the dates (§4).
 * react-hook-form with the server's `restaurantAlertCreateInput` (zodResolver): each problem is shown on its
 * field, and the first one as the toast of §8 ('Missing information', 'Missing restaurant', 'Missing dates').
 * Signed-out visitors can fill it in and are asked to log in on submit ('Authentication required').
 */
export function RestaurantAlertForm() {
  const trpc = useTRPC();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<RestaurantFormValues, unknown, RestaurantCreateInput>({
    resolver: restaurantResolver,
    defaultValues: emptyRestaurantForm(user?.email ?? ''),
    // The first problem (the one the toast names) gets the focus, below.
    shouldFocusError: false,
  });
  const { register, setValue, getValues, clearErrors, control } = form;
  const errors = form.formState.errors;
  const [destinationId, parkId] = useWatch({ control, name: ['destinationId', 'parkId'] });
  const dates = useController({ control, name: 'dates' });
  const [created, setCreated] = useState<{ restaurantName: string; dates: string[] } | null>(null);
  const destinations = useQuery(trpc.restaurants.destinations.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  const restaurants = useQuery(
    trpc.restaurants.restaurants.queryOptions({ parkId }, { enabled: Boolean(parkId), staleTime: 5 * 60_000, retry: false }),
  );
  const create = useMutation(
    trpc.restaurants.create.mutationOptions({
      onSuccess: async (a) => {
        toast.success('Restaurant alert created', {
          description: `We'll e-mail ${a.email} when ${a.restaurantName} has a table for ${a.partySize}.`,
        });
        setCreated({ restaurantName: a.restaurantName, dates: a.dates });
        setValue('restaurantId', '');
        setValue('dates', []);
        await queryClient.invalidateQueries({ queryKey: trpc.restaurants.list.queryKey() });
      },
      onError: (e) => toast.error('Alert Creation Error', { description: e.message }),
    }),
  );

  // The account's e-mail fills an empty field once the session is known.
  useEffect(() => {
    if (user?.email && !getValues('email')) setValue('email', user.email);
  }, [user?.email, getValues, setValue]);
  useEffect(() => {
    if (restaurants.isError) toast.error('Error fetching restaurants', { description: restaurants.error.message });
  }, [restaurants.isError, restaurants.error]);

  const destination = destinations.data?.destinations.find((d) => d.id === destinationId);
  const today = restaurants.data?.park.today ?? parkToday(null);
  /** Editing a field hides the "created" note and clears the field's error (and those it resets). */
  const edited = (...names: (keyof RestaurantFormValues)[]) => {
    setCreated(null);
    clearErrors(names);
  };
  /** Clears dependent fields: a new destination clears the park, a new park the restaurant, a new restaurant the dates (§4). */
  const clearDependent = (...names: ('parkId' | 'restaurantId' | 'dates')[]) => {
    for (const name of names) setValue(name, name === 'dates' ? [] : '');
  };
  const invalid = (name: keyof RestaurantFormValues) => (fieldMessage(errors, name) ? true : undefined);

  const submit = (e: FormEvent) => {
    // docs/spec/part-2.md §8: a signed-out visitor is asked to log in before anything else is checked.
    if (!user) {
      e.preventDefault();
      toast.error('Authentication required', { description: 'Please log in to create restaurant alerts' });
      return;
    }
    return form.handleSubmit(
      (input) => create.mutate(input),
      (errs) => {
        const problem = firstProblem(errs);
        if (!problem) return;
        toast.error(problem.title, { description: problem.description });
        // Without a destination the park select is disabled: the destination is what to fill in first.
        const id = problem.field === 'parkId' && !destination ? 'ra-destination' : FIELD_IDS[problem.field];
        document.getElementById(id)?.focus();
      },
    )(e);
  };

  return (
    <Card title="Create a Restaurant Alert" className="mt-6">
      {destinations.isError ? (
        <div role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-900">
          Could not load the parks: {destinations.error.message}{' '}
          <Button size="sm" variant="secondary" onClick={() => void destinations.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      <form noValidate aria-label="Create a restaurant alert" onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Field label="Destination" htmlFor="ra-destination">
          <Select
            id="ra-destination"
            disabled={destinations.isPending}
            {...register('destinationId', {
              onChange: () => {
                edited('destinationId', 'parkId', 'restaurantId', 'dates');
                clearDependent('parkId', 'restaurantId', 'dates');
              },
            })}
          >
            <option value="">{destinations.isPending ? 'Loading…' : 'Select a destination'}</option>
            {destinations.data?.destinations.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Park" htmlFor="ra-park" error={fieldMessage(errors, 'parkId')}>
          <Select
            id="ra-park"
            disabled={!destination}
            aria-invalid={invalid('parkId')}
            {...register('parkId', {
              onChange: () => {
                edited('parkId', 'restaurantId', 'dates');
                clearDependent('restaurantId', 'dates');
              },
            })}
          >
            <option value="">{destination ? 'Select a park' : 'Select a destination first'}</option>
            {destination?.parks.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Email" htmlFor="ra-email" hint="Alerts go to your account's e-mail address." error={fieldMessage(errors, 'email')}>
          <Input
            id="ra-email"
            maxLength={MAX_LENGTH.email}
            type="email"
            autoComplete="email"
            readOnly={Boolean(user)}
            aria-invalid={invalid('email')}
            {...register('email', { onChange: () => edited('email') })}
          />
        </Field>
        <Field
          label="Restaurant"
          htmlFor="ra-restaurant"
          error={restaurants.isError ? 'Error fetching restaurants' : fieldMessage(errors, 'restaurantId')}
          hint={restaurants.data && restaurants.data.restaurants.length === 0 ? 'This park lists no restaurants right now.' : undefined}
        >
          <Select
            id="ra-restaurant"
            disabled={!parkId || restaurants.isPending || restaurants.isError}
            aria-invalid={invalid('restaurantId')}
            {...register('restaurantId', {
              // docs/spec/part-2.md §4: changing the restaurant resets the dates.
              onChange: () => {
                edited('restaurantId', 'dates');
                clearDependent('dates');
              },
            })}
          >
            <option value="">
              {!parkId ? 'Select a park first' : restaurants.isPending ? 'Loading restaurants…' : 'Select a restaurant'}
            </option>
            {restaurants.data?.restaurants.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="space-y-1.5 sm:col-span-2">
          <PassDatesPicker
            id="ra-dates"
            label="Dates"
            value={dates.field.value}
            onChange={(days) => {
              edited('dates');
              dates.field.onChange([...days].sort());
            }}
            today={today}
            max={MAX_RESTAURANT_DATES}
            invalid={Boolean(fieldMessage(errors, 'dates'))}
            calendarLabel="Choose the dates you want a table"
          />
          {fieldMessage(errors, 'dates') ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {fieldMessage(errors, 'dates')}
            </p>
          ) : null}
        </div>
        <Field
          label="Party size"
          htmlFor="ra-party"
          hint={`${PARTY_SIZE_MIN}–${PARTY_SIZE_MAX} guests`}
          error={fieldMessage(errors, 'partySize')}
        >
          <Input
            id="ra-party"
            type="number"
            inputMode="numeric"
            min={PARTY_SIZE_MIN}
            max={PARTY_SIZE_MAX}
            aria-invalid={invalid('partySize')}
            {...register('partySize', { onChange: () => edited('partySize') })}
          />
        </Field>
        <Field label="Preferred time" htmlFor="ra-time" error={fieldMessage(errors, 'preferredTime')}>
          <Select
            id="ra-time"
            aria-invalid={invalid('preferredTime')}
            {...register('preferredTime', { onChange: () => edited('preferredTime') })}
          >
            {PREFERRED_TIMES.map((t) => (
              <option key={t} value={t}>
                {PREFERRED_TIME_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <SourceNotice source={destinations.data?.source} label={destinations.data?.sourceLabel} />
          <Button type="submit" className="mt-4 w-full sm:w-auto" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Restaurant Alert'}
          </Button>
          {!user ? (
            <p className="mt-2 text-sm text-slate-600">
              You need to{' '}
              <Link to="/auth" search={{ redirect: '/restaurant-alerts' }} className="font-semibold text-brand-700 underline">
                log in
              </Link>{' '}
              to create restaurant alerts.
            </p>
          ) : null}
        </div>
      </form>
      {created ? (
        <div role="status" className="mt-5 flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            Your alert for <strong>{created.restaurantName}</strong> ({created.dates.length} date{created.dates.length === 1 ? '' : 's'}) is
            active.{' '}
            <Link to="/manage-restaurant-alerts" className="font-semibold underline">
              Manage your restaurant alerts
            </Link>
          </p>
        </div>
      ) : null}
    </Card>
  );
}
