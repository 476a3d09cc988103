import { Star } from 'lucide-react';
import { useApiQuery } from '../../lib/useApi.ts';

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`h-4 w-4 ${n <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`} aria-hidden="true" />
      ))}
    </span>
  );
}

/**
 * Testimonials carousel (docs/spec/part-1.md §2, §9): admin-curated rows (docs/DESIGN.md §6; none stored = no section), list doubled for a seamless 60 s linear loop,
 * cards at least 300 px wide, 5-star scale; paused for users who prefer reduced motion and on hover/focus.
 */
export function Testimonials() {
  const list = useApiQuery('site.testimonials', undefined, { staleTime: 5 * 60_000 });
  const items = list.data ?? [];
  if (items.length === 0) return null;
  const doubled = [...items, ...items];
  return (
    <section aria-labelledby="testimonials" className="overflow-hidden py-16">
      <h2 id="testimonials" className="text-center text-3xl font-bold">
        What visitors say
      </h2>
      <div className="group mt-8 [mask-image:linear-gradient(to_right,transparent,black_5%,black_95%,transparent)]">
        <ul className="flex w-max animate-[walkon-scroll_60s_linear_infinite] gap-5 group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] motion-reduce:animate-none">
          {doubled.map((t, i) => (
            <li
              key={`${t.id}-${i < items.length ? 'a' : 'b'}`}
              aria-hidden={i >= items.length}
              className="w-[300px] shrink-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <Stars rating={t.rating} />
              <p className="mt-3 text-slate-800">“{t.text}”</p>
              <p className="mt-3 text-sm font-semibold">{t.name}</p>
              <p className="text-sm text-slate-600">{t.parkVisited}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
