import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_CAP_MAX, ALERT_CAP_MIN } from '@walkon/domain/rules/alerts';
import { alertDailyCapsInput } from '@walkon/domain/schemas';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

type CapsForm = { sms: number; email: number };

/**
 * /admin: the daily alert caps per person and channel (docs/DESIGN.md §2.5): how many alert messages one person may
 * get per day by SMS and by e-mail (whole numbers 1–500, defaults 30 and 60). The alert engine reads them when
 * it sends and holds back, and records, what exceeds them. react-hook-form with the server's own schema; the
 * server re-checks the role and the range.
 */
export function AdminAlertCaps() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const caps = useQuery(trpc.admin.alertDailyCaps.queryOptions());
  const form = useForm<CapsForm>({ resolver: zodResolver(alertDailyCapsInput) as unknown as Resolver<CapsForm> });
  const { reset } = form;
  useEffect(() => {
    if (caps.data) reset({ sms: caps.data.sms, email: caps.data.email });
  }, [caps.data, reset]);
  const save = useMutation(
    trpc.admin.setAlertDailyCaps.mutationOptions({
      onSuccess: async (r) => {
        toast.success('Daily caps saved', { description: `Up to ${r.sms} texts and ${r.email} e-mails per person per day.` });
        await queryClient.invalidateQueries({ queryKey: trpc.admin.alertDailyCaps.queryKey() });
      },
      onError: (e) => toast.error('Could not save the daily caps', { description: e.message }),
    }),
  );
  const err = form.formState.errors;
  const asNumber = { setValueAs: (v: unknown) => (v === '' || v === null ? Number.NaN : Number(v)) };
  return (
    <Card title="Daily alert caps">
      <p className="text-sm text-slate-600">
        The most alert messages one person gets per day on each channel (several rides in one message count once). The alert engine holds
        back, and records, anything over the cap.
      </p>
      {caps.isPending ? (
        <Spinner label="Loading the caps…" />
      ) : caps.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {caps.error.message}
        </p>
      ) : (
        <form className="mt-3 space-y-3" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label="SMS per person per day"
              htmlFor="cap-sms"
              error={err.sms?.message}
              hint={`Default ${caps.data.defaults.sms}; ${ALERT_CAP_MIN}–${ALERT_CAP_MAX}.`}
            >
              <Input
                id="cap-sms"
                type="number"
                inputMode="numeric"
                min={ALERT_CAP_MIN}
                max={ALERT_CAP_MAX}
                {...form.register('sms', asNumber)}
              />
            </Field>
            <Field
              label="E-mails per person per day"
              htmlFor="cap-email"
              error={err.email?.message}
              hint={`Default ${caps.data.defaults.email}; ${ALERT_CAP_MIN}–${ALERT_CAP_MAX}.`}
            >
              <Input
                id="cap-email"
                type="number"
                inputMode="numeric"
                min={ALERT_CAP_MIN}
                max={ALERT_CAP_MAX}
                {...form.register('email', asNumber)}
              />
            </Field>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save caps'}
          </Button>
        </form>
      )}
    </Card>
  );
}
