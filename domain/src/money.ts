/**
 * Money for people. Every amount in WalkOn is integer cents (README "Day passes and payments"); this is the one
 * place that turns cents into text.
 */

/**
 * US dollars from cents, as spec part 1 §1 writes prices: "$5" for whole dollars, "$4.50" otherwise, thousands
 * grouped ("$1,234.50"), a minus first ("-$4.50"), as Intl.NumberFormat('en-US', currency USD) writes them.
 * Written out rather than through Intl: a phone's first Intl currency formatter costs tens of milliseconds of
 * start-up, and every page prints a price. `cents` is an integer number of US cents.
 */
export function formatUsd(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${cents < 0 && abs > 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}
