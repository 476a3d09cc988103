import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { emptyDraft, type ItemDraft, ItemFields, type ItemType } from './ItemFields.tsx';

/** "Add New Item" (docs/spec/part-2.md §2): a signed-in visitor suggests an item; moderators review it. */
export function AddItemDialog({ onClose, defaultType }: { onClose: () => void; defaultType: ItemType }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<ItemDraft>(emptyDraft(defaultType));
  const suggest = useMutation(
    trpc.rankings.suggestNew.mutationOptions({
      onSuccess: (r) => {
        toast.success('Request Submitted!', { description: 'Your suggestion will be reviewed by moderators' });
        if (r.filtered) toast.warning('Content Filtered', { description: 'Inappropriate language has been filtered from your suggestion' });
        onClose();
      },
      onError: (e) => toast.error('Failed to submit request', { description: e.message }),
    }),
  );
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()} title="Add New Item">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!draft.name.trim() || !draft.parkId) return toast.error('Error', { description: 'Please fill in all required fields' });
          suggest.mutate({ name: draft.name, parkId: draft.parkId, type: draft.type, description: draft.description || null });
        }}
      >
        <ItemFields idPrefix="new" value={draft} onChange={setDraft} />
        <Button type="submit" disabled={suggest.isPending}>
          Submit Suggestion
        </Button>
      </form>
    </Dialog>
  );
}
