import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from '../../components/ui/card.tsx';
import { Select } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

const STATUSES = ['new', 'contacted', 'accepted', 'declined'] as const;

/** The affiliate applications (docs/spec/part-2.md §5) with a status each: new, contacted, accepted or declined. */
export function AdminAffiliates() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.affiliate.list.queryOptions());
  const setStatus = useMutation(
    trpc.affiliate.setStatus.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.affiliate.list.queryKey() }),
      onError: (e) => toast.error(e.message),
    }),
  );
  return (
    <Card title="Affiliate applications">
      {list.isPending ? <p className="text-slate-600">Loading…</p> : null}
      {list.data?.length === 0 ? <p className="text-slate-600">No applications yet.</p> : null}
      <ul className="divide-y divide-slate-100">
        {list.data?.map((a) => (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
            <span>
              <span className="font-semibold">{a.fullName}</span> · {a.email} · {a.primaryPlatform} ·{' '}
              {a.totalFollowers.toLocaleString('en-US')} followers
              <span className="block text-slate-600">{a.whyJoin}</span>
            </span>
            <div className="w-40">
              <Select
                aria-label={`Status of ${a.fullName}`}
                value={a.status}
                onChange={(e) => setStatus.mutate({ id: a.id, status: e.target.value as (typeof STATUSES)[number] })}
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
