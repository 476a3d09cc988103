import { z } from 'zod';

/** The two return-time queues of ThemeParks.wiki live data: free (`RETURN_TIME`) and paid (`PAID_RETURN_TIME`). */
export type ReturnQueueType = 'RETURN_TIME' | 'PAID_RETURN_TIME';

/** One attraction's return-time queue, normalised (docs/decisions/008: Lightning Lane availability comes from these). */
export interface ReturnTimeQueue {
  type: ReturnQueueType;
  /** Upstream state: AVAILABLE | TEMP_FULL | FINISHED | … (upper-cased); null when missing. */
  state: string | null;
  /** True only when the state is AVAILABLE and a return start is published. */
  available: boolean;
  /** First return instant (ISO, with the park's offset as published), or null. */
  returnStart: string | null;
  /** Last return instant, or null (often null upstream even when available). */
  returnEnd: string | null;
  /** Price in cents (PAID_RETURN_TIME only), or null. */
  priceCents: number | null;
  /** ISO currency code of the price, e.g. USD, or null. */
  currency: string | null;
  /** Upstream display text, e.g. "$21.00", when published; otherwise null (format it from cents yourself). */
  priceFormatted: string | null;
}

const isoOrNull = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)))
  .nullish()
  .catch(null);

const queueSchema = z
  .object({
    state: z.string().nullish().catch(null),
    returnStart: isoOrNull,
    returnEnd: isoOrNull,
    price: z
      .object({
        amount: z.number().int().nonnegative().nullish().catch(null),
        currency: z.string().nullish().catch(null),
        formatted: z.string().nullish().catch(null),
      })
      .passthrough()
      .nullish()
      .catch(null),
  })
  .passthrough();

/**
 * Reads the `RETURN_TIME` and `PAID_RETURN_TIME` entries of a live `queue` object (the raw object kept in
 * `ride_status.queue`). Tolerant like the rest of the live parsing (docs/DESIGN.md §2.2): a missing, null or malformed
 * entry is simply absent from the result; nulls inside an entry stay null. `price.amount` is already in
 * cents upstream (2100 = $21.00).
 */
export function parseReturnTimes(queue: unknown): Partial<Record<ReturnQueueType, ReturnTimeQueue>> {
  const out: Partial<Record<ReturnQueueType, ReturnTimeQueue>> = {};
  if (!queue || typeof queue !== 'object') return out;
  for (const type of ['RETURN_TIME', 'PAID_RETURN_TIME'] as const) {
    const raw = (queue as Record<string, unknown>)[type];
    if (!raw || typeof raw !== 'object') continue;
    const r = queueSchema.safeParse(raw);
    if (!r.success) continue;
    const q = r.data;
    const state = q.state ? q.state.toUpperCase() : null;
    const returnStart = q.returnStart ?? null;
    const amount = type === 'PAID_RETURN_TIME' ? (q.price?.amount ?? null) : null;
    out[type] = {
      type,
      state,
      available: state === 'AVAILABLE' && returnStart !== null,
      returnStart,
      returnEnd: q.returnEnd ?? null,
      priceCents: amount,
      currency: amount !== null ? (q.price?.currency?.toUpperCase() ?? null) : null,
      priceFormatted: amount !== null ? (q.price?.formatted ?? null) : null,
    };
  }
  return out;
}
