import { Info } from 'lucide-react';

/**
 * Where restaurant availability comes from (docs/DESIGN.md §5): ThemeParks.wiki's published walk-up availability (today
 * only); in replay mode the data is a recorded sample, and when the source is off no check runs.
 */
export function SourceNotice({ source, label }: { source: 'themeparks' | 'replay' | null | undefined; label?: string | null }) {
  if (source === undefined) return null;
  const text =
    source === 'replay'
      ? `Demo mode: availability is sample data — ${label?.replace(/^Sample data: /, '') ?? 'a recorded ThemeParks.wiki response replayed onto your dates'}.`
      : source === null
        ? 'Availability checks are switched off right now: your alerts are saved and checked once they are back on.'
        : "Availability comes from ThemeParks.wiki's published walk-up availability (today only): we check each of your dates on the day.";
  return (
    <p role="note" className="mt-4 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
