import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';

/**
 * How a RadioCards group looks (Tailwind classes): `group` lays out the cards, `card` one card (border,
 * padding, flex) — the checked and keyboard-focus states are the component's own — `input` adds to the radio's
 * classes and `legend` replaces the legend's default ('mb-1.5 text-sm font-semibold text-slate-800').
 */
export interface RadioCardsLook {
  group: string;
  card: string;
  input?: string;
  legend?: string;
}

/**
 * A group of radio cards: a fieldset with a legend and one card (a label around a native radio named `name`)
 * per option, in the given order, the one whose `value` equals `value` checked. Native radios keep the
 * keyboard model (Tab into the group, arrow keys move and choose); a card shows its checked state and the
 * keyboard focus ring (amber outline) through `has-checked:` / `has-focus-visible:`. `children` renders what
 * a card shows beside its radio; `look` gives the layout. Imports nothing but React types and clsx: the
 * landing page's signup card uses it (the landing page's JavaScript budget, docs/DESIGN.md §4 Web).
 */
export function RadioCards<O extends { value: string }>({
  name,
  legend,
  value,
  onChange,
  options,
  look,
  children,
}: {
  name: string;
  legend: string;
  value: O['value'];
  onChange: (value: O['value']) => void;
  options: readonly O[];
  look: RadioCardsLook;
  children: (option: O) => ReactNode;
}) {
  return (
    <fieldset>
      <legend className={look.legend ?? 'mb-1.5 text-sm font-semibold text-slate-800'}>{legend}</legend>
      <div className={look.group}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cx(
              'cursor-pointer has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-amber-500',
              look.card,
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className={cx('h-4 w-4 accent-brand-700', look.input)}
            />
            {children(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
