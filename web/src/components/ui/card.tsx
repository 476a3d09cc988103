import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';

/** A white rounded panel with an optional title; `tone="danger"` draws its border red (a destructive action inside). */
export function Card({
  title,
  tone = 'default',
  className,
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { title?: ReactNode; tone?: 'default' | 'danger' }) {
  const border = tone === 'danger' ? 'border-red-200' : 'border-slate-200';
  return (
    <section className={cx('rounded-2xl border bg-white p-5 shadow-sm', border, className)} {...props}>
      {title ? <h2 className="mb-4 text-lg font-bold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}
