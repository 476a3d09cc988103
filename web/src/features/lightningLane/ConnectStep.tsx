import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { INVITATION_TTL_HOURS } from '@walkon/domain/rules/lightningLane';
import { disneyConnectInput } from '@walkon/domain/schemas';
import { formatTime } from '@walkon/domain/timeFormat';
import { CheckCircle2, Clock, Link2, Unlink } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useNow } from '../../lib/useNow.ts';
import { useTRPC } from '../../trpc.ts';
import { countdown, laneErrorToast } from './format.ts';
import type { LaneStatus } from './types.ts';

type Values = z.input<typeof disneyConnectInput>;

/** How the link is made, said plainly (docs/DESIGN.md §5: no public Disney API). */
function HowItConnects() {
  return (
    <p className="text-sm text-slate-600">
      There is no public Disney API for this. We record your request; a WalkOn operator adds your Disney account to our Friends &amp; Family
      list by hand and then marks it connected here (usually within {INVITATION_TTL_HOURS} hours). We do not send any e-mail to Disney or to
      you for this step.
    </p>
  );
}

/**
 * Step 1 of Lightning Lane Assist (docs/spec/part-2.md §2, §4, §5): the Disney e-mail form, then the pending
 * invitation with its expiry countdown ('Expired' at 0 or less), or the connected account; Disconnect
 * deletes the link. The link becomes connected only when an operator confirms it in /admin.
 */
export function ConnectStep({ status }: { status: LaneStatus }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow(1000);
  const account = status.disneyAccount;
  const form = useForm<Values, unknown, z.output<typeof disneyConnectInput>>({
    resolver: zodResolver(disneyConnectInput),
    defaultValues: { disneyEmail: account?.email ?? '' },
  });
  const connect = useMutation(
    trpc.lightningLane.connect.mutationOptions({
      onSuccess: async (r) => {
        toast.success('Invitation recorded', { description: r.message });
        await queryClient.invalidateQueries({ queryKey: trpc.lightningLane.status.queryKey() });
      },
      onError: (e) => toast.error(...toastArgs(laneErrorToast('invite', e))),
    }),
  );
  const disconnect = useMutation(
    trpc.lightningLane.disconnect.mutationOptions({
      onSuccess: async () => {
        toast.success('Disney account disconnected');
        form.reset({ disneyEmail: '' });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.lightningLane.status.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.lightningLane.adminLinks.queryKey() }),
        ]);
      },
      onError: (e) => toast.error(...toastArgs(laneErrorToast('disconnect', e))),
    }),
  );

  const left = account ? countdown(account.expiresAt, now) : '';
  const expired = account ? !account.isConnected && left === 'Expired' : false;
  const showForm = !account || expired;

  return (
    <Card aria-labelledby="ll-step1">
      <h2 id="ll-step1" className="mb-4 flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
        Step 1 · Connect your Disney account
        {account?.isConnected ? <Badge tone="green">Connected</Badge> : null}
        {account && !account.isConnected && !expired ? <Badge tone="amber">Invitation pending</Badge> : null}
        {expired ? <Badge tone="red">Expired</Badge> : null}
      </h2>
      {account?.isConnected ? (
        <div className="space-y-2">
          <p className="flex items-center gap-2 text-slate-800">
            <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />
            <span>
              <strong className="break-all">{account.email}</strong> is connected.
            </span>
          </p>
          {account.lastSync ? (
            <p className="text-sm text-slate-600">Confirmed {formatTime(account.lastSync, { viewer: undefined }, { date: true })}.</p>
          ) : null}
        </div>
      ) : null}

      {account && !account.isConnected ? (
        <div className="space-y-3">
          <p className="text-slate-800">
            Invitation for <strong className="break-all">{account.email}</strong> recorded{' '}
            {formatTime(account.invitationSentAt, { viewer: undefined }, { date: true })}.
          </p>
          <p className="flex items-center gap-2 font-semibold" aria-live="off">
            <Clock className="h-5 w-5 text-brand-700" aria-hidden="true" />
            {expired ? (
              <span className="text-red-700">Expired</span>
            ) : (
              <span>
                Expires in <span className="font-mono tabular-nums">{left}</span>
              </span>
            )}
          </p>
          {expired ? (
            <p className="text-sm text-slate-700">This request expired before it was confirmed. Request the connection again below.</p>
          ) : null}
          <HowItConnects />
        </div>
      ) : null}

      {showForm ? (
        <form
          className="mt-4 space-y-4"
          noValidate
          onSubmit={form.handleSubmit((v) => connect.mutate(v))}
          aria-label="Connect your Disney account"
        >
          {!account ? (
            <p className="text-slate-700">
              Enter the e-mail of your My Disney Experience account. We book Lightning Lanes through a Friends &amp; Family connection to
              it.
            </p>
          ) : null}
          <Field label="Disney account email" htmlFor="ll-disney-email" error={form.formState.errors.disneyEmail?.message}>
            <Input
              id="ll-disney-email"
              maxLength={MAX_LENGTH.email}
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.register('disneyEmail')}
            />
          </Field>
          <Button type="submit" disabled={connect.isPending} className="w-full sm:w-auto">
            <Link2 className="h-4 w-4" aria-hidden="true" />
            {connect.isPending ? 'Requesting…' : expired ? 'Request the connection again' : 'Request the connection'}
          </Button>
          {!account ? <HowItConnects /> : null}
        </form>
      ) : null}

      {account ? (
        <div className="mt-4">
          <Confirm
            title="Disconnect your Disney account?"
            description="The link is deleted. Auto-booking stops until you connect again."
            confirmText="Disconnect"
            onConfirm={() => disconnect.mutate()}
            trigger={
              <Button variant="secondary" size="sm" disabled={disconnect.isPending}>
                <Unlink className="h-4 w-4" aria-hidden="true" />
                Disconnect
              </Button>
            }
          />
        </div>
      ) : null}
    </Card>
  );
}

/** `toast.error(title, { description })` arguments from a ToastSpec. */
export function toastArgs(t: { title: string; description: string }): [string, { description: string }] {
  return [t.title, { description: t.description }];
}
