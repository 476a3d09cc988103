import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { pageHead } from '../../components/InfoPage.tsx';
import { ParkPicker } from '../../components/ParkPicker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { parkSearch } from '../../features/waits/parkSearch.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

function Checklist({ parkId }: { parkId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.checklist.list.queryOptions({ parkId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.checklist.list.queryKey({ parkId }) });
  const addAll = useMutation(
    trpc.checklist.addAll.mutationOptions({
      onSuccess: refresh,
      onError: () => toast.error('Failed to add all rides to checklist'),
    }),
  );
  const toggle = useMutation(
    trpc.checklist.toggle.mutationOptions({ onSuccess: refresh, onError: () => toast.error('Failed to update ride status') }),
  );
  const remove = useMutation(
    trpc.checklist.remove.mutationOptions({
      onSuccess: refresh,
      onError: () => toast.error('Failed to remove ride from checklist'),
    }),
  );
  const reset = useMutation(
    trpc.checklist.reset.mutationOptions({ onSuccess: refresh, onError: () => toast.error('Failed to reset checklist') }),
  );
  if (list.isPending) return <Spinner label="Loading your checklist…" />;
  if (list.isError) return <p role="alert">{list.error.message}</p>;
  const { items, progress } = list.data;
  return (
    <div className="space-y-4">
      {/* An empty checklist shows its own sentence below, not "0 of 0 rides done 0%". */}
      {progress.total === 0 ? null : (
        <div>
          <div className="flex justify-between text-sm font-semibold">
            <span>
              {progress.completed} of {progress.total} rides done
            </span>
            <span>{progress.percent}%</span>
          </div>
          <div
            className="mt-1 h-3 rounded-full bg-slate-200"
            role="progressbar"
            aria-label="Checklist progress"
            aria-valuenow={progress.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-3 rounded-full bg-brand-700 transition-all" style={{ width: `${progress.percent}%` }} />
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Confirm
          title="Add all rides?"
          description="Every ride of this park will be added to your checklist. Rides already on it keep their state."
          confirmText="Add All Rides"
          onConfirm={() => addAll.mutate({ parkId })}
          trigger={<Button>Add All Rides</Button>}
        />
        <Confirm
          title="Reset your checklist?"
          description="This removes every ride of this park from your checklist."
          confirmText="Reset All"
          onConfirm={() => reset.mutate({ parkId })}
          trigger={
            <Button variant="secondary" disabled={items.length === 0}>
              Reset All
            </Button>
          }
        />
      </div>
      {items.length === 0 ? (
        <p className="py-6 text-center text-slate-600">Your checklist for this park is empty. Add all rides to start ticking them off.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Checklist">
          {items.map((i) => (
            <li key={i.id} className="flex items-center gap-3 py-2">
              <Checkbox id={`ck-${i.id}`} checked={i.completed} onCheckedChange={(v) => toggle.mutate({ id: i.id, completed: v })} />
              <label htmlFor={`ck-${i.id}`} className={`flex-1 cursor-pointer ${i.completed ? 'text-slate-500 line-through' : ''}`}>
                {i.rideName}
              </label>
              <Button variant="ghost" size="sm" aria-label={`Remove ${i.rideName}`} onClick={() => remove.mutate({ id: i.id })}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RideChecklist() {
  // The chosen destination and park live in the URL (?destination=…&park=…), so a reload or a shared link keeps them.
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/ride-checklist' });
  const picked = { destinationId: search.destination ?? null, parkId: search.park ?? null };
  const setPicked = (v: { destinationId: string | null; parkId: string | null }) =>
    navigate({ search: { destination: v.destinationId ?? undefined, park: v.parkId ?? undefined }, replace: true });
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Ride Checklist</h1>
      <Card className="mt-6">
        <ParkPicker idPrefix="checklist" destinationId={picked.destinationId} parkId={picked.parkId} onChange={setPicked} />
      </Card>
      <Card className="mt-6">
        {picked.parkId ? (
          <Checklist parkId={picked.parkId} />
        ) : (
          <p className="py-6 text-center text-slate-600">Choose a park to see your checklist.</p>
        )}
      </Card>
    </main>
  );
}

export const Route = createFileRoute('/_authed/ride-checklist')({
  head: pageHead('Ride Checklist', 'Tick off the rides you have done at each park.'),
  validateSearch: parkSearch,
  component: RideChecklist,
});
