import type { PriceSummary } from '../../lib/price.ts';

/** The price box (docs/spec/part-1.md §2): '3 dates × $5 = $15', and a percent-off line and total when a code applies. */
export function PriceBox({ summary, className }: { summary: PriceSummary; className?: string }) {
  return (
    <output aria-live="polite" aria-label="Price" className={`block rounded-lg bg-slate-50 p-3 text-slate-900 ${className ?? ''}`}>
      <span className="block font-semibold">{summary.line}</span>
      {summary.discountLine ? <span className="block text-sm text-green-800">{summary.discountLine}</span> : null}
      {summary.totalLine ? <span className="block font-bold">{summary.totalLine}</span> : null}
    </output>
  );
}
