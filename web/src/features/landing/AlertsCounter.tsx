import { useEffect, useRef, useState } from 'react';
import { ANIMATE_MS, type CounterFigure, ROTATE_MS, tweenValue } from './counter.ts';

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
 * The rotating counter of real alert figures (spec part 1 §2, §9): a new figure every 4 s, counting up over
 * 2 s (no animation for users who prefer reduced motion). Fixed height and tabular digits: no layout shift.
 * Renders nothing when there is no real figure (DESIGN §6).
 */
export function AlertsCounter({ figures }: { figures: CounterFigure[] }) {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(0);
  const from = useRef(0);
  const figure = figures.length ? figures[index % figures.length]! : null;

  useEffect(() => {
    if (figures.length < 2) return;
    const t = setInterval(() => setIndex((i) => i + 1), ROTATE_MS);
    return () => clearInterval(t);
  }, [figures.length]);

  useEffect(() => {
    if (!figure) return;
    if (reduced) {
      setShown(figure.value);
      return;
    }
    const start = performance.now();
    const origin = from.current;
    let raf = 0;
    const step = (t: number) => {
      const v = tweenValue(origin, figure.value, t - start, ANIMATE_MS);
      setShown(v);
      if (t - start < ANIMATE_MS) raf = requestAnimationFrame(step);
      else from.current = figure.value;
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [figure, reduced]);

  if (!figure) return null;
  return (
    <p className="flex h-16 flex-col items-center justify-center text-center" aria-live="polite">
      <span className="text-3xl font-extrabold tabular-nums">{shown.toLocaleString('en-US')}</span>
      <span className="text-sm opacity-90">{figure.label}</span>
    </p>
  );
}
