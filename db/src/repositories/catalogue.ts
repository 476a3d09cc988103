import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp } from '../types.ts';

/** A destination with its parks, as ThemeParks.wiki `/v1/destinations` gives them. */
export interface DestinationInput {
  id: string;
  name: string;
  slug?: string | null;
  parks: { id: string; name: string }[];
}

/** An attraction (any live entity of a park: ATTRACTION, SHOW, RESTAURANT …). */
export interface AttractionInput {
  id: string;
  parkId: string;
  name: string;
  entityType: string;
}

/** Upserts destinations and their parks (names refreshed, timezones kept). */
export async function upsertDestinations(db: Executor, destinations: DestinationInput[]): Promise<void> {
  if (destinations.length === 0) return;
  await db
    .insertInto('destinations')
    .values(destinations.map((d) => ({ id: d.id, name: d.name, slug: d.slug ?? null })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ name: (eb) => eb.ref('excluded.name'), slug: (eb) => eb.ref('excluded.slug'), updated_at: sql`now()` }),
    )
    .execute();
  const parks = destinations.flatMap((d) => d.parks.map((p) => ({ id: p.id, name: p.name, destination_id: d.id })));
  if (parks.length === 0) return;
  // A park id appears once per destination; dedupe defensively (upstream data has had repeats).
  const unique = [...new Map(parks.map((p) => [p.id, p])).values()];
  await db
    .insertInto('parks')
    .values(unique)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: (eb) => eb.ref('excluded.name'),
        destination_id: (eb) => eb.ref('excluded.destination_id'),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** Sets a park's IANA time zone (from the live or entity document). */
export async function setParkTimezone(db: Executor, parkId: string, timezone: string): Promise<void> {
  await db
    .updateTable('parks')
    .set({ timezone })
    .where('id', '=', parkId)
    .where((eb) => eb.or([eb('timezone', 'is', null), eb('timezone', '!=', timezone)]))
    .execute();
}

/**
 * Upserts attractions (name and entity type refreshed).
 * @returns each attraction's bit in its park's audience masks (docs/DESIGN.md §2.3 "The audience"; null for entities
 * that cannot alert, or past the 256th attraction of a park).
 */
export async function upsertAttractions(db: Executor, attractions: AttractionInput[]): Promise<Map<string, number | null>> {
  if (attractions.length === 0) return new Map();
  const unique = [...new Map(attractions.map((a) => [a.id, a])).values()];
  const rows = await db
    .insertInto('attractions')
    .values(unique.map((a) => ({ id: a.id, park_id: a.parkId, name: a.name, entity_type: a.entityType })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: (eb) => eb.ref('excluded.name'),
        entity_type: (eb) => eb.ref('excluded.entity_type'),
        updated_at: sql`now()`,
      }),
    )
    .returning(['id', 'bit'])
    .execute();
  return new Map(rows.map((r) => [r.id, r.bit ?? null]));
}

/** Every destination with its parks, destinations and parks sorted by name. */
export async function listDestinations(db: Executor) {
  const rows = await db
    .selectFrom('destinations as d')
    .leftJoin('parks as p', 'p.destination_id', 'd.id')
    .select(['d.id as destinationId', 'd.name as destinationName', 'p.id as parkId', 'p.name as parkName', 'p.timezone'])
    .orderBy('d.name')
    .orderBy('p.name')
    .execute();
  const out = new Map<string, { id: string; name: string; parks: { id: string; name: string; timezone: string | null }[] }>();
  for (const r of rows) {
    let d = out.get(r.destinationId);
    if (!d) {
      d = { id: r.destinationId, name: r.destinationName, parks: [] };
      out.set(r.destinationId, d);
    }
    if (r.parkId && r.parkName) d.parks.push({ id: r.parkId, name: r.parkName, timezone: r.timezone ?? null });
  }
  return [...out.values()];
}

/** One park with its destination, or undefined. */
export async function getPark(db: Executor, parkId: string) {
  return db
    .selectFrom('parks as p')
    .innerJoin('destinations as d', 'd.id', 'p.destination_id')
    .select(['p.id', 'p.name', 'p.timezone', 'p.destination_id as destinationId', 'd.name as destinationName'])
    .where('p.id', '=', parkId)
    .executeTakeFirst();
}

/** A park's attractions of the given entity types (default ATTRACTION), sorted by name. */
export async function listAttractions(db: Executor, parkId: string, entityTypes: string[] = ['ATTRACTION']) {
  return db
    .selectFrom('attractions')
    .select(['id', 'name', 'entity_type as entityType', 'park_id as parkId'])
    .where('park_id', '=', parkId)
    .where('entity_type', 'in', entityTypes)
    .orderBy('name')
    .execute();
}

/** Number of destinations in the catalogue (0 means it must be loaded from the source first). */
export async function countDestinations(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('destinations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface DestinationsTable {
  id: string;
  name: string;
  slug: string | null;
  updated_at: GeneratedTimestamp;
}
