import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '@walkon/domain/money';
import { formatDistanceToNow } from 'date-fns';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useTRPC } from '../../trpc.ts';

/** The latest checkout sessions: who paid what for which dates, and whether it was fulfilled. */
export function AdminCheckouts() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.checkouts.queryOptions());
  return (
    <Card title="Checkout sessions (latest 50)">
      {list.isPending ? <p className="text-slate-600">Loading…</p> : null}
      {list.data?.length === 0 ? <p className="text-slate-600">No checkouts yet.</p> : null}
      <ul className="divide-y divide-slate-100 text-sm">
        {list.data?.map((c) => (
          <li key={c.id} className="py-2">
            <span className="font-semibold">{c.email}</span> · {c.channel === 'sms' ? 'SMS' : 'E-mail'} · {c.days.length} date
            {c.days.length === 1 ? '' : 's'} · {formatUsd(c.amountTotal)}{' '}
            <Badge tone={c.status === 'fulfilled' ? 'green' : c.status === 'open' ? 'amber' : 'slate'}>{c.status}</Badge>
            <span className="block text-slate-600">
              {c.days.join(', ')} · {formatDistanceToNow(new Date(c.createdAt), { addSuffix: true })} ·{' '}
              <span className="font-mono">{c.id}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
