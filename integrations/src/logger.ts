import { type Logger, pino } from 'pino';

export type { Logger };

/**
 * What never reaches a log line (docs/OPERATIONS.md "Logs"): cookies, authorization headers and set-cookie, and
 * e-mail addresses and phone numbers wherever a line carries them (`email`, `phone`, `address`, `to`, one and two
 * levels deep).
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...['email', 'phone', 'address', 'to', 'toAddress', 'phoneNumber'].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * A pino logger named after the process part (`worker`, `cli`, `server`, …): JSON lines, `err` serialized with its
 * stack (pino's standard serializer), REDACT_PATHS censored as "[redacted]". Lines go to stdout, or `destination`.
 */
export function createLogger(name: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { err: pino.stdSerializers.err } };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A warning that repeats while something stays broken (a Redis that is down emits 'error' on every reconnect, many a
 * second): the first is logged, then at most one every `everyMs` (default 30 s) carrying `repeated`, how many were
 * left out meanwhile. `clock` is ms since the epoch (default Date.now).
 */
export function repeatingWarning(logger: Logger, msg: string, everyMs = 30_000, clock: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let repeated = 0;
  return (fields: Record<string, unknown>): void => {
    const t = clock();
    if (t - last < everyMs) {
      repeated++;
      return;
    }
    logger.warn(repeated ? { ...fields, repeated } : fields, msg);
    last = t;
    repeated = 0;
  };
}
