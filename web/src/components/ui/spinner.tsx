import { cx } from '../../lib/cx.ts';

/** A loading spinner with an accessible label. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-3 py-10 text-slate-600', className)}>
      <span className="h-6 w-6 animate-spin rounded-full border-4 border-slate-300 border-t-brand-700" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
