import { useState } from 'react';
import type { CheckoutFailure } from './checkoutError.ts';

/** What `keep` found: some held day is still chosen, the last one went, or none was held. */
export type HeldDaysLeft = 'held' | 'cleared' | 'none';

/**
 * The chosen pass days the server refused because the address already holds them (checkout.create names them in its
 * `dates` failure, docs/decisions/050), for PassDatesPicker's `held` chips; one piece for
 * the landing signup card and the Get Alerts pricing dialog.
 * - `days`: the held 'yyyy-MM-dd' days still chosen; `message`: the server's sentence while any is (else undefined).
 * - `mark(failure)`: takes the days a checkout failure names; false (nothing marked) when it names none.
 * - `keep(chosen)`: after the chosen days change, keeps the held days still chosen (and the sentence while any is)
 *   and says what is left ('held', 'cleared' when the last held day went, 'none' when none was held).
 */
export function useHeldDays() {
  const [held, setHeld] = useState<{ days: string[]; message: string } | null>(null);
  const mark = (failure: CheckoutFailure): boolean => {
    if (!failure.values.length) return false;
    setHeld({ days: failure.values, message: failure.description });
    return true;
  };
  const keep = (chosen: string[]): HeldDaysLeft => {
    if (!held) return 'none';
    const still = held.days.filter((d) => chosen.includes(d));
    setHeld(still.length ? { ...held, days: still } : null);
    return still.length ? 'held' : 'cleared';
  };
  return { days: held?.days ?? [], message: held?.message, mark, keep };
}
