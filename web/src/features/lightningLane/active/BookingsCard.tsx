import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTRPC } from '../../../trpc.ts';
import { BookingRow } from './BookingRow.tsx';
import { AVAILABILITY_REFRESH_MS } from './constants.ts';
import { useAvailability } from './useAvailability.ts';

/** The person's bookings at the park (docs/spec/part-2.md §2), re-read every 30 s, each with Cancel. */
export function BookingsCard({ parkId }: { parkId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.lightningLane.bookings.queryOptions(undefined, { refetchInterval: AVAILABILITY_REFRESH_MS }));
  const timeZone = useAvailability(parkId).data?.timezone ?? null;
  const list = (query.data ?? []).filter((b) => b.parkId === parkId);
  return (
    <Card aria-labelledby="ll-bookings">
      <h2 id="ll-bookings" className="mb-4 text-lg font-bold text-slate-900">
        Your bookings
      </h2>
      {query.isPending ? <Spinner label="Loading bookings…" /> : null}
      {query.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          Could not load your bookings: {query.error.message}
        </p>
      ) : null}
      {query.data && list.length === 0 ? <p className="text-slate-700">No bookings yet for this park.</p> : null}
      {list.length ? (
        <ul className="divide-y divide-slate-200">
          {list.map((b) => (
            <BookingRow key={b.id} booking={b} timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
