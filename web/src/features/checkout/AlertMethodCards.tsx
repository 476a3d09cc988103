import type { LucideIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';

/** One alert method card: the channel value, its label, the price text, and an optional icon and RECOMMENDED badge. */
export type AlertMethod<V extends string> = { value: V; label: string; price: string; icon?: LucideIcon; recommended?: boolean };

/** Class names of the two card layouts: the pricing dialog's large cards and the hero signup card's compact ones. */
const LOOKS = {
  large: {
    legend: 'mb-2 text-sm font-semibold text-slate-800',
    grid: 'grid gap-3 sm:grid-cols-2',
    card: 'relative flex cursor-pointer items-start gap-3 rounded-xl border-2 border-slate-200 p-4 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-amber-500',
    input: 'mt-1 h-4 w-4 accent-brand-700',
    body: 'min-w-0 flex-1',
    title: 'flex flex-wrap items-center gap-x-2 gap-y-1 font-bold',
    price: 'block text-slate-700',
  },
  compact: {
    legend: 'mb-1.5 block text-sm font-semibold text-slate-800',
    grid: 'grid grid-cols-2 gap-2',
    card: 'flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-amber-500',
    input: 'h-4 w-4 accent-brand-700',
    body: 'flex flex-col leading-tight',
    title: 'font-semibold whitespace-nowrap',
    price: 'text-sm text-slate-600',
  },
};

/**
 * The "Alert method" radio cards (spec part 1 §2: SMS or e-mail, each with its price per day): a fieldset of
 * native radios named `name`, one card per method in the given order, `value` checked. `look` picks the pricing
 * dialog's large cards (icon, RECOMMENDED badge) or the hero signup card's compact ones.
 */
export function AlertMethodCards<V extends string>({
  name,
  value,
  onChange,
  methods,
  look,
}: {
  name: string;
  value: V;
  onChange: (value: V) => void;
  methods: readonly AlertMethod<V>[];
  look: keyof typeof LOOKS;
}) {
  const css = LOOKS[look];
  return (
    <fieldset>
      <legend className={css.legend}>Alert method</legend>
      <div className={css.grid}>
        {methods.map((m) => (
          <label key={m.value} className={css.card}>
            <input
              type="radio"
              name={name}
              value={m.value}
              checked={value === m.value}
              onChange={() => onChange(m.value)}
              className={css.input}
            />
            <span className={css.body}>
              <span className={css.title}>
                {m.icon ? <m.icon className="h-4 w-4" aria-hidden="true" /> : null}
                {m.label}
                {m.recommended ? <Badge tone="brand">RECOMMENDED</Badge> : null}
              </span>
              <span className={css.price}>{m.price}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
