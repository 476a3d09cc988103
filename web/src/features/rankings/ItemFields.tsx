import { useQuery } from '@tanstack/react-query';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { useTRPC } from '../../trpc.ts';

export type ItemType = 'ride' | 'food' | 'experience';

/** The values of an item form: name, park, type and description. */
export interface ItemDraft {
  name: string;
  parkId: string;
  type: ItemType;
  description: string;
}

/** The empty draft of a given type. */
export const emptyDraft = (type: ItemType = 'ride'): ItemDraft => ({ name: '', parkId: '', type, description: '' });

/**
 * The fields shared by "Add New Item" (suggestions) and the admin's add form (docs/spec/part-2.md §2): name, park from
 * the whole catalogue, type (ride / food / experience) and an optional description.
 */
export function ItemFields({ idPrefix, value, onChange }: { idPrefix: string; value: ItemDraft; onChange: (v: ItemDraft) => void }) {
  const trpc = useTRPC();
  const parks = useQuery(trpc.rankings.allParks.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  const set = <K extends keyof ItemDraft>(k: K, v: ItemDraft[K]) => onChange({ ...value, [k]: v });
  return (
    <>
      <Field label="Name" htmlFor={`${idPrefix}-name`}>
        <Input id={`${idPrefix}-name`} maxLength={MAX_LENGTH.itemName} value={value.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field label="Type" htmlFor={`${idPrefix}-type`}>
        <Select id={`${idPrefix}-type`} value={value.type} onChange={(e) => set('type', e.target.value as ItemType)}>
          <option value="ride">Ride</option>
          <option value="food">Food</option>
          <option value="experience">Experience</option>
        </Select>
      </Field>
      <Field label="Park" htmlFor={`${idPrefix}-park`}>
        <Select id={`${idPrefix}-park`} value={value.parkId} onChange={(e) => set('parkId', e.target.value)}>
          <option value="">{parks.isPending ? 'Loading parks…' : 'Select a park'}</option>
          {parks.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.destinationName})
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Description (optional)" htmlFor={`${idPrefix}-description`}>
        <textarea
          id={`${idPrefix}-description`}
          maxLength={MAX_LENGTH.itemDescription}
          className="w-full rounded-lg border border-slate-300 p-2"
          rows={3}
          value={value.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </Field>
    </>
  );
}
