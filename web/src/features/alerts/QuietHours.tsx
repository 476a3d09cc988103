import { Link } from '@tanstack/react-router';
import { quietHoursSetInput } from '@walkon/domain/schemas';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { toast } from '../../lib/toast.ts';
import { fetchApiQuery, useApiMutation, useApiQuery } from '../../lib/useApi.ts';

/**
 * Quiet hours of the account (docs/rules.md R16a): no ride alert between a park-local start and end (wrapping
 * midnight), set on /account with their own Save; Manage Alerts says whether they are on. Kept apart from
 * Mutes.tsx so the public ride page does not load the input schemas.
 */

const inputClass = 'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 disabled:bg-slate-100';

/** Quiet hours of the account (park-local start and end, wrapping midnight), with Save and Remove. */
export function QuietHoursCard() {
  const quiet = useApiQuery('quietHours.get', undefined);
  const [draft, setDraft] = useState<{ start: string; end: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () => fetchApiQuery('quietHours.get', undefined).catch(() => undefined);
  const save = useApiMutation('quietHours.set', {
    onSuccess: async (q) => {
      await reload();
      setDraft(null);
      toast.success(`Quiet hours saved: ${q.start}–${q.end} park time`);
    },
    onError: (e) => setError(e.message),
  });
  const remove = useApiMutation('quietHours.clear', {
    onSuccess: async () => {
      await reload();
      setDraft(null);
      toast.success('Quiet hours removed');
    },
    onError: (e) => toast.error('Could not remove quiet hours', { description: e.message }),
  });
  const startId = useId();
  const endId = useId();
  const current = draft ?? quiet.data ?? { start: '22:00', end: '07:00' };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = quietHoursSetInput.safeParse(current);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the times.');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <Card title="Quiet hours">
      <p className="text-sm text-slate-700">
        No ride alert reaches you between these times, in each park's own time zone. When they end, rides that are still short alert right
        away.
      </p>
      {quiet.data ? (
        <p role="status" className="mt-3 font-semibold text-slate-900" data-testid="quiet-hours-current">
          Quiet hours on: {quiet.data.start}–{quiet.data.end} park time
        </p>
      ) : quiet.data === null ? (
        <p className="mt-3 text-sm text-slate-600">No quiet hours set.</p>
      ) : null}
      <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <div className="space-y-1">
          <label htmlFor={startId} className="block text-sm font-semibold text-slate-800">
            From (park time)
          </label>
          <input
            id={startId}
            type="time"
            className={inputClass}
            value={current.start}
            onChange={(e) => setDraft({ ...current, start: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={endId} className="block text-sm font-semibold text-slate-800">
            Until (park time)
          </label>
          <input
            id={endId}
            type="time"
            className={inputClass}
            value={current.end}
            onChange={(e) => setDraft({ ...current, end: e.target.value })}
          />
        </div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save quiet hours'}
        </Button>
        {quiet.data ? (
          <Button size="sm" variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(undefined)}>
            Remove quiet hours
          </Button>
        ) : null}
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

/** Quiet hours in a line on Manage Alerts, with where to change them (the account page). */
export function QuietHoursNote() {
  const quiet = useApiQuery('quietHours.get', undefined);
  return (
    <p className="text-sm text-slate-700">
      {quiet.data ? (
        <strong>
          Quiet hours on: {quiet.data.start}–{quiet.data.end} park time.
        </strong>
      ) : (
        'No quiet hours set.'
      )}{' '}
      <Link to="/account" className="font-semibold text-brand-800 underline">
        {quiet.data ? 'Change quiet hours' : 'Set quiet hours'}
      </Link>
    </p>
  );
}
