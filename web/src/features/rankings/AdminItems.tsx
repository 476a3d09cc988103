import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { emptyDraft, type ItemDraft, ItemFields } from './ItemFields.tsx';

/** The admin's ranking items (docs/spec/part-2.md §2, §6): add an item to the rankings at once, or delete one (confirmed first). */
export function AdminItems() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const items = useQuery(trpc.admin.items.queryOptions());
  const [draft, setDraft] = useState<ItemDraft>(emptyDraft());
  const add = useMutation(
    trpc.admin.addItem.mutationOptions({
      onSuccess: async () => {
        toast.success('Item added successfully');
        setDraft((d) => ({ ...emptyDraft(d.type), parkId: d.parkId }));
        await queryClient.invalidateQueries({ queryKey: trpc.admin.items.queryKey() });
      },
      onError: (e) => toast.error('Failed to add item', { description: e.message }),
    }),
  );
  const del = useMutation(
    trpc.admin.deleteItem.mutationOptions({
      onSuccess: async () => {
        toast.success('Item deleted successfully');
        await queryClient.invalidateQueries({ queryKey: trpc.admin.items.queryKey() });
      },
      onError: (e) => toast.error('Failed to delete item', { description: e.message }),
    }),
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Add New Item">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!draft.name.trim() || !draft.parkId) return toast.error('Error', { description: 'Please fill in all required fields' });
            add.mutate({ name: draft.name, type: draft.type, parkId: draft.parkId, description: draft.description || null });
          }}
        >
          <ItemFields idPrefix="item" value={draft} onChange={setDraft} />
          <Button type="submit" disabled={add.isPending}>
            Add Item
          </Button>
        </form>
      </Card>
      <Card title="Existing Items">
        {items.isPending ? <p className="text-slate-600">Loading…</p> : null}
        {items.isError ? <p role="alert">Failed to load items</p> : null}
        {items.data?.length === 0 ? <p className="text-slate-600">No items yet.</p> : null}
        <ul className="max-h-[600px] divide-y divide-slate-100 overflow-y-auto">
          {items.data?.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-semibold">{i.name}</span> <Badge tone="brand">{i.type}</Badge>
                <span className="block text-sm text-slate-600">{i.parkName}</span>
              </span>
              <Confirm
                title="Delete item"
                description="Are you sure you want to delete this item?"
                confirmText="Delete"
                onConfirm={() => del.mutate({ id: i.id })}
                trigger={
                  <Button variant="ghost" size="sm" aria-label={`Delete ${i.name}`}>
                    <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
