// Prints the instant (ISO 8601, UTC) at which a park-local wall clock stands on the park's date today, for
// `make test-clock` (docs/decisions/045-time-as-an-input-of-the-tests.md): `npx tsx scripts/clockAt.ts
// America/New_York 20:52` → e.g. 2026-11-28T01:52:00.000Z when run on Friday 2026-11-27 in Orlando. The instant
// stays within a day of the real time (the database's own timestamps are real). `+N` after the time adds N days.
import { parkLocalDate, parkLocalInstant } from '@walkon/domain/dates';

const [zone, time, plus] = process.argv.slice(2);
if (!zone || !time || !/^\d\d:\d\d$/.test(time) || (plus !== undefined && !/^\+\d+$/.test(plus))) {
  process.stderr.write('usage: tsx scripts/clockAt.ts <IANA zone> <HH:mm> [+days]\n');
  process.exit(2);
}
const day = parkLocalDate(new Date(Date.now() + Number(plus ?? 0) * 86_400_000), zone);
process.stdout.write(`${parkLocalInstant(day, time, zone).toISOString()}\n`);
