/**
 * Money for people. Every amount in WalkOn is integer cents (README "Day passes and payments"); this is the one
 * place that turns cents into text.
 */

/**
 * US dollars from cents, as spec part 1 §1 writes prices: "$5" for whole dollars, "$4.50" otherwise, thousands
 * grouped ("$1,234.50"). `cents` is an integer number of US cents.
 */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
