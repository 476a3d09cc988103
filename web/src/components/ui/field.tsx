import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/cx.ts';

const control = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 disabled:bg-slate-100';

/** A labelled field wrapper with an optional error message (announced to screen readers). */
export function Field({
  label,
  htmlFor,
  error,
  children,
  hint,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A text input. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cx(control, className)} {...props} />;
});

/** A native select (accessible and mobile-friendly). */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={cx(control, 'pr-8', className)} {...props} />;
});

/**
 * "1,234 / 3,000 characters" under a text field with a maximum length; turns amber near the limit. Its `id` goes
 * in the field's aria-describedby.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={cx('text-right text-sm tabular-nums', length >= max * 0.9 ? 'text-amber-800' : 'text-slate-600')}>
      {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
    </p>
  );
}
