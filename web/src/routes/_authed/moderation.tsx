import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { pageHead } from '../../components/InfoPage.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

type Status = 'pending' | 'approved' | 'rejected';
const EMPTY: Record<Status, string> = {
  pending: 'No pending requests',
  approved: 'No approved requests',
  rejected: 'No rejected requests',
};

function RequestList({ status }: { status: Status }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.moderation.list.queryOptions({ status }));
  const done = () => queryClient.invalidateQueries({ queryKey: trpc.moderation.list.queryKey() });
  const approve = useMutation(
    trpc.moderation.approve.mutationOptions({
      onSuccess: async (r) => {
        toast.success('Request Approved', {
          description: `"${r.name}" has been ${r.kind === 'edit' ? 'updated in' : 'added to'} the rankings`,
        });
        await done();
      },
      onError: (e) => toast.error('Failed to approve request', { description: e.message }),
    }),
  );
  const reject = useMutation(
    trpc.moderation.reject.mutationOptions({
      onSuccess: async () => {
        toast.success('Request Rejected', { description: 'The request has been rejected' });
        await done();
      },
      onError: (e) => toast.error('Failed to reject request', { description: e.message }),
    }),
  );
  if (list.isPending) {
    return (
      <ul aria-label="Loading requests" className="space-y-3">
        {['a', 'b', 'c'].map((k) => (
          <li key={k} className="h-28 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (list.isError) return <p role="alert">Failed to load requests</p>;
  if (list.data.requests.length === 0) return <p className="py-8 text-center text-slate-600">{EMPTY[status]}</p>;
  return (
    <ul className="space-y-3">
      {list.data.requests.map((r) => (
        <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-bold">{r.name}</h3>
            <Badge tone="brand">{r.type}</Badge>
            <Badge tone={r.status === 'approved' ? 'green' : r.status === 'rejected' ? 'red' : 'amber'}>{r.status}</Badge>
            {r.kind === 'edit' ? <Badge tone="blue">edit of “{r.originalName}”</Badge> : <Badge tone="slate">new item</Badge>}
          </div>
          <p className="text-sm text-slate-600">{r.parkName}</p>
          {r.kind === 'edit' && r.originalDescription !== r.description ? (
            <div className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
              <p>
                <span className="font-semibold">Current:</span> {r.originalDescription ?? '—'}
              </p>
              <p>
                <span className="font-semibold">Proposed:</span> {r.description ?? '—'}
              </p>
            </div>
          ) : r.description ? (
            <p className="mt-2 text-slate-800">{r.description}</p>
          ) : null}
          {r.status === 'pending' ? (
            <div className="mt-3 flex gap-2">
              <Confirm
                trigger={
                  <Button size="sm" disabled={approve.isPending} aria-label={`Approve “${r.name}”`}>
                    Approve
                  </Button>
                }
                title={`Approve “${r.name}”?`}
                description={
                  r.kind === 'edit'
                    ? `The ranking item “${r.originalName}” is updated with this suggestion. This cannot be undone here.`
                    : `“${r.name}” is added to the rankings of ${r.parkName}. This cannot be undone here.`
                }
                confirmText="Approve"
                confirmVariant="primary"
                onConfirm={() => approve.mutate({ id: r.id })}
              />
              <Confirm
                trigger={
                  <Button size="sm" variant="danger" disabled={reject.isPending} aria-label={`Reject “${r.name}”`}>
                    Reject
                  </Button>
                }
                title={`Reject “${r.name}”?`}
                description="The suggestion is closed as rejected and nothing in the rankings changes. This cannot be undone here."
                confirmText="Reject"
                onConfirm={() => reject.mutate({ id: r.id })}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Moderation() {
  const trpc = useTRPC();
  const { isModerator } = useSession();
  const [tab, setTab] = useState<Status>('pending');
  const counts = useQuery(trpc.moderation.list.queryOptions({ status: 'pending' }, { enabled: isModerator }));
  if (!isModerator) return <AccessDenied message="You need moderator privileges to access this page" />;
  const c = counts.data?.counts;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Moderation Dashboard</h1>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Status)} className="mt-6">
        <Tabs.List aria-label="Request status" className="mb-4 grid grid-cols-3 rounded-lg bg-slate-100 p-1">
          {(['pending', 'approved', 'rejected'] as const).map((s) => (
            <Tabs.Trigger
              key={s}
              value={s}
              className="rounded-md py-2 text-sm font-semibold capitalize text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow"
            >
              {s} ({c?.[s] ?? '…'})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['pending', 'approved', 'rejected'] as const).map((s) => (
          <Tabs.Content key={s} value={s}>
            <RequestList status={s} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}

export const Route = createFileRoute('/_authed/moderation')({
  head: pageHead('Moderation', 'Approve or reject suggested items and edits.'),
  component: Moderation,
});
