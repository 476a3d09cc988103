import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-900',
  slate: 'bg-slate-100 text-slate-800',
  blue: 'bg-sky-100 text-sky-900',
  brand: 'bg-brand-100 text-brand-800',
} as const;

export type BadgeTone = keyof typeof tones;

/** A small pill label. */
export function Badge({ tone = 'slate', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', tones[tone], className)}
    >
      {children}
    </span>
  );
}
