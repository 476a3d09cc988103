/** The six popular parks pinned first in park selects (docs/spec/part-1.md §2 Signup card), with their destinations. */
export const POPULAR_PARKS = [
  { id: '75ea578a-adc8-4116-a54d-dccb60765ef9', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '47f90d2c-e191-4239-a466-5892ef59a88b', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '288747d1-8b4f-4a64-867e-ea7c9b27bad8', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '1c84a229-8862-4648-9c71-378ddd2c7693', destinationId: 'e957da41-3552-4cf6-b636-5babc5cbc4e5' },
  { id: '7340550b-c14d-4def-80bb-acdb51d49a66', destinationId: 'bfc89fd6-314d-44b4-b89e-df1a89cf991e' },
  { id: '832fcd51-ea19-4e77-85c7-75d5843b127c', destinationId: 'bfc89fd6-314d-44b4-b89e-df1a89cf991e' },
];

/** A park as site.parks lists it. */
export interface ParkOption {
  id: string;
  name: string;
  timezone: string | null;
  destinationId: string;
  destinationName: string;
}

/**
 * The `<option>`s of a park select: a placeholder, then "Most popular" (the six pinned parks, docs/spec/part-1.md §2),
 * then "All parks" with their destinations.
 */
export function ParkOptions({ parks, loading }: { parks: ParkOption[]; loading: boolean }) {
  const popular = POPULAR_PARKS.map((p) => parks.find((a) => a.id === p.id)).filter((p): p is ParkOption => Boolean(p));
  const others = parks.filter((a) => !POPULAR_PARKS.some((p) => p.id === a.id));
  return (
    <>
      <option value="">{loading ? 'Loading parks…' : 'Select a theme park'}</option>
      {popular.length ? (
        <optgroup label="Most popular">
          {popular.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ) : null}
      <optgroup label="All parks">
        {others.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.destinationName})
          </option>
        ))}
      </optgroup>
    </>
  );
}
