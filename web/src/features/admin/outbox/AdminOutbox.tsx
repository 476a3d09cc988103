import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { Card } from '../../../components/ui/card.tsx';
import { useTRPC } from '../../../trpc.ts';

/** The latest 20 messages of the outbox transport (NOTIFY_TRANSPORT=outbox), and the link to Bull Board's job queues. */
export function AdminOutbox() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.outbox.queryOptions({ limit: 20 }));
  return (
    <Card title="Outbox (latest 20)">
      <p className="mb-3 text-sm text-slate-600">
        The e-mails and texts WalkOn sent while delivery goes to this outbox instead of Amazon SES and SNS (the development and demo
        setting), newest first. Job queues:{' '}
        <a href="/admin/queues" className="font-semibold underline">
          Bull Board
        </a>
        .
      </p>
      {list.data?.length === 0 ? <p className="text-slate-600">The outbox is empty.</p> : null}
      <ul className="divide-y divide-slate-100 text-sm">
        {list.data?.map((m) => (
          <li key={m.id} className="py-2">
            <span className="font-semibold">{m.channel === 'sms' ? 'SMS' : 'E-mail'}</span> to {m.toAddress} ·{' '}
            {formatDistanceToNow(new Date(m.createdAt), { addSuffix: true })}
            <span className="block text-slate-700">{m.subject ?? m.bodyText.slice(0, 120)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
