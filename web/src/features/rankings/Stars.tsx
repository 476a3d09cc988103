import { Star } from 'lucide-react';

/** Stars by rounding the average (docs/spec/part-2.md §2); `value` null shows none filled. */
export function Stars({ value, size = 'h-4 w-4' }: { value: number | null; size?: string }) {
  const filled = value === null ? 0 : Math.round(value);
  return (
    <span role="img" aria-label={value === null ? 'No ratings yet' : `${value} out of 5 stars`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`${size} ${n <= filled ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`} aria-hidden="true" />
      ))}
    </span>
  );
}

/** A 1–5 star picker: native radio inputs (arrow keys work), drawn as stars. */
export function StarPicker({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">Your rating</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-amber-500"
        >
          <input
            type="radio"
            name="star-rating"
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="sr-only"
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
          />
          <Star className={`h-7 w-7 ${n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-400'}`} aria-hidden="true" />
        </label>
      ))}
    </fieldset>
  );
}
