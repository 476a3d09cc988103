import { useEffect, useState } from 'react';

/** The current time, re-rendered every `intervalMs` (countdowns and "polled N s ago" labels). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
