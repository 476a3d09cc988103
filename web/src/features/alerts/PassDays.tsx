import { Badge } from '../../components/ui/badge.tsx';
import { formatPassDate } from '../../lib/dates.ts';

/** One pass day: the park-local date ('yyyy-MM-dd') and that day's channel. */
export interface PassDay {
  day: string;
  channel: 'email' | 'sms';
}

/** The person's pass days for the park (docs/spec/part-1.md §2 Get Alerts): date, "Today" and channel badges. */
export function PassDays({ days, today }: { days: PassDay[]; today: string }) {
  return (
    <ul aria-label="Your pass days" className="flex flex-wrap gap-2">
      {days.map((d) => (
        <li key={d.day} className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1 text-sm">
          <span className="font-medium">{formatPassDate(d.day)}</span>
          {d.day === today ? <Badge tone="green">Today</Badge> : null}
          <Badge tone={d.channel === 'sms' ? 'brand' : 'blue'}>{d.channel === 'sms' ? 'SMS' : 'E-mail'}</Badge>
        </li>
      ))}
    </ul>
  );
}
