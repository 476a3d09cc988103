import { z } from 'zod';
import type { Destination, LiveEntry, LiveParkData, ScheduleEntry } from './types.ts';

// ThemeParks.wiki v1 shapes, tolerant of nulls and missing fields (docs/DESIGN.md §2.2). Unknown keys are kept.
const nullableNumber = z.number().nullable().optional().catch(null);
const operatingHours = z
  .array(z.object({ type: z.string().nullish(), startTime: z.string().nullish(), endTime: z.string().nullish() }).passthrough())
  .nullish()
  .catch(null);

const liveEntrySchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    entityType: z.string().nullish(),
    status: z.string().nullish(),
    queue: z.record(z.string(), z.unknown()).nullish().catch(null),
    operatingHours,
    lastUpdated: z.string().nullish(),
    diningAvailability: z
      .array(z.object({ partySize: z.number().nullish().catch(null), waitTime: z.number().nullish().catch(null) }).passthrough())
      .nullish()
      .catch(null),
  })
  .passthrough();

/** `GET /v1/entity/{id}/live`. */
export const liveResponseSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    entityType: z.string().nullish(),
    timezone: z.string().nullish(),
    liveData: z.array(z.unknown()).nullish(),
  })
  .passthrough();

/** `GET /v1/destinations`. */
export const destinationsResponseSchema = z.object({
  destinations: z.array(
    z
      .object({
        id: z.string(),
        name: z.string(),
        slug: z.string().nullish(),
        parks: z.array(z.object({ id: z.string(), name: z.string() }).passthrough()).nullish(),
      })
      .passthrough(),
  ),
});

const standbySchema = z.object({ STANDBY: z.object({ waitTime: nullableNumber }).passthrough().nullish().catch(null) }).passthrough();

/**
 * Normalises a raw live response. Entries that are not even objects with an id are skipped (and counted),
 * so one bad entry never hides the rest of the park.
 * @throws ZodError when the document itself is not a live response (no park id).
 */
export function parseLive(raw: unknown): { data: LiveParkData; skipped: number } {
  const doc = liveResponseSchema.parse(raw);
  const entries: LiveEntry[] = [];
  let skipped = 0;
  for (const item of doc.liveData ?? []) {
    const r = liveEntrySchema.safeParse(item);
    if (!r.success) {
      skipped++;
      continue;
    }
    const e = r.data;
    const queue = e.queue ?? null;
    const standby = queue ? standbySchema.safeParse(queue) : null;
    const wait = standby?.success ? (standby.data.STANDBY?.waitTime ?? null) : null;
    entries.push({
      id: e.id,
      name: e.name ?? e.id,
      entityType: e.entityType ?? 'UNKNOWN',
      status: e.status ?? null,
      standbyWait: typeof wait === 'number' && Number.isFinite(wait) ? Math.round(wait) : null,
      queue,
      operatingHours: e.operatingHours
        ? e.operatingHours.map((h) => ({ type: h.type ?? 'Operating', startTime: h.startTime ?? null, endTime: h.endTime ?? null }))
        : null,
      lastUpdated: e.lastUpdated ?? null,
      ...(e.diningAvailability
        ? {
            diningAvailability: e.diningAvailability
              .filter((d) => typeof d.partySize === 'number')
              .map((d) => ({ partySize: d.partySize as number, waitTime: typeof d.waitTime === 'number' ? Math.round(d.waitTime) : null })),
          }
        : {}),
    });
  }
  return { data: { parkId: doc.id, name: doc.name ?? doc.id, timezone: doc.timezone ?? null, entries }, skipped };
}

/** Normalises `GET /v1/destinations`. @throws ZodError on a malformed document. */
export function parseDestinations(raw: unknown): Destination[] {
  return destinationsResponseSchema.parse(raw).destinations.map((d) => ({
    id: d.id,
    name: d.name,
    slug: d.slug ?? null,
    parks: (d.parks ?? []).map((p) => ({ id: p.id, name: p.name })),
  }));
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIME_IN_ISO = /^\d{4}-\d{2}-\d{2}T(\d{2}:\d{2})/;

/** `GET /v1/entity/{id}/schedule`: entries with a date and ISO opening/closing times (others are dropped). */
export const scheduleResponseSchema = z
  .object({
    schedule: z
      .array(
        z
          .object({
            date: z.string().nullish(),
            type: z.string().nullish(),
            openingTime: z.string().nullish(),
            closingTime: z.string().nullish(),
            description: z.string().nullish(),
          })
          .passthrough()
          .nullable()
          .catch(null),
      )
      .nullish(),
  })
  .passthrough();

/**
 * Normalises a schedule response to park-local dates and wall-clock 'HH:MM' (the published times carry the
 * park's own offset, so their clock part is the local time). Entries without a date or times are skipped.
 * @throws ZodError when the document is not a schedule response.
 */
export function parseSchedule(raw: unknown): ScheduleEntry[] {
  const doc = scheduleResponseSchema.parse(raw);
  const out: ScheduleEntry[] = [];
  for (const e of doc.schedule ?? []) {
    if (!e?.date || !LOCAL_DATE.test(e.date)) continue;
    const opens = LOCAL_TIME_IN_ISO.exec(e.openingTime ?? '')?.[1];
    const closes = LOCAL_TIME_IN_ISO.exec(e.closingTime ?? '')?.[1];
    if (!opens || !closes) continue;
    out.push({ date: e.date, type: e.type ?? 'OPERATING', opens, closes, description: e.description ?? null });
  }
  return out;
}
