import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { formatTime } from '@walkon/domain/timeFormat';
import type { AppRouter } from '@walkon/server';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import type { FeatureKey } from './FeatureGate.tsx';

type Overview = inferRouterOutputs<AppRouter>['features']['adminOverview'];
type Flag = Overview['flags'][number];

const STATE_LABEL = { off: 'Off', early_access: 'Early access', on: 'On for everyone' } as const;
const STATES = Object.keys(STATE_LABEL) as (keyof typeof STATE_LABEL)[];

/**
 * /admin sections for the server-side feature gates (docs/decisions/016, docs/DESIGN.md §6): each feature's state and expected
 * launch, early-access grants by account e-mail, and the requests the coming-soon form stores.
 */
export function AdminFeatureGates() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.features.adminOverview.queryOptions());
  return (
    <div className="grid gap-6">
      <Card title="Feature gates">
        {overview.isPending ? <p className="text-slate-600">Loading…</p> : null}
        {overview.isError ? <p role="alert">Failed to load feature gates: {overview.error.message}</p> : null}
        <div className="space-y-5">
          {overview.data?.flags.map((f) => (
            <FlagRow key={`${f.key}:${f.state}:${f.launchLabel}`} flag={f} />
          ))}
        </div>
      </Card>
      <EarlyAccess overview={overview.data} />
    </div>
  );
}

function FlagRow({ flag }: { flag: Flag }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState(flag.state);
  const [launch, setLaunch] = useState(flag.launchLabel);
  const save = useMutation(
    trpc.features.setFlag.mutationOptions({
      onSuccess: async () => {
        toast.success(`${flag.title}: ${STATE_LABEL[state].toLowerCase()}`);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.features.adminOverview.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.features.status.queryKey() }),
        ]);
      },
      onError: (e) => toast.error('Failed to save the feature gate', { description: e.message }),
    }),
  );
  const dirty = state !== flag.state || launch !== flag.launchLabel;
  return (
    <form
      className="grid gap-3 sm:grid-cols-[minmax(12rem,16rem)_minmax(12rem,1fr)_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ key: flag.key, state, launchLabel: launch });
      }}
    >
      <Field label={`State of ${flag.title}`} htmlFor={`gate-${flag.key}`}>
        <Select id={`gate-${flag.key}`} value={state} onChange={(e) => setState(e.target.value as Flag['state'])}>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABEL[s]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={`Expected launch of ${flag.title}`} htmlFor={`launch-${flag.key}`}>
        <Input
          id={`launch-${flag.key}`}
          value={launch}
          maxLength={40}
          placeholder="No date"
          aria-describedby={`launch-hint-${flag.key}`}
          onChange={(e) => setLaunch(e.target.value)}
        />
      </Field>
      <Button type="submit" aria-label={`Save ${flag.title}`} variant={dirty ? 'primary' : 'secondary'} disabled={!dirty || save.isPending}>
        Save
      </Button>
      <p id={`launch-hint-${flag.key}`} className="text-sm text-slate-600 sm:col-span-3">
        Expected launch: e.g. Q1 2027, March 2027 or 2027-03-15. Leave it empty, or let the date pass, and visitors see “Early access” with
        no date.
      </p>
    </form>
  );
}

function EarlyAccess({ overview }: { overview: Overview | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [feature, setFeature] = useState<FeatureKey>('restaurant_alerts');
  const [email, setEmail] = useState('');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.features.adminOverview.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.features.status.queryKey() }),
    ]);
  const title = (key: string) => overview?.flags.find((f) => f.key === key)?.title ?? key;
  const grant = useMutation(
    trpc.features.grant.mutationOptions({
      onSuccess: async (r) => {
        toast.success('Early access granted', { description: `${r.email} can now use ${title(feature)}.` });
        setEmail('');
        await refresh();
      },
      onError: (e) => toast.error('Could not grant early access', { description: e.message }),
    }),
  );
  const revoke = useMutation(
    trpc.features.revoke.mutationOptions({
      onSuccess: async () => {
        toast.success('Early access revoked');
        await refresh();
      },
      onError: (e) => toast.error('Could not revoke early access', { description: e.message }),
    }),
  );
  const resolve = useMutation(
    trpc.features.resolveRequest.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.status === 'granted' ? 'Early access granted' : 'Request dismissed');
        await refresh();
      },
      onError: (e) => toast.error('Could not handle the request', { description: e.message }),
    }),
  );
  const pending = overview?.requests.filter((r) => r.status === 'pending') ?? [];
  return (
    <Card title="Early access">
      <form
        className="grid gap-3 sm:grid-cols-2 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          grant.mutate({ key: feature, email });
        }}
      >
        <Field label="Feature" htmlFor="grant-feature">
          <Select id="grant-feature" value={feature} onChange={(e) => setFeature(e.target.value as FeatureKey)}>
            {(overview?.flags ?? []).map((f) => (
              <option key={f.key} value={f.key}>
                {f.title}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Account e-mail" htmlFor="grant-email">
          <Input
            id="grant-email"
            maxLength={MAX_LENGTH.email}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={grant.isPending || !email.trim()}>
          Grant early access
        </Button>
      </form>

      <h3 className="mt-6 mb-2 font-semibold">Requests ({pending.length} pending)</h3>
      {overview && overview.requests.length === 0 ? <p className="text-sm text-slate-600">No requests yet.</p> : null}
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
        {overview?.requests.map((r) => (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-semibold">{r.email}</span> · {title(r.featureKey)} ·{' '}
              {formatTime(r.createdAt, { viewer: undefined }, { date: true })}
              {r.message ? <span className="block text-slate-600">{r.message}</span> : null}
              {r.status === 'pending' && !r.accountUserId ? (
                <span className="block text-amber-800">No account with this e-mail yet.</span>
              ) : null}
            </span>
            {r.status === 'pending' ? (
              <span className="flex gap-2">
                <Confirm
                  trigger={
                    <Button size="sm" disabled={resolve.isPending} aria-label={`Grant ${title(r.featureKey)} to ${r.email}`}>
                      Grant
                    </Button>
                  }
                  title={`Grant ${title(r.featureKey)} to ${r.email}?`}
                  description={`${r.email} gets ${title(r.featureKey)} before everyone else and is told by e-mail.`}
                  confirmText="Grant early access"
                  confirmVariant="primary"
                  onConfirm={() => resolve.mutate({ id: r.id, grant: true })}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Dismiss the ${title(r.featureKey)} request of ${r.email}`}
                  disabled={resolve.isPending}
                  onClick={() => resolve.mutate({ id: r.id, grant: false })}
                >
                  Dismiss
                </Button>
              </span>
            ) : (
              <Badge tone={r.status === 'granted' ? 'green' : 'slate'}>{r.status}</Badge>
            )}
          </li>
        ))}
      </ul>

      <h3 className="mt-6 mb-2 font-semibold">Granted</h3>
      {overview && overview.grants.length === 0 ? <p className="text-sm text-slate-600">Nobody has early access yet.</p> : null}
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
        {overview?.grants.map((g) => (
          <li key={`${g.featureKey}:${g.userId}`} className="flex items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-semibold">{g.email}</span> · {title(g.featureKey)}
            </span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Revoke ${title(g.featureKey)} for ${g.email}`}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate({ key: g.featureKey, userId: g.userId })}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
