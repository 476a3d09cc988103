import { zodResolver } from '@hookform/resolvers/zod';
import { createFileRoute } from '@tanstack/react-router';
import { formatUsd } from '@walkon/domain/money';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { promoCreateInput } from '@walkon/domain/schemas';
import { format, formatDistanceToNow } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { pageHead } from '../../components/InfoPage.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { AdminRoles } from '../../features/account/AdminRoles.tsx';
import { AdminAlertCaps } from '../../features/alerts/AdminAlertCaps.tsx';
import { useSession } from '../../features/auth/session.ts';
import { AdminFeatureGates } from '../../features/gates/AdminFeatureGates.tsx';
import { AdminDisneyLinks } from '../../features/lightningLane/AdminDisneyLinks.tsx';
import { emptyDraft, type ItemDraft, ItemFields } from '../../features/rankings/ItemFields.tsx';
import { AdminRestaurantCheck } from '../../features/restaurants/AdminRestaurantCheck.tsx';
import { toast } from '../../lib/toast.ts';
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
                <span className="font-semibold">{x.name}</span>
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
          <Input
            aria-label="Name"
            maxLength={MAX_LENGTH.testimonialName}
            placeholder="Name"
            value={t.name}
            onChange={(e) => setT({ ...t, name: e.target.value })}
          />
          <Input
            aria-label="Park visited"
            maxLength={MAX_LENGTH.testimonialPark}
            placeholder="Park visited"
            value={t.parkVisited}
            onChange={(e) => setT({ ...t, parkVisited: e.target.value })}
          />
          <Input
            aria-label="Testimonial"
            maxLength={MAX_LENGTH.testimonialText}
            placeholder="Testimonial"
            value={t.text}
            onChange={(e) => setT({ ...t, text: e.target.value })}
          />
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
            <span className="font-semibold">{m.channel === 'sms' ? 'SMS' : 'E-mail'}</span> to {m.toAddress} ·{' '}
            {formatDistanceToNow(new Date(m.createdAt), { addSuffix: true })}
            <span className="block text-slate-700">{m.subject ?? m.bodyText.slice(0, 120)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

interface PromoFormValues {
  code: string;
  kind: 'free_days' | 'percent_off';
  channel: 'email' | 'sms' | 'any';
  days: number;
  percentOff: number | null;
  maxUses: number | null;
  expiresAt: string | null;
}

const PROMO_DEFAULTS: PromoFormValues = {
  code: '',
  kind: 'free_days',
  channel: 'email',
  days: 1,
  percentOff: null,
  maxUses: null,
  expiresAt: null,
};

/** A datetime-local value ("2026-12-01T09:00", the admin's clock) as an ISO instant, or null when empty. */
function localToIso(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

/**
 * Promo codes (issue 3 item 4): create free e-mail day codes or percent-off codes, see their uses, turn them
 * on and off. The server validates again (admin only) and upper-cases the code.
 */
function PromoCodes() {
  const utils = trpc.useUtils();
  const list = trpc.admin.promoCodes.useQuery();
  const form = useForm<PromoFormValues>({
    resolver: zodResolver(promoCreateInput) as unknown as Resolver<PromoFormValues>,
    defaultValues: PROMO_DEFAULTS,
  });
  const kind = form.watch('kind');
  const create = trpc.admin.createPromoCode.useMutation({
    onSuccess: async (r) => {
      toast.success('Promo code created', { description: r.code });
      form.reset(PROMO_DEFAULTS);
      await utils.admin.promoCodes.invalidate();
    },
    onError: (e) => toast.error('Could not create the promo code', { description: e.message }),
  });
  const setActive = trpc.admin.setPromoCodeActive.useMutation({
    onSuccess: () => utils.admin.promoCodes.invalidate(),
    onError: (e) => toast.error('Could not update the promo code', { description: e.message }),
  });
  const err = form.formState.errors;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="New promo code">
        <form
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit((v) =>
            create.mutate({
              ...v,
              percentOff: v.kind === 'percent_off' ? v.percentOff : null,
              days: v.kind === 'free_days' ? v.days : 1,
            }),
          )}
        >
          <Field label="Code" htmlFor="promo-code" error={err.code?.message}>
            <Input id="promo-code" maxLength={MAX_LENGTH.promoCode} className="uppercase" autoComplete="off" {...form.register('code')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Kind" htmlFor="promo-kind">
              <Select id="promo-kind" {...form.register('kind')}>
                <option value="free_days">Free e-mail days</option>
                <option value="percent_off">Percent off</option>
              </Select>
            </Field>
            <Field label="Channel" htmlFor="promo-channel" error={err.channel?.message}>
              <Select id="promo-channel" {...form.register('channel')}>
                <option value="email">E-mail</option>
                <option value="sms">SMS</option>
                <option value="any">Any</option>
              </Select>
            </Field>
            {kind === 'free_days' ? (
              <Field label="Free days" htmlFor="promo-days" error={err.days?.message}>
                <Input id="promo-days" type="number" min={1} max={30} inputMode="numeric" {...form.register('days')} />
              </Field>
            ) : (
              <Field label="Percent off" htmlFor="promo-percent" error={err.percentOff?.message}>
                <Input
                  id="promo-percent"
                  type="number"
                  min={1}
                  max={99}
                  inputMode="numeric"
                  {...form.register('percentOff', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
                />
              </Field>
            )}
            <Field label="Max uses (optional)" htmlFor="promo-max" error={err.maxUses?.message}>
              <Input
                id="promo-max"
                type="number"
                min={1}
                inputMode="numeric"
                {...form.register('maxUses', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
              />
            </Field>
          </div>
          <Field label="Expires (optional)" htmlFor="promo-expires" error={err.expiresAt?.message}>
            <Input id="promo-expires" type="datetime-local" {...form.register('expiresAt', { setValueAs: localToIso })} />
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create promo code'}
          </Button>
        </form>
      </Card>
      <Card title="Promo codes">
        {list.isPending ? <p className="text-slate-600">Loading…</p> : null}
        {list.isError ? <p role="alert">Failed to load promo codes</p> : null}
        {list.data?.length === 0 ? <p className="text-slate-600">No promo codes yet.</p> : null}
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Promo codes">
          {list.data?.map((c) => (
            <li key={c.code} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-mono font-semibold">{c.code}</span>{' '}
                <Badge tone={c.active ? 'green' : 'slate'}>{c.active ? 'active' : 'off'}</Badge>
                <span className="block text-slate-600">
                  {c.kind === 'free_days' ? `${c.days} free day${c.days === 1 ? '' : 's'}` : `${c.percentOff}% off`} · {c.channel} ·{' '}
                  {c.uses}
                  {c.maxUses !== null ? ` of ${c.maxUses}` : ''} used
                  {c.expiresAt ? ` · expires ${format(new Date(c.expiresAt), 'PPp')}` : ''}
                </span>
              </span>
              <Switch
                label={`${c.code} active`}
                checked={c.active}
                onCheckedChange={(v) => setActive.mutate({ code: c.code, active: v })}
              />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** The latest checkout sessions (issue 3): who paid what for which dates, and whether it was fulfilled. */
function Checkouts() {
  const list = trpc.admin.checkouts.useQuery();
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

function Admin() {
  const { isAdmin } = useSession();
  if (!isAdmin) return <AccessDenied message="You do not have admin privileges" />;
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <AdminFeatureGates />
      <AdminRoles />
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminDisneyLinks />
        <AdminRestaurantCheck />
      </div>
      <Items />
      <AdminAlertCaps />
      <SiteSettings />
      <PromoCodes />
      <Checkouts />
      <Affiliates />
      <Outbox />
    </main>
  );
}

export const Route = createFileRoute('/_authed/admin')({
  head: pageHead(
    'Admin',
    'Manage feature gates and early access, ranking items, daily alert caps, testimonials, SMS capacity, promo codes, checkouts and the outbox.',
  ),
  component: Admin,
});
