import { createFileRoute, Link } from '@tanstack/react-router';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { format } from 'date-fns';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { pageHead } from '../components/InfoPage.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { Field, Input, Select } from '../components/ui/field.tsx';
import { useSession } from '../features/auth/session.ts';
import { emptyDraft, type ItemDraft, ItemFields, type ItemType } from '../features/rankings/ItemFields.tsx';
import { StarPicker, Stars } from '../features/rankings/Stars.tsx';
import { toast } from '../lib/toast.ts';
import { trpc } from '../trpc.ts';

const TABS: { value: ItemType; label: string }[] = [
  { value: 'ride', label: 'Rides' },
  { value: 'food', label: 'Food' },
  { value: 'experience', label: 'Experiences' },
];

function ItemDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const detail = trpc.rankings.item.useQuery({ id });
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [editName, setEditName] = useState('');
  const [editDescription, setEditDescription] = useState('');
  const rate = trpc.rankings.rate.useMutation({
    onSuccess: async (r) => {
      toast.success('Success!', { description: r.created ? 'Rating submitted' : 'Rating updated' });
      if (r.filtered) toast.warning('Content Filtered', { description: 'Inappropriate language has been filtered from your review' });
      // The form shows the comment as stored (masked), not what was typed.
      setComment(r.comment ?? '');
      await Promise.all([utils.rankings.item.invalidate({ id }), utils.rankings.list.invalidate()]);
    },
    onError: (e) => toast.error('Error', { description: e.data?.code === 'BAD_REQUEST' ? e.message : 'Failed to submit rating' }),
  });
  const suggestEdit = trpc.rankings.suggestEdit.useMutation({
    onSuccess: (r) => {
      toast.success('Edit Request Submitted!', { description: 'Your suggested changes will be reviewed by moderators' });
      if (r.filtered) toast.warning('Content Filtered', { description: 'Inappropriate language has been filtered from your suggestion' });
      setEditing(false);
    },
    onError: (e) =>
      toast.error(e.message === 'Please make changes before submitting' ? 'No Changes' : 'Failed to submit edit request', {
        description: e.message,
      }),
  });
  const d = detail.data;
  const myRating = rating ?? d?.myRating?.rating ?? 0;
  const myComment = comment ?? d?.myRating?.comment ?? '';
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()} title={d?.item.name ?? 'Loading…'}>
      {!d ? (
        <p className="text-slate-600">Loading…</p>
      ) : (
        <div className="space-y-5">
          <div>
            <p className="text-slate-700">{d.item.parkName}</p>
            {d.item.description ? <p className="mt-1 text-slate-700">{d.item.description}</p> : null}
            <p className="mt-2 flex items-center gap-2">
              <Stars value={d.item.averageRating} />
              <span className="font-semibold">{d.item.averageRating === null ? 'N/A' : d.item.averageRating.toFixed(1)}</span>
              <span className="text-sm text-slate-600">
                ({d.item.totalReviews} review{d.item.totalReviews === 1 ? '' : 's'})
              </span>
            </p>
          </div>
          {user ? (
            <form
              className="space-y-3 rounded-xl bg-slate-50 p-4"
              onSubmit={(e) => {
                e.preventDefault();
                if (myRating < 1) return toast.error('Rating Required', { description: 'Please select a star rating' });
                rate.mutate({ itemId: id, rating: myRating, comment: myComment.trim() || null });
              }}
            >
              <h3 className="font-bold">{d.myRating ? 'Update Your Rating' : 'Rate This Item'}</h3>
              <StarPicker value={myRating} onChange={setRating} />
              <Field label="Comment (optional)" htmlFor="rating-comment">
                <textarea
                  id="rating-comment"
                  maxLength={MAX_LENGTH.ratingComment}
                  className="w-full rounded-lg border border-slate-300 p-2"
                  rows={3}
                  value={myComment}
                  onChange={(e) => setComment(e.target.value)}
                />
              </Field>
              <Button type="submit" disabled={rate.isPending}>
                {d.myRating ? 'Update Rating' : 'Submit Rating'}
              </Button>
            </form>
          ) : (
            <p className="rounded-xl bg-slate-50 p-4 text-slate-700">
              <Link to="/auth" search={{ redirect: '/park-rankings' }} className="font-semibold underline">
                Sign in to rate this item
              </Link>
            </p>
          )}
          {user ? (
            editing ? (
              <form
                className="space-y-3 rounded-xl border border-slate-200 p-4"
                onSubmit={(e) => {
                  e.preventDefault();
                  suggestEdit.mutate({ itemId: id, name: editName, description: editDescription });
                }}
              >
                <h3 className="font-bold">Suggest Edit</h3>
                <Field label="Name" htmlFor="edit-name">
                  <Input id="edit-name" maxLength={MAX_LENGTH.itemName} value={editName} onChange={(e) => setEditName(e.target.value)} />
                </Field>
                <Field label="Description" htmlFor="edit-description">
                  <textarea
                    id="edit-description"
                    maxLength={MAX_LENGTH.itemDescription}
                    className="w-full rounded-lg border border-slate-300 p-2"
                    rows={3}
                    value={editDescription}
                    onChange={(e) => setEditDescription(e.target.value)}
                  />
                </Field>
                <div className="flex gap-2">
                  <Button type="submit" disabled={suggestEdit.isPending}>
                    Submit Edit Request
                  </Button>
                  <Button variant="secondary" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setEditName(d.item.name);
                  setEditDescription(d.item.description ?? '');
                  setEditing(true);
                }}
              >
                Suggest Edit
              </Button>
            )
          ) : null}
          <section>
            <h3 className="font-bold">Recent Reviews</h3>
            {d.reviews.length === 0 ? (
              <p className="mt-2 text-slate-600">No reviews yet. Be the first to review!</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100">
                {d.reviews.map((r) => (
                  <li key={r.id} className="py-2">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-semibold">{r.reviewer}</span>
                      <span className="text-slate-600">{format(new Date(r.createdAt), 'MMM d, yyyy')}</span>
                      <Stars value={r.rating} />
                    </p>
                    {r.comment ? <p className="mt-1 text-slate-800">{r.comment}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

function AddItemDialog({ onClose, defaultType }: { onClose: () => void; defaultType: ItemType }) {
  const [draft, setDraft] = useState<ItemDraft>(emptyDraft(defaultType));
  const suggest = trpc.rankings.suggestNew.useMutation({
    onSuccess: (r) => {
      toast.success('Request Submitted!', { description: 'Your suggestion will be reviewed by moderators' });
      if (r.filtered) toast.warning('Content Filtered', { description: 'Inappropriate language has been filtered from your suggestion' });
      onClose();
    },
    onError: (e) => toast.error('Failed to submit request', { description: e.message }),
  });
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()} title="Add New Item">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!draft.name.trim() || !draft.parkId) return toast.error('Error', { description: 'Please fill in all required fields' });
          suggest.mutate({ name: draft.name, parkId: draft.parkId, type: draft.type, description: draft.description || null });
        }}
      >
        <ItemFields idPrefix="new" value={draft} onChange={setDraft} />
        <Button type="submit" disabled={suggest.isPending}>
          Submit Suggestion
        </Button>
      </form>
    </Dialog>
  );
}

function RankingList({
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
  const list = trpc.rankings.list.useQuery({ type, sort, ...(parkId ? { parkId } : {}) });
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

function ParkRankings() {
  const { user } = useSession();
  const parks = trpc.rankings.parks.useQuery();
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
