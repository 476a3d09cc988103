import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../trpc.ts';
import { alertMode, QUEUE_NAMES, queueStateLabel, type ReturnTimeRow, returnTimeRows } from './returnTimeAlertRows.ts';

const selectClass = 'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 disabled:bg-slate-100';

/**
 * Lightning Lane return-time alerts for one park (docs/decisions/017-return-time-alerts.md, beyond the spec), mounted in each Manage Alerts park
 * card: per watched attraction and return-time queue in the live data, its current state ("Available from
 * 7:20 PM", "Sold out", "Not offered right now") and a control: Off / When available / Available before a
 * park-local time. Changes are saved at once (not with Save Changes); alerts go out with the ride alerts.
 */
export function ReturnTimeAlerts({ parkId }: { parkId: string }) {
  const headingId = useId();
  const list = trpc.returnTimeAlerts.list.useQuery({ parkId });
  let body: ReactNode;
  if (list.isPending) body = <p className="text-sm text-slate-600">Loading Lightning Lane return times…</p>;
  else if (list.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
        <span>Could not load Lightning Lane return times.</span>
        <Button variant="secondary" size="sm" onClick={() => list.refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const { rows, notOffered } = returnTimeRows(list.data);
    body = (
      <>
        {!list.data.hasPass ? (
          <p className="text-sm text-slate-700">Return-time alerts need a pass for this park.</p>
        ) : !list.data.passToday ? (
          <p className="text-sm text-slate-700">Alerts go out on your pass days only; the times below are today's live data.</p>
        ) : null}
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">None of your watched attractions offers Lightning Lane in the live data right now.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-labelledby={headingId}>
            {rows.map((row) => (
              <ReturnTimeAlertRow key={row.key} row={row} parkId={parkId} canSet={list.data.hasPass} />
            ))}
          </ul>
        )}
        {notOffered > 0 && rows.length > 0 ? (
          <p className="mt-1 text-xs text-slate-500">
            {notOffered} other watched attraction{notOffered === 1 ? ' does' : 's do'} not offer Lightning Lane.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-base font-semibold">
        Lightning Lane return-time alerts
      </h3>
      <p className="mb-2 text-sm text-slate-600">
        Get an alert when a watched attraction's return time opens up, or opens up before a time you pick (park time). Saved as soon as you
        change it; at most one alert per attraction and Lightning Lane type a day.
      </p>
      {body}
    </section>
  );
}

/** One attraction + queue: live state and the Off / When available / Available before control. */
function ReturnTimeAlertRow({ row, parkId, canSet }: { row: ReturnTimeRow; parkId: string; canSet: boolean }) {
  const utils = trpc.useUtils();
  const id = useId();
  const saved = alertMode(row.beforeTime);
  const [mode, setMode] = useState(saved);
  const [time, setTime] = useState(row.beforeTime ?? '');
  const done = (what: string) => async () => {
    toast.success(what);
    await utils.returnTimeAlerts.list.invalidate({ parkId });
  };
  const fail = (e: { message: string }) => {
    setMode(saved);
    toast.error('Could not save the return-time alert', { description: e.message });
  };
  const set = trpc.returnTimeAlerts.set.useMutation({ onSuccess: done('Return-time alert saved'), onError: fail });
  const remove = trpc.returnTimeAlerts.remove.useMutation({ onSuccess: done('Return-time alert turned off'), onError: fail });
  const busy = set.isPending || remove.isPending;
  const state = queueStateLabel(row.queue);
  const label = `${row.rideName}, ${QUEUE_NAMES[row.queueType]}`;
  const target = { parkId, rideId: row.rideId, queueType: row.queueType };

  const onMode = (next: 'off' | 'available' | 'before') => {
    setMode(next);
    if (next === 'off' && saved !== 'off') remove.mutate(target);
    if (next === 'available') set.mutate({ ...target, beforeTime: null });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) set.mutate({ ...target, beforeTime: time });
    else toast.error('Could not save the return-time alert', { description: 'Enter a time like 14:30.' });
  };
  // An alert on an attraction no longer watched (or without a pass) can only be switched off.
  const settable = canSet && row.watching && row.queue !== null;

  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium">{row.rideName}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
          <span>
            {QUEUE_NAMES[row.queueType]}
            {row.queue?.priceLabel ? ` · ${row.queue.priceLabel}` : ''}
          </span>
          <Badge tone={state.tone}>{state.text}</Badge>
          {!row.fresh && row.queue ? <span>(live data not updated in 15+ min)</span> : null}
          {!row.watching ? <span>(ride alerts off for this attraction)</span> : null}
        </p>
      </div>
      <form className="flex flex-wrap items-center gap-2" onSubmit={onSubmit}>
        <select
          id={`${id}-mode`}
          aria-label={`Return-time alert for ${label}`}
          className={selectClass}
          value={mode}
          disabled={busy || (!settable && saved === 'off')}
          onChange={(e) => onMode(e.target.value as typeof mode)}
        >
          <option value="off">Off</option>
          <option value="available" disabled={!settable}>
            When available
          </option>
          <option value="before" disabled={!settable}>
            Available before…
          </option>
        </select>
        {mode === 'before' ? (
          <>
            <input
              type="time"
              aria-label={`Alert when ${label} returns before (park time)`}
              className={selectClass}
              value={time}
              required
              disabled={busy}
              onChange={(e) => setTime(e.target.value)}
            />
            <Button type="submit" size="sm" variant="secondary" disabled={busy || !settable || time === (row.beforeTime ?? '')}>
              {set.isPending ? 'Saving…' : 'Save'}
            </Button>
          </>
        ) : null}
      </form>
    </li>
  );
}
