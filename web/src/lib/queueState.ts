/**
 * How a return-time queue's upstream state (ThemeParks.wiki `RETURN_TIME` / `PAID_RETURN_TIME` `state`) is
 * worded everywhere a visitor sees it (Manage Alerts and Lightning Lane Assist), so one lane never reads
 * "Sold out" on one page and "Finished" on another. "Sold out" is what a visitor understands by FINISHED: no
 * return times are left today.
 */
export const QUEUE_STATE_WORDS: Readonly<Record<string, string>> = {
  AVAILABLE: 'Available',
  FINISHED: 'Sold out',
  TEMP_FULL: 'Temporarily full',
};
