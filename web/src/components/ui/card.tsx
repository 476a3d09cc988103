import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';

/** A white rounded panel with an optional title. */
export function Card({ title, className, children, ...props }: HTMLAttributes<HTMLElement> & { title?: ReactNode }) {
  return (
    <section className={cx('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm', className)} {...props}>
      {title ? <h2 className="mb-4 text-lg font-bold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}
