import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '@walkon/domain/timeFormat';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { toast } from '../../lib/toast.ts';
import { useNow } from '../../lib/useNow.ts';
import { useTRPC } from '../../trpc.ts';
import { countdown } from './format.ts';
import type { AdminLink } from './types.ts';

/**
 * /admin section (docs/rules.md R40; docs/spec/part-2.md §4): the Disney account links of Lightning Lane Assist, pending first.
 * There is no public Disney API: the operator adds the Disney e-mail to the Friends & Family list in Disney's
 * own app, then presses Confirm here, which marks the link connected. Expired invitations cannot be confirmed.
 */
export function AdminDisneyLinks() {
  const trpc = useTRPC();
  const links = useQuery(trpc.lightningLane.adminLinks.queryOptions(undefined, { refetchInterval: 60_000 }));
  const now = useNow(30_000);
  return (
    <Card title="Lightning Lane · Disney account links">
      <p className="mb-4 text-sm text-slate-600">
        Add the Disney e-mail to the Friends &amp; Family list in the Disney app by hand (there is no public API), then confirm the link
        here. Invitations expire after 24 hours.
      </p>
      {links.isPending ? <p className="text-slate-600">Loading…</p> : null}
      {links.isError ? <p role="alert">Failed to load Disney account links: {links.error.message}</p> : null}
      {links.data && links.data.length === 0 ? <p className="text-slate-700">No Disney account links yet.</p> : null}
      {links.data?.length ? (
        <ul className="divide-y divide-slate-200">
          {links.data.map((l) => (
            <LinkRow key={l.userId} link={l} now={now} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function LinkRow({ link, now }: { link: AdminLink; now: Date }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useMutation(
    trpc.lightningLane.adminConfirm.mutationOptions({
      onSuccess: async () => {
        toast.success('Disney account connected', { description: `${link.email} for ${link.accountEmail}` });
        await queryClient.invalidateQueries({ queryKey: trpc.lightningLane.adminLinks.queryKey() });
      },
      onError: (e) => toast.error('Connection Failed', { description: e.message }),
    }),
  );
  const left = countdown(link.expiresAt, now);
  const expired = !link.isConnected && left === 'Expired';
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <strong className="break-all text-base text-slate-900">{link.email}</strong>
          {link.isConnected ? (
            <Badge tone="green">Connected</Badge>
          ) : expired ? (
            <Badge tone="red">Expired</Badge>
          ) : (
            <Badge tone="amber">Pending</Badge>
          )}
        </p>
        <p className="break-all text-slate-700">
          Account: {link.accountName} · {link.accountEmail}
        </p>
        <p className="text-slate-600">
          Requested {formatTime(link.invitationSentAt, { viewer: undefined }, { date: true })}
          {link.isConnected
            ? ` · confirmed ${link.confirmedAt ? formatTime(link.confirmedAt, { viewer: undefined }, { date: true }) : ''}${link.confirmedByEmail ? ` by ${link.confirmedByEmail}` : ''}`
            : expired
              ? ''
              : ` · expires in ${left}`}
        </p>
      </div>
      {!link.isConnected ? (
        <Button size="sm" disabled={expired || confirm.isPending} onClick={() => confirm.mutate({ userId: link.userId })}>
          {confirm.isPending ? 'Confirming…' : 'Confirm connection'}
        </Button>
      ) : null}
    </li>
  );
}
