import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useDestinations } from '../lib/liveApi.ts';
import { useTRPC } from '../trpc.ts';

function ParksPage() {
  const trpc = useTRPC();
  const dests = useDestinations();
  const parks = useQuery(trpc.site.parks.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  const counts = new Map((parks.data ?? []).map((p) => [p.id, p.rideCount]));
  return (
    <InfoPage
      title="Theme Parks"
      lead="Every destination and park with public live wait times. Pick one to see its waits or set up alerts."
    >
      {dests.isPending ? <Spinner label="Loading parks…" /> : null}
      {dests.isError ? (
        <p role="alert">
          Error fetching destinations.{' '}
          <button type="button" className="font-semibold underline" onClick={() => dests.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {dests.data?.map((d) => (
          <section key={d.id} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 className="!mt-0 text-lg font-bold">{d.name}</h2>
            <ul className="!list-none !pl-0">
              {d.parks.map((p) => {
                const n = counts.get(p.id) ?? 0;
                return (
                  <li
                    key={p.id}
                    className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 border-t border-slate-100 py-2 first:border-0"
                  >
                    <span className="min-w-0 break-words">
                      {p.name}
                      {n > 0 ? <span className="ml-2 text-sm whitespace-nowrap text-slate-600">{n} rides</span> : null}
                    </span>
                    <span className="flex gap-3 text-sm whitespace-nowrap">
                      <Link to="/live-wait-times" search={{ destination: d.id, park: p.id }}>
                        Live waits
                      </Link>
                      <Link
                        to="/get-alerts"
                        onClick={() => localStorage.setItem('alertPark', JSON.stringify({ destinationId: d.id, parkId: p.id }))}
                      >
                        Alerts
                      </Link>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </InfoPage>
  );
}

export const Route = createFileRoute('/parks')({
  head: pageHead('Theme Parks', 'All theme parks WalkOn covers, with ride counts, live wait times and walk-on alerts.'),
  component: ParksPage,
});
