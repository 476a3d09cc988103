import { useMutation } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { useTRPC } from '../../trpc.ts';

const LABELS: [key: string, label: string][] = [
  ['alerts', 'Active alerts checked'],
  ['groups', 'Restaurant / date / party groups'],
  ['checks', 'Availability checks'],
  ['skipped', 'Skipped (checked < 10 min ago)'],
  ['unknown', 'Not published (other dates, stale)'],
  ['matched', 'Matches'],
  ['held', 'Held (park closed, muted, quiet hours)'],
  ['queued', 'E-mails queued'],
  ['duplicates', 'Already e-mailed'],
  ['expired', 'Alerts expired'],
];

/**
 * Admin section (docs/spec/part-2.md §2 manual test button, §7 manual-test-restaurant-alerts; admins only, no browser
 * flag): "Run restaurant check now" runs the restaurant check on the server and shows its counts.
 */
export function AdminRestaurantCheck() {
  const trpc = useTRPC();
  const [force, setForce] = useState(true);
  const run = useMutation(trpc.restaurants.adminTest.mutationOptions());
  return (
    <Card title="Restaurant alerts check">
      <p className="text-sm text-slate-700">
        Runs the 15-minute restaurant check now: expires past alerts, checks availability once per restaurant, date and party size, and
        queues one e-mail per alert and date (never twice).
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <Button onClick={() => run.mutate({ force })} disabled={run.isPending}>
          <Play className="h-4 w-4" aria-hidden="true" /> {run.isPending ? 'Running…' : 'Run restaurant check now'}
        </Button>
        <span className="inline-flex items-center gap-2 text-sm text-slate-800">
          <Checkbox id="restaurant-check-force" checked={force} onCheckedChange={setForce} />
          <label htmlFor="restaurant-check-force">Re-check groups checked in the last 10 minutes</label>
        </span>
      </div>
      {run.isError ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          Test Alert Failed: {run.error.message}
        </p>
      ) : null}
      {run.data ? (
        <div role="status" className="mt-4">
          <p className="text-sm text-slate-700">
            Source:{' '}
            {run.data.source === 'replay'
              ? 'recorded sample (replay)'
              : run.data.source === 'themeparks'
                ? 'ThemeParks.wiki walk-up availability'
                : 'off'}
            {' · '}Queue items created: <strong>{run.data.populate.queueItemsCreated}</strong>
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {LABELS.map(([key, label]) => (
              <div key={key} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-lg font-bold text-slate-900">{(run.data as unknown as Record<string, number>)[key]}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </Card>
  );
}
