import { CalendarDays, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { datesSummary, formatPassDate } from '../../lib/dates.ts';

const loadPopover = () => import('./DatesPopover.tsx');
const DatesPopover = lazy(loadPopover);

/**
 * The multi-date pass picker (docs/spec/part-1.md §2 "multi-date calendar"): a "Select dates" button (then
 * "N dates selected") that opens the calendar in a popover, and the chosen dates as removable chips. The
 * calendar (react-day-picker, Radix Popover) is a separate chunk loaded on first hover, focus or click, so the
 * pages embedding this stay light. Days before `today` (park-local 'yyyy-MM-dd') are disabled; at most `max`. Days
 * the server refused as already held (`held`) are marked on their chips until removed.
 */
export function PassDatesPicker({
  id,
  label = 'Dates',
  value,
  onChange,
  today,
  max = 30,
  invalid = false,
  error,
  calendarLabel = 'Choose your pass dates',
  held = [],
}: {
  id: string;
  label?: string;
  /** Sorted park-local 'yyyy-MM-dd' days. */
  value: string[];
  onChange: (days: string[]) => void;
  /** The park-local date today; earlier days are disabled. */
  today: string;
  max?: number;
  invalid?: boolean;
  /** A message shown under the field (and read with it), e.g. "Please select at least one date." */
  error?: string | undefined;
  /** The calendar popover's accessible name. */
  calendarLabel?: string;
  /** Chosen days the server refused as already held ('yyyy-MM-dd'): their chips are marked "already yours". */
  held?: string[];
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadPopover().catch(() => undefined);
  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-semibold text-slate-800">
        {label}
      </span>
      <button
        ref={button}
        id={id}
        type="button"
        aria-labelledby={`${id}-label ${id}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-calendar` : undefined}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
        className={`flex w-full items-center gap-2 rounded-lg border bg-white px-3 py-2.5 text-left text-base text-slate-900 ${
          invalid || error ? 'border-red-600' : 'border-slate-300'
        }`}
      >
        <CalendarDays className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>{datesSummary(value.length)}</span>
      </button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {value.length ? (
        <ul aria-label="Selected dates" className="flex flex-wrap gap-1.5">
          {value.map((d) => (
            <li
              key={d}
              className={`inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-sm ${
                held.includes(d) ? 'border-2 border-red-600 bg-red-50 text-red-800' : 'bg-brand-50 text-brand-800'
              }`}
              data-held={held.includes(d) || undefined}
            >
              {formatPassDate(d)}
              {held.includes(d) ? <span className="font-semibold">· already yours</span> : null}
              <button
                type="button"
                aria-label={`Remove ${formatPassDate(d)}`}
                className="rounded-full p-0.5 hover:bg-brand-100"
                onClick={() => onChange(value.filter((x) => x !== d))}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {wanted ? (
        <Suspense
          fallback={
            open ? (
              <span role="status" className="block text-sm text-slate-600">
                Loading calendar…
              </span>
            ) : null
          }
        >
          <DatesPopover
            contentId={`${id}-calendar`}
            anchor={button}
            open={open}
            onOpenChange={setOpen}
            value={value}
            onChange={onChange}
            today={today}
            max={max}
            label={calendarLabel}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
