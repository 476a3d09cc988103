import { formatUsd } from '@walkon/domain/money';
import { type PassChannel, quote } from '@walkon/domain/pricing';

/** An applied promo code as the price box sees it (from checkout.checkPromo). */
export interface AppliedPromo {
  code: string;
  kind: 'free_days' | 'percent_off';
  channel: 'email' | 'sms' | 'any';
  days: number;
  percentOff: number | null;
}

/** Whether a percent-off promo code lowers the price of `channel` (the server decides again at checkout). */
export function promoDiscounts(promo: AppliedPromo | null, channel: PassChannel): promo is AppliedPromo & { percentOff: number } {
  return Boolean(promo && promo.kind === 'percent_off' && promo.percentOff && (promo.channel === 'any' || promo.channel === channel));
}

/**
 * The line under a promo field once a code is applied: '20% off applied', or which channel the code is for
 * when it does not lower this channel's price; null without a code.
 */
export function promoAppliedText(promo: AppliedPromo | null, channel: PassChannel): string | null {
  if (!promo) return null;
  if (promoDiscounts(promo, channel)) return `${promo.percentOff}% off applied`;
  return `${promo.code} applies to ${promo.channel === 'sms' ? 'SMS' : 'e-mail'} alerts only`;
}

/** What the price box shows (docs/spec/part-1.md §2 "price box: dates × $5"); amounts in cents. */
export interface PriceSummary {
  /** '3 dates × $5 = $15' (list price). */
  line: string;
  /** '20% off (SAVE20): −$3', or null without a discount. */
  discountLine: string | null;
  /** What is charged, in cents. */
  total: number;
  /** 'Total: $12', or null without a discount (then `line` already ends with the total). */
  totalLine: string | null;
}

/**
 * The price of `count` pass dates on `channel` ($5 SMS / $1 e-mail per date, docs/spec/part-1.md §1, §9), with a
 * percent-off promo code when it applies to the channel.
 */
export function priceSummary(channel: PassChannel, count: number, promo: AppliedPromo | null = null): PriceSummary {
  const list = quote(channel, count);
  const line = `${count} date${count === 1 ? '' : 's'} × ${formatUsd(list.listUnitAmount)} = ${formatUsd(list.total)}`;
  if (!promoDiscounts(promo, channel)) return { line, discountLine: null, total: list.total, totalLine: null };
  const q = quote(channel, count, promo.percentOff);
  return {
    line,
    discountLine: `${promo.percentOff}% off (${promo.code}): −${formatUsd(list.total - q.total)}`,
    total: q.total,
    totalLine: `Total: ${formatUsd(q.total)}`,
  };
}

/** The card's pay button: 'Pay $15 with card' ('Pay with card' before any date is picked). */
export function payLabel(totalCents: number): string {
  return totalCents > 0 ? `Pay ${formatUsd(totalCents)} with card` : 'Pay with card';
}
