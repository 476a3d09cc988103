import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { promoCreateInput } from '@walkon/domain/schemas';
import { formatTime } from '@walkon/domain/timeFormat';
import { type Resolver, useForm } from 'react-hook-form';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

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

/** An optional number field: an empty box is null (no value), anything else its number. */
const optionalNumber = { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) };

/**
 * Promo codes (docs/DESIGN.md §6 promo_codes; docs/features.md "Day passes and payments"): create free e-mail day codes or
 * percent-off codes, see their uses, turn them on and off. The server validates again (admin only) and
 * upper-cases the code.
 */
export function AdminPromoCodes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.promoCodes.queryOptions());
  const form = useForm<PromoFormValues>({
    resolver: zodResolver(promoCreateInput) as unknown as Resolver<PromoFormValues>,
    defaultValues: PROMO_DEFAULTS,
  });
  const kind = form.watch('kind');
  const create = useMutation(
    trpc.admin.createPromoCode.mutationOptions({
      onSuccess: async (r) => {
        if (r.weak) toast.warning('Promo code created, but easy to guess', { description: `${r.code}: ${r.weak}` });
        else toast.success('Promo code created', { description: r.code });
        form.reset(PROMO_DEFAULTS);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.promoCodes.queryKey() });
      },
      onError: (e) => toast.error('Could not create the promo code', { description: e.message }),
    }),
  );
  const setActive = useMutation(
    trpc.admin.setPromoCodeActive.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.promoCodes.queryKey() }),
      onError: (e) => toast.error('Could not update the promo code', { description: e.message }),
    }),
  );
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
                  {...form.register('percentOff', optionalNumber)}
                />
              </Field>
            )}
            <Field label="Max uses (optional)" htmlFor="promo-max" error={err.maxUses?.message}>
              <Input id="promo-max" type="number" min={1} inputMode="numeric" {...form.register('maxUses', optionalNumber)} />
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
                {c.weak ? (
                  <>
                    {' '}
                    <Badge tone="amber">weak</Badge>
                    <span className="block text-amber-800">{c.weak}</span>
                  </>
                ) : null}
                <span className="block text-slate-600">
                  {c.kind === 'free_days' ? `${c.days} free day${c.days === 1 ? '' : 's'}` : `${c.percentOff}% off`} · {c.channel} ·{' '}
                  {c.uses}
                  {c.maxUses !== null ? ` of ${c.maxUses}` : ''} used
                  {c.expiresAt ? ` · expires ${formatTime(c.expiresAt, { viewer: undefined }, { date: true })}` : ''}
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
