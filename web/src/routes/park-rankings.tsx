import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { pageHead } from '../components/InfoPage.tsx';
import { Button } from '../components/ui/button.tsx';
import { Field, Select } from '../components/ui/field.tsx';
import { AddItemDialog } from '../features/rankings/AddItemDialog.tsx';
import { ItemDialog } from '../features/rankings/ItemDialog.tsx';
import type { ItemType } from '../features/rankings/ItemFields.tsx';
import { RankingList } from '../features/rankings/RankingList.tsx';
import { useSession } from '../lib/session.ts';
import { useTRPC } from '../trpc.ts';

const TABS: { value: ItemType; label: string }[] = [
  { value: 'ride', label: 'Rides' },
  { value: 'food', label: 'Food' },
  { value: 'experience', label: 'Experiences' },
];

function ParkRankings() {
  const trpc = useTRPC();
  const { user } = useSession();
  const parks = useQuery(trpc.rankings.parks.queryOptions());
  const [parkId, setParkId] = useState('');
  const [sort, setSort] = useState<'rating' | 'reviews'>('rating');
  const [tab, setTab] = useState<ItemType>('ride');
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Disney Park Rankings</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Field label="Park" htmlFor="rank-park">
          <Select id="rank-park" value={parkId} onChange={(e) => setParkId(e.target.value)}>
            <option value="">All Parks</option>
            {parks.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Sort by" htmlFor="rank-sort">
          <Select id="rank-sort" value={sort} onChange={(e) => setSort(e.target.value as 'rating' | 'reviews')}>
            <option value="rating">Highest Rated</option>
            <option value="reviews">Most Reviews</option>
          </Select>
        </Field>
        <div className="flex items-end">
          {user ? (
            <Button className="w-full" onClick={() => setAdding(true)}>
              Add New Item
            </Button>
          ) : (
            <Link
              to="/auth"
              search={{ redirect: '/park-rankings' }}
              className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-center font-semibold"
            >
              Sign in to suggest items
            </Link>
          )}
        </div>
      </div>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ItemType)} className="mt-6">
        <Tabs.List aria-label="Ranking type" className="mb-4 grid grid-cols-3 rounded-lg bg-slate-100 p-1">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-md py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            <RankingList type={t.value} parkId={parkId} sort={sort} onOpen={setOpen} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {open ? <ItemDialog id={open} onClose={() => setOpen(null)} /> : null}
      {adding ? <AddItemDialog defaultType={tab} onClose={() => setAdding(false)} /> : null}
    </main>
  );
}

export const Route = createFileRoute('/park-rankings')({
  head: pageHead('Park Rankings', 'Rides, food and experiences ranked by visitors, with reviews.'),
  component: ParkRankings,
});
