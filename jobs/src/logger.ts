import { type Logger, pino } from 'pino';

export type { Logger };

/** A pino logger named after the process part (`worker`, `cli`, …). */
export function createLogger(name: string, level = 'info'): Logger {
  return pino({ name, level });
}
