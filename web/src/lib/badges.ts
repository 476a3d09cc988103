import type { BadgeTone } from '../components/ui/badge.tsx';

/** Live table wait colour (docs/spec/part-1.md §9): 45 min or more red, 20–44 amber, under 20 green. */
export function liveWaitTone(minutes: number): BadgeTone {
  if (minutes >= 45) return 'red';
  if (minutes >= 20) return 'amber';
  return 'green';
}

/**
 * Get Alerts ride badge (docs/spec/part-1.md §9): none → "No data"; 0 → "Walk on"; up to 15 green; up to 30 yellow;
 * above 30 red.
 */
export function alertWaitBadge(minutes: number | null): { label: string; tone: BadgeTone } {
  if (minutes === null) return { label: 'No data', tone: 'slate' };
  if (minutes === 0) return { label: 'Walk on', tone: 'green' };
  if (minutes <= 15) return { label: `${minutes} min`, tone: 'green' };
  if (minutes <= 30) return { label: `${minutes} min`, tone: 'yellow' };
  return { label: `${minutes} min`, tone: 'red' };
}

/** Status colour (docs/spec/part-1.md §2: OPERATING, CLOSED, DOWN, REFURBISHMENT). */
export function statusTone(status: string): BadgeTone {
  switch (status) {
    case 'OPERATING':
      return 'green';
    case 'DOWN':
      return 'red';
    case 'REFURBISHMENT':
      return 'amber';
    default:
      return 'slate';
  }
}

/** Human label of a status. */
export function statusLabel(status: string): string {
  return status.charAt(0) + status.slice(1).toLowerCase();
}
