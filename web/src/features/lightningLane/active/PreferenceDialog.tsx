import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_WINDOW, MAX_PRICE_DOLLARS, PRIORITY_DEFAULT, PRIORITY_MAX, PRIORITY_MIN } from '@walkon/domain/rules/lightningLane';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useTRPC } from '../../../trpc.ts';
import type { Lane, LanePreference } from '../types.ts';

/**
 * The preference of one attraction (docs/spec/part-2.md §4): priority 1–10 (10 highest), return window, optional max
 * price in whole dollars; Save or Remove. Bad values get a sentence before anything is sent.
 */
export function PreferenceDialog({
  lane,
  parkId,
  pref,
  onClose,
  returnFocus,
}: {
  lane: Lane;
  parkId: string;
  pref: LanePreference | undefined;
  onClose: () => void;
  returnFocus: React.RefObject<HTMLElement | null>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [priority, setPriority] = useState(pref?.priority ?? PRIORITY_DEFAULT);
  const [start, setStart] = useState(pref?.windowStart ?? DEFAULT_WINDOW.start);
  const [end, setEnd] = useState(pref?.windowEnd ?? DEFAULT_WINDOW.end);
  const [maxPrice, setMaxPrice] = useState(pref?.maxPrice === null || pref?.maxPrice === undefined ? '' : String(pref.maxPrice));
  const [error, setError] = useState<string | null>(null);
  const done = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: trpc.lightningLane.preferences.queryKey({ parkId }) });
    onClose();
  };
  const save = useMutation(
    trpc.lightningLane.savePreference.mutationOptions({
      onSuccess: () => done(`Preference saved for ${lane.name}`),
      onError: (e) => setError(e.message),
    }),
  );
  const remove = useMutation(
    trpc.lightningLane.deletePreference.mutationOptions({
      onSuccess: () => done(`Preference removed for ${lane.name}`),
      onError: (e) => setError(e.message),
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = maxPrice.trim();
    const price = trimmed === '' ? null : Number(trimmed);
    if (price !== null && (!Number.isInteger(price) || price < 0 || price > MAX_PRICE_DOLLARS)) {
      setError(`Max price must be a whole number of dollars from 0 to ${MAX_PRICE_DOLLARS}.`);
      return;
    }
    if (!(start < end)) {
      setError('The window must end after it starts.');
      return;
    }
    setError(null);
    save.mutate({ parkId, attractionId: lane.id, priority, windowStart: start, windowEnd: end, maxPrice: price });
  };
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()} title={`Preference · ${lane.name}`} returnFocus={returnFocus}>
      <form className="space-y-4" noValidate onSubmit={submit}>
        <Field label="Priority" htmlFor="ll-pref-priority" hint="10 is the highest priority, 1 the lowest (default 1).">
          <Select id="ll-pref-priority" value={priority} onChange={(e) => setPriority(Number(e.target.value))}>
            {Array.from({ length: PRIORITY_MAX - PRIORITY_MIN + 1 }, (_, i) => PRIORITY_MAX - i).map((n) => (
              <option key={n} value={n}>
                {n}
                {n === PRIORITY_MAX ? ' (highest)' : n === PRIORITY_MIN ? ' (lowest)' : ''}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Earliest return" htmlFor="ll-pref-start">
            <Input id="ll-pref-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} required />
          </Field>
          <Field label="Latest return" htmlFor="ll-pref-end">
            <Input id="ll-pref-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} required />
          </Field>
        </div>
        <Field
          label="Max price in dollars (optional)"
          htmlFor="ll-pref-max"
          hint="Only paid (Single Pass) lanes have a price. Leave empty for no limit."
        >
          <Input
            id="ll-pref-max"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PRICE_DOLLARS}
            step={1}
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value)}
          />
        </Field>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {pref ? (
            <Button variant="secondary" onClick={() => remove.mutate({ attractionId: lane.id })} disabled={remove.isPending}>
              <X className="h-4 w-4" aria-hidden="true" />
              Remove preference
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save preference'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
