import { createFileRoute } from '@tanstack/react-router';
import { formatDistanceToNow } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { pageHead } from '../../components/InfoPage.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { useSession } from '../../features/auth/session.ts';
import { emptyDraft, type ItemDraft, ItemFields } from '../../features/rankings/ItemFields.tsx';
import { trpc } from '../../trpc.ts';

function Items() {
  const utils = trpc.useUtils();
  const items = trpc.admin.items.useQuery();
  const [draft, setDraft] = useState<ItemDraft>(emptyDraft());
  const add = trpc.admin.addItem.useMutation({
    onSuccess: async () => {
      toast.success('Item added successfully');
      setDraft((d) => ({ ...emptyDraft(d.type), parkId: d.parkId }));
      await utils.admin.items.invalidate();
    },
    onError: (e) => toast.error('Failed to add item', { description: e.message }),
  });
  const del = trpc.admin.deleteItem.useMutation({
    onSuccess: async () => {
      toast.success('Item deleted successfully');
      await utils.admin.items.invalidate();
    },
    onError: (e) => toast.error('Failed to delete item', { description: e.message }),
  });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Add New Item">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!draft.name.trim() || !draft.parkId) return toast.error('Error', { description: 'Please fill in all required fields' });
            add.mutate({ name: draft.name, type: draft.type, parkId: draft.parkId, description: draft.description || null });
          }}
        >
          <ItemFields idPrefix="item" value={draft} onChange={setDraft} />
          <Button type="submit" disabled={add.isPending}>
            Add Item
          </Button>
        </form>
      </Card>
      <Card title="Existing Items">
        {items.isPending ? <p className="text-slate-600">Loading…</p> : null}
        {items.isError ? <p role="alert">Failed to load items</p> : null}
        {items.data?.length === 0 ? <p className="text-slate-600">No items yet.</p> : null}
        <ul className="max-h-[600px] divide-y divide-slate-100 overflow-y-auto">
          {items.data?.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-semibold">{i.name}</span> <Badge tone="brand">{i.type}</Badge>
                <span className="block text-sm text-slate-600">{i.parkName}</span>
              </span>
              <Confirm
                title="Delete item"
                description="Are you sure you want to delete this item?"
                confirmText="Delete"
                onConfirm={() => del.mutate({ id: i.id })}
                trigger={
                  <Button variant="ghost" size="sm" aria-label={`Delete ${i.name}`}>
                    <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

function SiteSettings() {
  const utils = trpc.useUtils();
  const testimonials = trpc.site.testimonials.useQuery();
  const capacity = trpc.site.smsCapacity.useQuery();
  const [cap, setCap] = useState('');
  const setCapacity = trpc.site.setSmsCapacity.useMutation({
    onSuccess: async () => {
      toast.success('Capacity saved');
      await utils.site.invalidate();
    },
    onError: (e) => toast.error(e.message),
  });
  const del = trpc.site.deleteTestimonial.useMutation({
    onSuccess: () => utils.site.testimonials.invalidate(),
    onError: (e) => toast.error(e.message),
  });
  const add = trpc.site.addTestimonial.useMutation({
    onSuccess: async () => {
      toast.success('Testimonial added');
      await utils.site.testimonials.invalidate();
    },
    onError: (e) => toast.error(e.message),
  });
  const [t, setT] = useState({ name: '', parkVisited: '', text: '', rating: 5 });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Daily SMS capacity">
        <p className="text-sm text-slate-600">
          "Spots left" on the landing page = this number − SMS passes sold for the day. 0 hides the banner.
        </p>
        <form
          className="mt-3 flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setCapacity.mutate({ capacity: Number.parseInt(cap || '0', 10) });
          }}
        >
          <Field label={`Capacity (now ${capacity.data?.capacity ?? 'not set'})`} htmlFor="capacity">
            <Input id="capacity" type="number" min={0} value={cap} onChange={(e) => setCap(e.target.value)} />
          </Field>
          <Button type="submit">Save</Button>
        </form>
      </Card>
      <Card title="Testimonials">
        <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
          {testimonials.data?.map((x) => (
            <li key={x.id} className="flex items-start justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-semibold">{x.name}</span> {x.isSample ? <Badge tone="amber">sample</Badge> : null}
                <span className="block text-slate-600">{x.text}</span>
              </span>
              <Button variant="ghost" size="sm" aria-label={`Delete testimonial by ${x.name}`} onClick={() => del.mutate({ id: x.id })}>
                <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <form
          className="mt-4 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(t);
          }}
        >
          <Input aria-label="Name" placeholder="Name" value={t.name} onChange={(e) => setT({ ...t, name: e.target.value })} />
          <Input
            aria-label="Park visited"
            placeholder="Park visited"
            value={t.parkVisited}
            onChange={(e) => setT({ ...t, parkVisited: e.target.value })}
          />
          <Input aria-label="Testimonial" placeholder="Testimonial" value={t.text} onChange={(e) => setT({ ...t, text: e.target.value })} />
          <Select aria-label="Rating" value={t.rating} onChange={(e) => setT({ ...t, rating: Number(e.target.value) })}>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} stars
              </option>
            ))}
          </Select>
          <Button type="submit">Add testimonial</Button>
        </form>
      </Card>
    </div>
  );
}

function Outbox() {
  const list = trpc.admin.outbox.useQuery({ limit: 20 });
  return (
    <Card title="Outbox (latest 20)">
      <p className="mb-3 text-sm text-slate-600">
        Messages written by NOTIFY_TRANSPORT=outbox. Queues:{' '}
        <a href="/admin/queues" className="font-semibold underline">
          Bull Board
        </a>
        .
      </p>
      {list.data?.length === 0 ? <p className="text-slate-600">The outbox is empty.</p> : null}
      <ul className="divide-y divide-slate-100 text-sm">
        {list.data?.map((m) => (
          <li key={m.id} className="py-2">
            <span className="font-semibold">{m.channel === 'sms' ? 'SMS' : 'E-mail'}</span> to {m.to_address} ·{' '}
            {formatDistanceToNow(new Date(m.created_at), { addSuffix: true })}
            <span className="block text-slate-700">{m.subject ?? m.body_text.slice(0, 120)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const STATUSES = ['new', 'contacted', 'accepted', 'declined'] as const;

function Affiliates() {
  const utils = trpc.useUtils();
  const list = trpc.affiliate.list.useQuery();
  const setStatus = trpc.affiliate.setStatus.useMutation({
    onSuccess: () => utils.affiliate.list.invalidate(),
    onError: (e) => toast.error(e.message),
  });
  return (
    <Card title="Affiliate applications">
      {list.isPending ? <p className="text-slate-600">Loading…</p> : null}
      {list.data?.length === 0 ? <p className="text-slate-600">No applications yet.</p> : null}
      <ul className="divide-y divide-slate-100">
        {list.data?.map((a) => (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
            <span>
              <span className="font-semibold">{a.full_name}</span> · {a.email} · {a.primary_platform} ·{' '}
              {a.total_followers.toLocaleString('en-US')} followers
              <span className="block text-slate-600">{a.why_join}</span>
            </span>
            <Select
              aria-label={`Status of ${a.full_name}`}
              className="w-40"
              value={a.status}
              onChange={(e) => setStatus.mutate({ id: a.id, status: e.target.value as (typeof STATUSES)[number] })}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Admin() {
  const { isAdmin } = useSession();
  if (!isAdmin) return <AccessDenied message="You do not have admin privileges" />;
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <Items />
      <SiteSettings />
      <Affiliates />
      <Outbox />
    </main>
  );
}

export const Route = createFileRoute('/_authed/admin')({
  head: pageHead('Admin', 'Manage ranking items, testimonials, SMS capacity and the outbox.'),
  component: Admin,
});
