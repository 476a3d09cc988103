import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, Plus, Trash2, Users, UtensilsCrossed } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPassDateList } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { PREFERRED_TIME_LABELS } from './form.ts';

/**
 * Manage Restaurant Alerts (docs/spec/part-2.md §2): the user's alerts as cards, each with an Active or Pending badge
 * (Active if active, otherwise Pending, §4) and a delete action with confirmation; a 'Create New Restaurant
 * Alert' link; empty state 'No Restaurant Alerts Yet'. Errors: 'Error fetching alerts', 'Error deleting alert' (§8).
 */
export function RestaurantAlertList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.restaurants.list.queryOptions(undefined, { staleTime: 30_000 }));
  const remove = useMutation(
    trpc.restaurants.delete.mutationOptions({
      onSuccess: async () => {
        toast.success('Restaurant alert deleted');
        await queryClient.invalidateQueries({ queryKey: trpc.restaurants.list.queryKey() });
      },
      onError: (e) => toast.error('Error deleting alert', { description: e.message }),
    }),
  );
  const createLink = (
    <Link
      to="/restaurant-alerts"
      className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
    >
      <Plus className="h-4 w-4" aria-hidden="true" /> Create New Restaurant Alert
    </Link>
  );

  if (list.isPending) return <Spinner label="Loading your restaurant alerts…" />;
  if (list.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Error fetching alerts</p>
        <p className="text-sm">{list.error.message}</p>
        <Button className="mt-3" size="sm" variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (list.data.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <UtensilsCrossed className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        <h2 className="mt-3 text-xl font-bold text-slate-900">No Restaurant Alerts Yet</h2>
        <p className="mt-1 text-slate-700">Tell us where you'd like to eat and we'll e-mail you when a table opens up.</p>
        <div className="mt-5">{createLink}</div>
      </div>
    );
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">
          {list.data.length} alert{list.data.length === 1 ? '' : 's'}
        </p>
        {createLink}
      </div>
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Your restaurant alerts">
        {list.data.map((a) => (
          <li key={a.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="text-lg font-bold break-words text-slate-900">{a.restaurantName}</h2>
                <p className="text-sm text-slate-600">{a.parkName ?? a.parkId}</p>
              </div>
              <Badge tone={a.active ? 'green' : 'amber'}>{a.active ? 'Active' : 'Pending'}</Badge>
            </div>
            <dl className="mt-3 space-y-1.5 text-sm text-slate-800">
              <div className="flex items-start gap-2">
                <dt>
                  <CalendarDays className="mt-0.5 h-4 w-4 text-brand-700" aria-label="Dates" />
                </dt>
                <dd>{formatPassDateList(a.dates)}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt>
                  <Users className="h-4 w-4 text-brand-700" aria-label="Party" />
                </dt>
                <dd>
                  Party of {a.partySize} · {PREFERRED_TIME_LABELS[a.preferredTime]}
                </dd>
              </div>
              <div className="text-slate-600">Alerts go to {a.email}</div>
            </dl>
            <div className="mt-4 flex justify-end">
              <Confirm
                trigger={
                  <Button size="sm" variant="secondary" disabled={remove.isPending} aria-label={`Delete alert for ${a.restaurantName}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                  </Button>
                }
                title="Delete this restaurant alert?"
                description={`You will no longer be alerted about ${a.restaurantName}.`}
                confirmText="Delete"
                onConfirm={() => remove.mutate({ id: a.id })}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
