/**
 * Money for people. Every amount in WalkOn is integer cents (docs/features.md "Day passes and payments"); this is the one
 * place that turns cents into text.
 */

/**
 * US dollars from cents, as docs/spec/part-1.md §1 writes prices: "$5" for whole dollars, "$4.50" otherwise, thousands
 * grouped ("$1,234.50"), a minus first ("-$4.50"), as Intl.NumberFormat('en-US', currency USD) writes them.
 * Written out rather than through Intl: a phone's first Intl currency formatter costs tens of milliseconds of
 * start-up, and every page prints a price. `cents` is an integer number of US cents.
 */
export function formatUsd(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const dollars = groupDigits(Math.floor(abs / 100));
  const rest = abs % 100;
  return `${cents < 0 && abs > 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/**
 * A whole number with en-US thousands separators, as `toLocaleString('en-US')` writes it: 1234567 → "1,234,567",
 * -1500 → "-1,500" (fractions are rounded). Without Intl, for the same start-up reason as formatUsd.
 */
export function groupDigits(n: number): string {
  const whole = Math.round(n);
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
