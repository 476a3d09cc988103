import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useTRPC } from '../../trpc.ts';
import { alertMode, QUEUE_NAMES, queueStateLabel, type ReturnTimeRow, returnTimeRows } from './returnTimeAlertRows.ts';

const selectClass = 'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 disabled:bg-slate-100';

/** A return-time alert being edited on Manage Alerts (saved with Save Changes). */
export interface ReturnTimeDraft {
  parkId: string;
  rideId: string;
  queueType: ReturnTimeRow['queueType'];
  mode: 'off' | 'available' | 'before';
  /** Park-local 'HH:MM' for `before`. */
  time: string;
  /** What is saved now. */
  savedMode: 'off' | 'available' | 'before';
  savedTime: string | null;
}

/** Whether a draft differs from what is saved (and so needs Save Changes). */
export function draftChanged(d: ReturnTimeDraft): boolean {
  if (d.mode !== d.savedMode) return true;
  return d.mode === 'before' && d.time !== (d.savedTime ?? '');
}

/**
 * Lightning Lane return-time alerts for one park (docs/decisions/017, beyond the spec), mounted in each Manage Alerts park
 * card: per watched attraction and return-time queue in the live data, its current state ("Available from
 * 7:20 PM park time", "Sold out", "Not offered right now") and a control: Off / When available / Available
 * before a park-local time. Controlled by the page: a change is a draft (`drafts` by row key, `onDraft`) saved
 * with the page's Save Changes like every other setting there (one save model).
 */
export function ReturnTimeAlerts({
  parkId,
  drafts,
  onDraft,
}: {
  parkId: string;
  drafts: Record<string, ReturnTimeDraft>;
  onDraft: (key: string, draft: ReturnTimeDraft) => void;
}) {
  const trpc = useTRPC();
  const headingId = useId();
  const list = useQuery(trpc.returnTimeAlerts.list.queryOptions({ parkId }));
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
              <ReturnTimeAlertRow
                key={row.key}
                row={row}
                parkId={parkId}
                canSet={list.data.hasPass}
                draft={drafts[`${parkId}|${row.key}`]}
                onDraft={(d) => onDraft(`${parkId}|${row.key}`, d)}
              />
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
        Get an alert when a watched attraction's return time opens up, or opens up before a time you pick (park time). Saved with Save
        Changes; at most one alert per attraction and Lightning Lane type a day.
      </p>
      {body}
    </section>
  );
}

/** One attraction + queue: live state and the Off / When available / Available before control (a draft). */
function ReturnTimeAlertRow({
  row,
  parkId,
  canSet,
  draft,
  onDraft,
}: {
  row: ReturnTimeRow;
  parkId: string;
  canSet: boolean;
  draft: ReturnTimeDraft | undefined;
  onDraft: (d: ReturnTimeDraft) => void;
}) {
  const id = useId();
  const saved = alertMode(row.beforeTime);
  const current: ReturnTimeDraft = draft ?? {
    parkId,
    rideId: row.rideId,
    queueType: row.queueType,
    mode: saved,
    time: row.beforeTime ?? '',
    savedMode: saved,
    savedTime: row.beforeTime ?? null,
  };
  const mode = current.mode;
  const time = current.time;
  const state = queueStateLabel(row.queue);
  const label = `${row.rideName}, ${QUEUE_NAMES[row.queueType]}`;
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
          {!row.fresh && row.queue && row.staleReason ? <span>({row.staleReason})</span> : null}
          {!row.watching ? <span>(ride alerts off for this attraction)</span> : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={`${id}-mode`}
          aria-label={`Return-time alert for ${label}`}
          className={selectClass}
          value={mode}
          disabled={!settable && saved === 'off'}
          onChange={(e) => onDraft({ ...current, mode: e.target.value as typeof mode })}
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
          <input
            type="time"
            aria-label={`Alert when ${label} returns before (park time)`}
            className={selectClass}
            value={time}
            required
            onChange={(e) => onDraft({ ...current, time: e.target.value })}
          />
        ) : null}
      </div>
    </li>
  );
}
