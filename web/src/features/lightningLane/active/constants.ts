/** Availability is re-read every 30 seconds (docs/spec/part-2.md §9). */
export const AVAILABILITY_REFRESH_MS = 30_000;

/** The label every booking carries (docs/DESIGN.md §5: the only booker is simulated). */
export const SIMULATED_LABEL = 'Simulated — no real Lightning Lane was booked';

/** The auto-booking rule in words (docs/spec/part-2.md §4; the choice is jobs' chooseAutoBooking). */
export const AUTO_BOOKING_RULE =
  'After each live update (about once a minute) we book, among the available lanes you set a preference for, the one with the highest priority (10 is highest, 1 lowest; ties go to the earliest return time, then the name) — only when its return time is inside your window and its price is within your max, and never an attraction you already booked or cancelled today.';
