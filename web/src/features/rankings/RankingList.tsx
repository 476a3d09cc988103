import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge.tsx';
import { useTRPC } from '../../trpc.ts';
import type { ItemType } from './ItemFields.tsx';
import { Stars } from './Stars.tsx';

/** The ranked items of one type (docs/spec/part-2.md §2), for one park or all, by rating or by number of reviews; a click opens the item. */
export function RankingList({
  type,
  parkId,
  sort,
  onOpen,
}: {
  type: ItemType;
  parkId: string;
  sort: 'rating' | 'reviews';
  onOpen: (id: string) => void;
}) {
  const trpc = useTRPC();
  const list = useQuery(trpc.rankings.list.queryOptions({ type, sort, ...(parkId ? { parkId } : {}) }));
  if (list.isPending) {
    return (
      <ul aria-label="Loading rankings" className="space-y-3">
        {['a', 'b', 'c', 'd', 'e'].map((k) => (
          <li key={k} className="h-20 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (list.isError) return <p role="alert">Failed to load rankings</p>;
  if (list.data.length === 0) return <p className="py-8 text-center text-slate-600">No items found. Be the first to rate something!</p>;
  return (
    <ol className="space-y-3">
      {list.data.map((it, i) => (
        <li key={it.id}>
          <button
            type="button"
            onClick={() => onOpen(it.id)}
            className="flex w-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 text-left hover:border-brand-700"
          >
            <span className="w-8 text-center text-xl font-extrabold text-slate-500">{i + 1}</span>
            <span className="flex-1">
              <span className="block font-bold">{it.name}</span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                {it.parkName} <Badge tone="brand">{it.type}</Badge> {it.totalReviews} review{it.totalReviews === 1 ? '' : 's'}
              </span>
            </span>
            <span className="text-right">
              {it.averageRating === null ? (
                <span className="text-sm text-slate-600">No ratings yet</span>
              ) : (
                <>
                  <span className="block text-lg font-bold">{it.averageRating.toFixed(1)}</span>
                  <Stars value={it.averageRating} />
                </>
              )}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
