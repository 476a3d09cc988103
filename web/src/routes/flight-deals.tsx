import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Info, PlaneTakeoff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { pageHead } from '../components/InfoPage.tsx';
import { AlertCard } from '../features/flights/AlertCard.tsx';
import { FlightResults } from '../features/flights/FlightResults.tsx';
import {
  EMPTY_SEARCH,
  type FlightSearchInput,
  failureMessage,
  isUnavailable,
  type SearchValues,
  searchResolver,
} from '../features/flights/form.ts';
import { mergeIdenticalOffers, searchSummary } from '../features/flights/format.ts';
import { SearchCard } from '../features/flights/SearchCard.tsx';
import { toast } from '../lib/toast.ts';
import { useTRPC } from '../trpc.ts';

/** Flight Deals (docs/spec/part-2.md §2): a free flight search to the Disney destinations and a price alert by e-mail. */
function FlightDeals() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const catalogue = useQuery(trpc.flights.destinations.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  const searchForm = useForm<SearchValues, unknown, FlightSearchInput>({ resolver: searchResolver, defaultValues: EMPTY_SEARCH });
  const search = useMutation(
    trpc.flights.search.mutationOptions({
      onSuccess: (r) => {
        // Counted as the cards are shown: one per flight and fare, however many airports it was offered to.
        const description = searchSummary(mergeIdenticalOffers(r.flights).length, r.unresolvedDestinations);
        if (r.flights.length === 0) toast.error('Search Complete', { description });
        else toast.success('Search Complete', { description });
      },
      onError: (e) => {
        // Said once, in the results area (FlightResults: "Search Failed" and why), not in a toast beside it.
        // Search may have been switched off since the page loaded: refresh the notice.
        if (isUnavailable(e)) void queryClient.invalidateQueries({ queryKey: trpc.flights.destinations.queryKey() });
      },
    }),
  );
  const data = catalogue.data;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="flex items-center gap-3 text-3xl font-bold sm:text-4xl">
        <PlaneTakeoff className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
        FREE Disney Flight Deal Alerts!
      </h1>
      <p className="mt-2 text-lg text-slate-700">
        Search fares from your home airport to the Disney parks, and get an e-mail when prices drop below your budget.
      </p>
      {data && !data.available ? (
        <div role="status" className="mt-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">Flight search is unavailable right now.</span> You can still create a price alert below.
          </p>
        </div>
      ) : null}
      {data?.available && data.source === 'replay' ? (
        <p className="mt-6 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          Demo mode: results are sample fares replayed from recorded examples, not live prices, shown in the currency they were recorded in
          (price alerts compare US-dollar fares only).
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3 lg:items-start">
        <SearchCard
          className="lg:col-span-2"
          form={searchForm}
          catalogue={data}
          catalogueLoading={catalogue.isPending}
          catalogueError={catalogue.isError}
          onRetryCatalogue={() => void catalogue.refetch()}
          pending={search.isPending}
          onSearch={(input) => search.mutate(input)}
        />
        <AlertCard searchForm={searchForm} />
      </div>
      <FlightResults
        pending={search.isPending}
        failure={search.isError ? failureMessage(search.error, 'Unable to search flights. Please try again.') : null}
        result={search.data}
      />
    </main>
  );
}

export const Route = createFileRoute('/flight-deals')({
  head: pageHead('Flight Deals', 'Free Disney flight deal search and price alerts: fares from your home airport to the Disney parks.'),
  component: FlightDeals,
});
