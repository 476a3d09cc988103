// Prints the instant (ISO 8601, UTC) at which a park-local wall clock stands, for `make test-clock`
// (docs/decisions/045-time-as-an-input-of-the-tests.md): `npx tsx scripts/clockAt.ts America/New_York 20:52` → that
// time on the park's date today (e.g. 2026-11-28T01:52:00.000Z when run on Friday 2026-11-27 in Orlando);
// `… 00:05 nearest` → of that time on the park's yesterday, today and tomorrow, the one nearest the real time. Either
// stays within a day of the real time (the database's own timestamps are real).
import { addDaysToDate, parkLocalDate, parkLocalInstant } from '@walkon/domain/dates';

const [zone, time, mode] = process.argv.slice(2);
if (!zone || !time || !/^\d\d:\d\d$/.test(time) || (mode !== undefined && mode !== 'nearest')) {
  process.stderr.write('usage: tsx scripts/clockAt.ts <IANA zone> <HH:mm> [nearest]\n');
  process.exit(2);
}
const today = parkLocalDate(new Date(), zone);
const days = mode === 'nearest' ? [-1, 0, 1] : [0];
const [at] = days
  .map((d) => parkLocalInstant(addDaysToDate(today, d), time, zone))
  .sort((a, b) => Math.abs(a.getTime() - Date.now()) - Math.abs(b.getTime() - Date.now()));
process.stdout.write(`${at!.toISOString()}\n`);
