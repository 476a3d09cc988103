import { useDestinations } from '../lib/liveApi.ts';
import { Field, Select } from './ui/field.tsx';

/**
 * Destination → park pickers (docs/spec/part-1.md §2: popular destinations first). Calls `onChange` with the new
 * destination and park ids; changing the destination clears the park.
 */
export function ParkPicker(props: {
  destinationId: string | null;
  parkId: string | null;
  onChange: (v: { destinationId: string | null; parkId: string | null }) => void;
  idPrefix?: string;
}) {
  const destinations = useDestinations();
  const prefix = props.idPrefix ?? 'picker';
  const dest = destinations.data?.find((d) => d.id === props.destinationId);
  const parks = dest ? [...dest.parks].sort((a, b) => a.name.localeCompare(b.name)) : [];
  if (destinations.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
        Error fetching destinations.{' '}
        <button type="button" className="font-semibold underline" onClick={() => destinations.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  // Side by side only where the box itself is wide enough for "Walt Disney World® Resort" in each (a container
  // query: inside a half-width card the selects stack instead of cutting the names off).
  return (
    <div className="@container">
      <div className="grid gap-4 @xl:grid-cols-2">
        <Field label="Destination" htmlFor={`${prefix}-destination`}>
          <Select
            id={`${prefix}-destination`}
            value={props.destinationId ?? ''}
            disabled={destinations.isPending}
            onChange={(e) => props.onChange({ destinationId: e.target.value || null, parkId: null })}
          >
            <option value="">{destinations.isPending ? 'Loading destinations…' : 'Select a destination'}</option>
            {destinations.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Park" htmlFor={`${prefix}-park`}>
          <Select
            id={`${prefix}-park`}
            value={props.parkId ?? ''}
            disabled={!dest}
            onChange={(e) => props.onChange({ destinationId: props.destinationId, parkId: e.target.value || null })}
          >
            <option value="">{dest ? 'Select a park' : 'Choose a destination first'}</option>
            {parks.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}
