import { Link } from '@tanstack/react-router';
import { MAX_RESTAURANT_DATES, PARTY_SIZE_MAX, PARTY_SIZE_MIN, PREFERRED_TIMES, type PreferredTime } from '@walkon/server/schemas';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../trpc.ts';
import { useSession } from '../auth/session.ts';
import { parkToday } from '../checkout/dates.ts';
import { PassDatesPicker } from '../checkout/PassDatesPicker.tsx';
import { checkRestaurantForm, emptyRestaurantForm, PREFERRED_TIME_LABELS, type RestaurantFormValues } from './form.ts';
import { SourceNotice } from './SourceNotice.tsx';

/**
 * The restaurant alert creation form (spec part 2 §2, §4, §5, §8): destination (Walt Disney World, Disneyland
 * Resort), park, e-mail (the account's by default), restaurant (the park's real RESTAURANT entities), dates
 * (today or later in the park's time zone, from the server), party size 1–20 (2), preferred time (dinner).
 * Changing the destination or park clears the restaurant; changing the restaurant resets the dates (§4).
 * Signed-out visitors can fill it in and are asked to log in on submit.
 */
export function RestaurantAlertForm() {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const [v, setV] = useState<RestaurantFormValues>(() => emptyRestaurantForm(user?.email ?? ''));
  const [created, setCreated] = useState<{ restaurantName: string; dates: string[] } | null>(null);
  const destinations = trpc.restaurants.destinations.useQuery(undefined, { staleTime: 10 * 60_000 });
  const restaurants = trpc.restaurants.restaurants.useQuery(
    { parkId: v.parkId },
    { enabled: Boolean(v.parkId), staleTime: 5 * 60_000, retry: false },
  );
  const create = trpc.restaurants.create.useMutation({
    onSuccess: async (a) => {
      toast.success('Restaurant alert created', {
        description: `We'll e-mail ${a.email} when ${a.restaurantName} has a table for ${a.partySize}.`,
      });
      setCreated({ restaurantName: a.restaurantName, dates: a.dates });
      setV((old) => ({ ...old, restaurantId: '', dates: [] }));
      await utils.restaurants.list.invalidate();
    },
    onError: (e) => toast.error('Alert Creation Error', { description: e.message }),
  });

  // The account's e-mail fills an empty field once the session is known.
  useEffect(() => {
    if (user?.email) setV((old) => (old.email ? old : { ...old, email: user.email }));
  }, [user?.email]);
  useEffect(() => {
    if (restaurants.isError) toast.error('Error fetching restaurants', { description: restaurants.error.message });
  }, [restaurants.isError, restaurants.error]);

  const destination = destinations.data?.destinations.find((d) => d.id === v.destinationId);
  const today = restaurants.data?.park.today ?? parkToday(null);
  const set = (patch: Partial<RestaurantFormValues>) => {
    setCreated(null);
    setV((old) => ({ ...old, ...patch }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) {
      toast.error('Authentication required', { description: 'Please log in to create restaurant alerts' });
      return;
    }
    const checked = checkRestaurantForm(v);
    if (!checked.ok) {
      toast.error(checked.title, { description: checked.description });
      return;
    }
    create.mutate(checked.input);
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
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Field label="Destination" htmlFor="ra-destination">
          <Select
            id="ra-destination"
            value={v.destinationId}
            disabled={destinations.isPending}
            onChange={(e) => set({ destinationId: e.target.value, parkId: '', restaurantId: '', dates: [] })}
          >
            <option value="">{destinations.isPending ? 'Loading…' : 'Select a destination'}</option>
            {destinations.data?.destinations.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Park" htmlFor="ra-park">
          <Select
            id="ra-park"
            value={v.parkId}
            disabled={!destination}
            onChange={(e) => set({ parkId: e.target.value, restaurantId: '', dates: [] })}
          >
            <option value="">{destination ? 'Select a park' : 'Select a destination first'}</option>
            {destination?.parks.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Email" htmlFor="ra-email" hint="Where we send the alert.">
          <Input id="ra-email" type="email" autoComplete="email" value={v.email} onChange={(e) => set({ email: e.target.value })} />
        </Field>
        <Field
          label="Restaurant"
          htmlFor="ra-restaurant"
          error={restaurants.isError ? 'Error fetching restaurants' : undefined}
          hint={restaurants.data && restaurants.data.restaurants.length === 0 ? 'This park lists no restaurants right now.' : undefined}
        >
          <Select
            id="ra-restaurant"
            value={v.restaurantId}
            disabled={!v.parkId || restaurants.isPending || restaurants.isError}
            // Spec part 2 §4: changing the restaurant resets the dates.
            onChange={(e) => set({ restaurantId: e.target.value, dates: [] })}
          >
            <option value="">
              {!v.parkId ? 'Select a park first' : restaurants.isPending ? 'Loading restaurants…' : 'Select a restaurant'}
            </option>
            {restaurants.data?.restaurants.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <PassDatesPicker
            id="ra-dates"
            label="Dates"
            value={v.dates}
            onChange={(dates) => set({ dates: [...dates].sort() })}
            today={today}
            max={MAX_RESTAURANT_DATES}
            calendarLabel="Choose the dates you want a table"
          />
        </div>
        <Field label="Party size" htmlFor="ra-party" hint={`${PARTY_SIZE_MIN}–${PARTY_SIZE_MAX} guests`}>
          <Input
            id="ra-party"
            type="number"
            inputMode="numeric"
            min={PARTY_SIZE_MIN}
            max={PARTY_SIZE_MAX}
            value={Number.isFinite(v.partySize) ? v.partySize : ''}
            onChange={(e) => set({ partySize: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          />
        </Field>
        <Field label="Preferred time" htmlFor="ra-time">
          <Select id="ra-time" value={v.preferredTime} onChange={(e) => set({ preferredTime: e.target.value as PreferredTime })}>
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
