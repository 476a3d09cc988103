import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { format } from 'date-fns';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { StarPicker, Stars } from './Stars.tsx';

/**
 * One ranked item (docs/spec/part-2.md §2): park, description, average and reviews; signed in, the person's rating
 * (1–5 stars and an optional comment, stored masked) and "Suggest Edit" for moderators to review.
 */
export function ItemDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const trpc = useTRPC();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.rankings.item.queryOptions({ id }));
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [editName, setEditName] = useState('');
  const [editDescription, setEditDescription] = useState('');
  const rate = useMutation(
    trpc.rankings.rate.mutationOptions({
      onSuccess: async (r) => {
        toast.success('Success!', { description: r.created ? 'Rating submitted' : 'Rating updated' });
        if (r.filtered) toast.warning('Content Filtered', { description: 'Inappropriate language has been filtered from your review' });
        // The form shows the comment as stored (masked), not what was typed.
        setComment(r.comment ?? '');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.rankings.item.queryKey({ id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.rankings.list.queryKey() }),
        ]);
      },
      onError: (e) => toast.error('Error', { description: e.data?.code === 'BAD_REQUEST' ? e.message : 'Failed to submit rating' }),
    }),
  );
  const suggestEdit = useMutation(
    trpc.rankings.suggestEdit.mutationOptions({
      onSuccess: (r) => {
        toast.success('Edit Request Submitted!', { description: 'Your suggested changes will be reviewed by moderators' });
        if (r.filtered) toast.warning('Content Filtered', { description: 'Inappropriate language has been filtered from your suggestion' });
        setEditing(false);
      },
      onError: (e) =>
        toast.error(e.message === 'Please make changes before submitting' ? 'No Changes' : 'Failed to submit edit request', {
          description: e.message,
        }),
    }),
  );
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
