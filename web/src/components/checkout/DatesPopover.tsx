import { Popover } from 'radix-ui';
import type { CSSProperties, RefObject } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { dateToYmd, ymdToDate } from '../../lib/dates.ts';

/**
 * The calendar of PassDatesPicker (lazy chunk): react-day-picker in multiple mode inside a Radix Popover
 * anchored to the picker's button. Arrow keys move between days, Enter/Space toggles one, Escape closes and
 * focus returns to the button.
 */
export default function DatesPopover({
  contentId,
  anchor,
  open,
  onOpenChange,
  value,
  onChange,
  today,
  max,
  label,
}: {
  contentId: string;
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: string[];
  onChange: (days: string[]) => void;
  today: string;
  max: number;
  label: string;
}) {
  const todayDate = ymdToDate(today);
  const endMonth = new Date(todayDate.getFullYear() + 1, todayDate.getMonth(), 1);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange} modal>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          id={contentId}
          aria-label={label}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] rounded-xl border border-slate-200 bg-white p-3 shadow-xl"
          onOpenAutoFocus={(e) => {
            // Start on a selected day, else today (or the first day that can be picked), so arrows move by day.
            const root = e.currentTarget as HTMLElement | null;
            const day =
              root?.querySelector<HTMLButtonElement>('td[data-selected]:not([data-disabled]) button') ??
              root?.querySelector<HTMLButtonElement>('td[data-today]:not([data-disabled]) button') ??
              root?.querySelector<HTMLButtonElement>('td:not([data-disabled]):not([data-outside]) button');
            if (day) {
              e.preventDefault();
              day.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchor.current?.focus();
          }}
          onInteractOutside={(e) => {
            // A click on the picker's own button toggles it; do not let the popover reopen it.
            if (anchor.current?.contains(e.target as Node)) e.preventDefault();
          }}
        >
          <DayPicker
            mode="multiple"
            max={max}
            selected={value.map(ymdToDate)}
            onSelect={(days) => onChange((days ?? []).map(dateToYmd).sort())}
            disabled={{ before: todayDate }}
            today={todayDate}
            defaultMonth={value[0] ? ymdToDate(value[0]) : todayDate}
            startMonth={todayDate}
            endMonth={endMonth}
            style={
              {
                '--rdp-accent-color': '#0f766e',
                '--rdp-accent-background-color': '#ccfbf1',
                '--rdp-day-height': '40px',
                '--rdp-day-width': '40px',
                '--rdp-day_button-height': '38px',
                '--rdp-day_button-width': '38px',
              } as CSSProperties
            }
          />
          <div className="mt-2 flex items-center justify-between gap-3 border-t border-slate-100 pt-2">
            <p className="text-sm text-slate-600">
              {value.length} of {max} dates
            </p>
            <Popover.Close className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
              Done
            </Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
