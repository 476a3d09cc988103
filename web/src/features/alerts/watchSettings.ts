import { DEFAULT_THRESHOLD_MINUTES, THRESHOLD_MAX_MINUTES, THRESHOLD_MIN_MINUTES } from '@walkon/domain/rules/alerts';

/** One watch's alert settings (docs/DESIGN.md §2.3, §6): threshold 5–60 minutes or null for the default 15. */
export interface WatchSettingsValue {
  thresholdMinutes: number | null;
  backInService: boolean;
  remindHourly: boolean;
}

/** The settings of a ride nobody changed: the default threshold, no back-in-service alert, no hourly reminder. */
export const DEFAULT_WATCH_SETTINGS: WatchSettingsValue = { thresholdMinutes: null, backInService: false, remindHourly: false };

/** The thresholds offered in the select: every 5 minutes from 5 to 60 (the server accepts any whole minute 5–60). */
export const THRESHOLD_CHOICES: number[] = Array.from(
  { length: (THRESHOLD_MAX_MINUTES - THRESHOLD_MIN_MINUTES) / 5 + 1 },
  (_, i) => THRESHOLD_MIN_MINUTES + i * 5,
);

export { DEFAULT_THRESHOLD_MINUTES };

/** The threshold that applies, in minutes. */
export function effectiveThreshold(s: WatchSettingsValue): number {
  return s.thresholdMinutes ?? DEFAULT_THRESHOLD_MINUTES;
}

/** A short label for the settings button: "≤ 15 min", plus "hourly" / "back in service" when on. */
export function settingsSummary(s: WatchSettingsValue): string {
  return [`≤ ${effectiveThreshold(s)} min`, s.remindHourly ? 'hourly' : null, s.backInService ? 'back in service' : null]
    .filter(Boolean)
    .join(' · ');
}

/** Whether two settings are the same (Manage Alerts sends only what changed). */
export function sameSettings(a: WatchSettingsValue, b: WatchSettingsValue): boolean {
  return a.thresholdMinutes === b.thresholdMinutes && a.backInService === b.backInService && a.remindHourly === b.remindHourly;
}
