import { groupDigits } from '@walkon/domain/money';
import { useEffect, useState } from 'react';
import { ANIMATE_MS, type CounterFigure, figureLabel, ROTATE_MS, tweenValue } from './counter.ts';

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    const on = () => setReduced(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return reduced;
}

/**
 * The rotating counter of real alert figures (docs/spec/part-1.md §2, §9): a new figure every 4 s, counting up from 0
 * to its value over 2 s (for users who prefer reduced motion: every figure at once, nothing moves), so the number under a label never
 * exceeds that label's figure (it never counts from the previous figure). Labels follow plural rules. Fixed
 * height and tabular digits: no layout shift. Screen readers hear the final figure once, not every frame.
 * Renders nothing when there is no real figure (docs/DESIGN.md §6).
 */
export function AlertsCounter({ figures }: { figures: CounterFigure[] }) {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // The number on screen and the rotation and figure it belongs to: a new figure shows 0 from its very first paint.
  const [count, setCount] = useState({ key: '', n: 0 });
  const figure = figures.length ? figures[index % figures.length]! : null;

  useEffect(() => {
    // Reduced motion: nothing swaps (every figure is shown at once, below).
    if (figures.length < 2 || reduced) return;
    const t = setInterval(() => setIndex((i) => i + 1), ROTATE_MS);
    return () => clearInterval(t);
  }, [figures.length, reduced]);

  const target = figure?.value;
  useEffect(() => {
    if (target === undefined) return;
    if (reduced) {
      setCount({ key: `${index}:${target}`, n: target });
      return;
    }
    const start = performance.now();
    let raf = 0;
    const step = (t: number) => {
      setCount({ key: `${index}:${target}`, n: tweenValue(0, target, t - start, ANIMATE_MS) });
      if (t - start < ANIMATE_MS) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [index, target, reduced]);

  if (!figure) return null;
  if (reduced)
    return (
      <ul className="flex min-h-16 flex-wrap items-center justify-center gap-x-6 gap-y-1 text-center" data-testid="alerts-counter">
        {figures.map((f) => (
          <li key={figureLabel(f)} className="flex flex-col">
            <span className="text-3xl font-extrabold tabular-nums">{groupDigits(f.value)}</span>
            <span className="text-sm opacity-90">{figureLabel(f)}</span>
          </li>
        ))}
      </ul>
    );
  const label = figureLabel(figure);
  const shown = count.key === `${index}:${figure.value}` ? count.n : reduced ? figure.value : 0;
  return (
    <p className="flex h-16 flex-col items-center justify-center text-center" aria-live="polite" data-testid="alerts-counter">
      <span className="sr-only">{`${groupDigits(figure.value)} ${label}`}</span>
      <span className="text-3xl font-extrabold tabular-nums" aria-hidden="true" data-counter="number">
        {groupDigits(shown)}
      </span>
      <span className="text-sm opacity-90" aria-hidden="true" data-counter="label">
        {label}
      </span>
    </p>
  );
}
