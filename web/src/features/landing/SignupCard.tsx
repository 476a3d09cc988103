import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, Select } from '../../components/ui/field.tsx';
import { trpc } from '../../trpc.ts';

/** The six popular parks pinned first in the signup card (spec part 1 §2), with their destinations. */
export const POPULAR_PARKS = [
  { id: '75ea578a-adc8-4116-a54d-dccb60765ef9', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '47f90d2c-e191-4239-a466-5892ef59a88b', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '288747d1-8b4f-4a64-867e-ea7c9b27bad8', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '1c84a229-8862-4648-9c71-378ddd2c7693', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '7340550b-c14d-4def-80bb-acdb51d49a66', destinationId: 'bfc89fd6-314d-44b4-b89e-df1a89cf991e' },
  { id: '832fcd51-ea19-4e77-85c7-75d5843b127c', destinationId: 'bfc89fd6-314d-44b4-b89e-df1a89cf991e' },
];

/**
 * The hero signup card (spec part 1 §2): pick a park (six popular parks first), then continue to Get Alerts
 * with it preselected. Paying for SMS passes from here comes with the payments issue.
 */
export function SignupCard() {
  const navigate = useNavigate();
  const parks = trpc.site.parks.useQuery(undefined, { staleTime: 10 * 60_000 });
  const [parkId, setParkId] = useState('');
  const all = parks.data ?? [];
  const popular = POPULAR_PARKS.map((p) => all.find((a) => a.id === p.id)).filter((p): p is NonNullable<typeof p> => Boolean(p));
  const others = all.filter((a) => !POPULAR_PARKS.some((p) => p.id === a.id));
  return (
    <form
      className="rounded-2xl bg-white p-6 text-left text-slate-900 shadow-xl"
      onSubmit={(e) => {
        e.preventDefault();
        const park = all.find((p) => p.id === parkId);
        if (park) localStorage.setItem('alertPark', JSON.stringify({ destinationId: park.destinationId, parkId: park.id }));
        void navigate({ to: '/get-alerts' });
      }}
    >
      <h2 className="text-xl font-bold">Start your alerts</h2>
      <p className="mt-1 text-sm text-slate-600">E-mail from $1/day · free with promo. SMS $5 per day.</p>
      <div className="mt-4">
        <Field label="Park" htmlFor="hero-park">
          <Select id="hero-park" value={parkId} onChange={(e) => setParkId(e.target.value)} disabled={parks.isPending}>
            <option value="">{parks.isPending ? 'Loading parks…' : 'Select a theme park'}</option>
            {popular.length ? (
              <optgroup label="Most popular">
                {popular.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label="All parks">
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.destinationName})
                </option>
              ))}
            </optgroup>
          </Select>
        </Field>
      </div>
      <Button type="submit" className="mt-4 w-full">
        Get Alerts
      </Button>
    </form>
  );
}
