import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * What the landing page shows that an admin sets (docs/spec/part-1.md §2, docs/DESIGN.md §6): the daily SMS capacity behind
 * the per-park daily SMS capacity (enforced at checkout) and the testimonials (add and delete).
 */
export function AdminSiteSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const testimonials = useQuery(trpc.site.testimonials.queryOptions());
  const capacity = useQuery(trpc.site.smsCapacity.queryOptions());
  const [cap, setCap] = useState('');
  const setCapacity = useMutation(
    trpc.site.setSmsCapacity.mutationOptions({
      onSuccess: async () => {
        toast.success('Capacity saved');
        await queryClient.invalidateQueries({ queryKey: trpc.site.pathKey() });
      },
      onError: (e) => toast.error(e.message),
    }),
  );
  const del = useMutation(
    trpc.site.deleteTestimonial.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.site.testimonials.queryKey() }),
      onError: (e) => toast.error(e.message),
    }),
  );
  const add = useMutation(
    trpc.site.addTestimonial.mutationOptions({
      onSuccess: async () => {
        toast.success('Testimonial added');
        await queryClient.invalidateQueries({ queryKey: trpc.site.testimonials.queryKey() });
      },
      onError: (e) => toast.error(e.message),
    }),
  );
  const [t, setT] = useState({ name: '', parkVisited: '', text: '', rating: 5 });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Daily SMS capacity">
        <p className="text-sm text-slate-600">
          SMS passes each park can sell per day: checkout refuses an SMS date once the park's SMS days held (and open checkouts) reach this
          number. 0 = no limit.
        </p>
        <form
          className="mt-3 flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setCapacity.mutate({ capacity: Number.parseInt(cap || '0', 10) });
          }}
        >
          <Field label={`Capacity (now ${capacity.data?.capacity ?? 'not set'})`} htmlFor="capacity">
            <Input id="capacity" type="number" min={0} value={cap} onChange={(e) => setCap(e.target.value)} />
          </Field>
          <Button type="submit">Save</Button>
        </form>
      </Card>
      <Card title="Testimonials">
        <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
          {testimonials.data?.map((x) => (
            <li key={x.id} className="flex items-start justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-semibold">{x.name}</span>
                <span className="block text-slate-600">{x.text}</span>
              </span>
              <Button variant="ghost" size="sm" aria-label={`Delete testimonial by ${x.name}`} onClick={() => del.mutate({ id: x.id })}>
                <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <form
          className="mt-4 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(t);
          }}
        >
          <Input
            aria-label="Name"
            maxLength={MAX_LENGTH.testimonialName}
            placeholder="Name"
            value={t.name}
            onChange={(e) => setT({ ...t, name: e.target.value })}
          />
          <Input
            aria-label="Park visited"
            maxLength={MAX_LENGTH.testimonialPark}
            placeholder="Park visited"
            value={t.parkVisited}
            onChange={(e) => setT({ ...t, parkVisited: e.target.value })}
          />
          <Input
            aria-label="Testimonial"
            maxLength={MAX_LENGTH.testimonialText}
            placeholder="Testimonial"
            value={t.text}
            onChange={(e) => setT({ ...t, text: e.target.value })}
          />
          <Select aria-label="Rating" value={t.rating} onChange={(e) => setT({ ...t, rating: Number(e.target.value) })}>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 star' : `${n} stars`}
              </option>
            ))}
          </Select>
          <Button type="submit">Add testimonial</Button>
        </form>
      </Card>
    </div>
  );
}
