import {
  DEFAULT_WINDOW,
  LIVE_FRESH_MS,
  MAX_PRICE_DOLLARS,
  PRIORITY_DEFAULT,
  PRIORITY_MAX,
  PRIORITY_MIN,
} from '@walkon/domain/rules/lightningLane';
import { FlaskConical, RefreshCw, SlidersHorizontal, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../trpc.ts';
import { formatPassDate } from '../checkout/dates.ts';
import { toastArgs } from './ConnectStep.tsx';
import { ageLabel, formatLanePrice, laneErrorToast, returnWindow, stateLabel } from './format.ts';
import type { Lane, LaneBooking, LanePreference, LaneStatus, LaneSubscription } from './types.ts';
import { useNow } from './useNow.ts';

/** Availability is re-read every 30 seconds (spec part 2 §9). */
export const AVAILABILITY_REFRESH_MS = 30_000;

/** The label every booking carries (DESIGN §5: the only booker is simulated). */
export const SIMULATED_LABEL = 'Simulated — no real Lightning Lane was booked';

/** The auto-booking rule in words (spec part 2 §4; the choice is jobs' chooseAutoBooking). */
export const AUTO_BOOKING_RULE =
  'After each live update (about once a minute) we book, among the available lanes you set a preference for, the one with the highest priority (10 is highest, 1 lowest; ties go to the earliest return time, then the name) — only when its return time is inside your window and its price is within your max, and never an attraction you already booked or cancelled today.';

/**
 * The active view of Lightning Lane Assist (spec part 2 §2): the auto-booking switch, availability from the
 * real live data (refreshed every 30 s) with a preference editor per attraction and a Book button, and the
 * bookings with Cancel. Every booking is labelled simulated.
 */
export function ActiveView({ parkId, status, subscription }: { parkId: string; status: LaneStatus; subscription: LaneSubscription }) {
  const canBook = status.isConnected && subscription.activeToday;
  return (
    <div className="space-y-6">
      <p role="note" className="flex items-start gap-2 rounded-xl border-2 border-amber-300 bg-amber-50 p-3 text-amber-950">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <span>
          <strong>Simulated bookings.</strong> Disney offers no public booking API, so bookings here are simulated: no real Lightning Lane
          is booked and nothing is charged by Disney. Availability is real.
        </span>
      </p>
      <AutoBooking status={status} />
      <AvailabilityCard parkId={parkId} canBook={canBook} status={status} subscription={subscription} />
      <BookingsCard parkId={parkId} />
    </div>
  );
}

/** The park's availability query (shared by the cards; react-query dedupes it), refreshed every 30 s. */
function useAvailability(parkId: string) {
  return trpc.lightningLane.availability.useQuery(
    { parkId },
    { refetchInterval: AVAILABILITY_REFRESH_MS, refetchIntervalInBackground: false },
  );
}

function AutoBooking({ status }: { status: LaneStatus }) {
  const utils = trpc.useUtils();
  const set = trpc.lightningLane.setAutoBooking.useMutation({
    onSuccess: async (r) => {
      toast.success(r.autoBooking ? 'Auto-booking on' : 'Auto-booking off');
      await utils.lightningLane.status.invalidate();
    },
    onError: (e) => toast.error(...toastArgs(laneErrorToast('autoBooking', e))),
  });
  const checked = set.isPending ? Boolean(set.variables?.enabled) : status.autoBooking;
  return (
    <Card>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="ll-auto-label" className="text-lg font-bold text-slate-900">
            Auto-booking
          </h2>
          <p className="mt-1 text-sm text-slate-700">{AUTO_BOOKING_RULE}</p>
          {!status.isConnected ? <p className="mt-2 text-sm font-medium text-amber-800">Needs a connected Disney account.</p> : null}
        </div>
        <Switch
          id="ll-auto"
          label="Auto-booking"
          checked={checked}
          onCheckedChange={(v) => {
            if (v && !status.isConnected) {
              toast.error('Disney Account Required', { description: 'Please connect your Disney account before turning on auto-booking.' });
              return;
            }
            set.mutate({ enabled: v });
          }}
        />
      </div>
    </Card>
  );
}

function AvailabilityCard({
  parkId,
  canBook,
  status,
  subscription,
}: {
  parkId: string;
  canBook: boolean;
  status: LaneStatus;
  subscription: LaneSubscription;
}) {
  const query = useAvailability(parkId);
  const preferences = trpc.lightningLane.preferences.useQuery({ parkId });
  const prefs = new Map((preferences.data ?? []).map((p) => [p.attractionId, p]));
  const now = useNow(5000);
  const [editing, setEditing] = useState<Lane | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const data = query.data;
  const reason = !status.isConnected
    ? 'Booking needs a connected Disney account (step 1).'
    : !subscription.activeToday
      ? 'Booking needs a Lightning Lane Assist day for this park today (step 2).'
      : null;
  return (
    <Card aria-labelledby="ll-availability">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="ll-availability" className="text-lg font-bold text-slate-900">
          Lightning Lane availability
        </h2>
        <Button variant="ghost" size="sm" onClick={() => query.refetch()} disabled={query.isFetching} aria-label="Refresh availability">
          <RefreshCw className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {query.isPending ? <Spinner label="Loading live availability…" /> : null}
      {query.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          Could not load availability: {query.error.message}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="text-sm text-slate-600">
            Source: {data.source} (Lightning Lane return times as Disney publishes them), read by our poller
            {data.polledAt ? (
              <>
                {' '}
                — last update <time dateTime={data.polledAt}>{ageLabel(data.polledAt, now)}</time>.
              </>
            ) : (
              ' — not read yet.'
            )}{' '}
            Refreshes every 30 seconds. Times are {data.parkName} time.
          </p>
          {data.polledAt && !data.fresh ? (
            <p role="status" className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
              This data is older than {LIVE_FRESH_MS / 60_000} minutes, so nothing can be booked from it until the next update.
            </p>
          ) : null}
          {reason ? <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm text-slate-700">{reason}</p> : null}
          {data.lanes.length === 0 ? (
            <p className="mt-4 text-slate-700">No attraction at {data.parkName} publishes Lightning Lane return times right now.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200" aria-label="Attractions with Lightning Lane">
              {data.lanes.map((lane) => (
                <LaneRow
                  key={lane.id}
                  lane={lane}
                  timeZone={data.timezone}
                  pref={prefs.get(lane.id)}
                  canBook={canBook}
                  parkId={parkId}
                  onEdit={(el) => {
                    opener.current = el;
                    setEditing(lane);
                  }}
                />
              ))}
            </ul>
          )}
        </>
      ) : null}
      {editing ? (
        <PreferenceDialog
          key={editing.id}
          lane={editing}
          parkId={parkId}
          pref={prefs.get(editing.id)}
          onClose={() => setEditing(null)}
          returnFocus={opener}
        />
      ) : null}
    </Card>
  );
}

function LaneRow({
  lane,
  timeZone,
  pref,
  canBook,
  parkId,
  onEdit,
}: {
  lane: Lane;
  timeZone: string | null;
  pref: LanePreference | undefined;
  canBook: boolean;
  parkId: string;
  onEdit: (el: HTMLElement) => void;
}) {
  const utils = trpc.useUtils();
  const book = trpc.lightningLane.book.useMutation({
    onSuccess: async (b) => {
      toast.success(`Booked ${b.attractionName} (simulated)`, {
        description: `${returnWindow(b.returnTimeStart, b.returnTimeEnd, timeZone)}. ${SIMULATED_LABEL}.`,
      });
      await utils.lightningLane.bookings.invalidate();
    },
    onError: async (e) => {
      toast.error(...toastArgs(laneErrorToast('book', e)));
      await utils.lightningLane.availability.invalidate({ parkId });
    },
  });
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{lane.name}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <Badge tone={lane.available ? 'green' : lane.state === 'AVAILABLE' ? 'amber' : 'slate'}>
            {lane.available ? 'Available' : stateLabel(lane.state)}
          </Badge>
          <span>{lane.queueType === 'PAID_RETURN_TIME' ? 'Single Pass (paid)' : 'Multi Pass'}</span>
          <span>Return: {returnWindow(lane.returnTimeStart, lane.returnTimeEnd, timeZone)}</span>
          {lane.price !== undefined ? <span>Price: {formatLanePrice(lane.price, lane.priceFormatted)}</span> : null}
          {lane.status !== 'OPERATING' ? <span>Ride: {stateLabel(lane.status)}</span> : null}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {pref
            ? `Your preference: priority ${pref.priority} · ${pref.windowStart}–${pref.windowEnd}${pref.maxPrice !== null ? ` · max $${pref.maxPrice}` : ''}`
            : 'No preference: auto-booking skips it.'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={(e) => onEdit(e.currentTarget)} aria-label={`Preferences for ${lane.name}`}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {pref ? 'Edit' : 'Prefer'}
        </Button>
        <Button
          size="sm"
          disabled={!canBook || !lane.available || book.isPending}
          onClick={() => book.mutate({ parkId, attractionId: lane.id })}
          aria-label={`Book ${lane.name} (simulated)`}
        >
          {book.isPending ? 'Booking…' : 'Book'}
        </Button>
      </div>
    </li>
  );
}

function PreferenceDialog({
  lane,
  parkId,
  pref,
  onClose,
  returnFocus,
}: {
  lane: Lane;
  parkId: string;
  pref: LanePreference | undefined;
  onClose: () => void;
  returnFocus: React.RefObject<HTMLElement | null>;
}) {
  const utils = trpc.useUtils();
  const [priority, setPriority] = useState(pref?.priority ?? PRIORITY_DEFAULT);
  const [start, setStart] = useState(pref?.windowStart ?? DEFAULT_WINDOW.start);
  const [end, setEnd] = useState(pref?.windowEnd ?? DEFAULT_WINDOW.end);
  const [maxPrice, setMaxPrice] = useState(pref?.maxPrice === null || pref?.maxPrice === undefined ? '' : String(pref.maxPrice));
  const [error, setError] = useState<string | null>(null);
  const done = async (message: string) => {
    toast.success(message);
    await utils.lightningLane.preferences.invalidate({ parkId });
    onClose();
  };
  const save = trpc.lightningLane.savePreference.useMutation({
    onSuccess: () => done(`Preference saved for ${lane.name}`),
    onError: (e) => setError(e.message),
  });
  const remove = trpc.lightningLane.deletePreference.useMutation({
    onSuccess: () => done(`Preference removed for ${lane.name}`),
    onError: (e) => setError(e.message),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = maxPrice.trim();
    const price = trimmed === '' ? null : Number(trimmed);
    if (price !== null && (!Number.isInteger(price) || price < 0 || price > MAX_PRICE_DOLLARS)) {
      setError(`Max price must be a whole number of dollars from 0 to ${MAX_PRICE_DOLLARS}.`);
      return;
    }
    if (!(start < end)) {
      setError('The window must end after it starts.');
      return;
    }
    setError(null);
    save.mutate({ parkId, attractionId: lane.id, priority, windowStart: start, windowEnd: end, maxPrice: price });
  };
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()} title={`Preference · ${lane.name}`} returnFocus={returnFocus}>
      <form className="space-y-4" noValidate onSubmit={submit}>
        <Field label="Priority" htmlFor="ll-pref-priority" hint="10 is the highest priority, 1 the lowest (default 1).">
          <Select id="ll-pref-priority" value={priority} onChange={(e) => setPriority(Number(e.target.value))}>
            {Array.from({ length: PRIORITY_MAX - PRIORITY_MIN + 1 }, (_, i) => PRIORITY_MAX - i).map((n) => (
              <option key={n} value={n}>
                {n}
                {n === PRIORITY_MAX ? ' (highest)' : n === PRIORITY_MIN ? ' (lowest)' : ''}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Earliest return" htmlFor="ll-pref-start">
            <Input id="ll-pref-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} required />
          </Field>
          <Field label="Latest return" htmlFor="ll-pref-end">
            <Input id="ll-pref-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} required />
          </Field>
        </div>
        <Field
          label="Max price in dollars (optional)"
          htmlFor="ll-pref-max"
          hint="Only paid (Single Pass) lanes have a price. Leave empty for no limit."
        >
          <Input
            id="ll-pref-max"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PRICE_DOLLARS}
            step={1}
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value)}
          />
        </Field>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {pref ? (
            <Button variant="secondary" onClick={() => remove.mutate({ attractionId: lane.id })} disabled={remove.isPending}>
              <X className="h-4 w-4" aria-hidden="true" />
              Remove preference
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save preference'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function BookingsCard({ parkId }: { parkId: string }) {
  const query = trpc.lightningLane.bookings.useQuery(undefined, { refetchInterval: AVAILABILITY_REFRESH_MS });
  const timeZone = useAvailability(parkId).data?.timezone ?? null;
  const list = (query.data ?? []).filter((b) => b.parkId === parkId);
  return (
    <Card aria-labelledby="ll-bookings">
      <h2 id="ll-bookings" className="mb-4 text-lg font-bold text-slate-900">
        Your bookings
      </h2>
      {query.isPending ? <Spinner label="Loading bookings…" /> : null}
      {query.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          Could not load your bookings: {query.error.message}
        </p>
      ) : null}
      {query.data && list.length === 0 ? <p className="text-slate-700">No bookings yet for this park.</p> : null}
      {list.length ? (
        <ul className="divide-y divide-slate-200">
          {list.map((b) => (
            <BookingRow key={b.id} booking={b} timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function BookingRow({ booking: b, timeZone }: { booking: LaneBooking; timeZone: string | null }) {
  const utils = trpc.useUtils();
  const cancel = trpc.lightningLane.cancel.useMutation({
    onSuccess: async () => {
      toast.success(`Cancelled ${b.attractionName}`);
      await utils.lightningLane.bookings.invalidate();
    },
    onError: (e) => toast.error(...toastArgs(laneErrorToast('book', e))),
  });
  const tone = b.status === 'confirmed' ? 'green' : b.status === 'pending' ? 'amber' : 'slate';
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {b.attractionName}
          <Badge tone={tone}>{b.status.charAt(0).toUpperCase() + b.status.slice(1)}</Badge>
          {b.auto ? <Badge tone="brand">Auto</Badge> : null}
        </p>
        <p className="text-sm text-slate-700">
          {formatPassDate(b.day)} · {returnWindow(b.returnTimeStart, b.returnTimeEnd, timeZone)}
          {b.priceCents !== null ? ` · ${formatLanePrice(b.priceCents)}` : ''}
        </p>
        {b.simulated ? (
          <p className="mt-1 inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
            <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
            {SIMULATED_LABEL}
          </p>
        ) : null}
      </div>
      {b.status !== 'cancelled' ? (
        <Confirm
          title={`Cancel ${b.attractionName}?`}
          description="The booking is marked cancelled. Auto-booking will not book this attraction again today."
          confirmText="Cancel booking"
          onConfirm={() => cancel.mutate({ bookingId: b.id })}
          trigger={
            <Button variant="secondary" size="sm" disabled={cancel.isPending}>
              Cancel
            </Button>
          }
        />
      ) : null}
    </li>
  );
}
