import type { ReactNode } from 'react';

/**
 * Layout of the information pages: a title, an optional lead paragraph, optional `cards` (laid out as they are,
 * outside the prose styles, so their buttons keep their own colours and lists their own markers) and prose content.
 */
export function InfoPage({ title, lead, cards, children }: { title: string; lead?: string; cards?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 text-lg text-slate-700">{lead}</p> : null}
      {cards ? <div className="mt-10">{cards}</div> : null}
      <div className="mt-8 space-y-5 leading-relaxed text-slate-800 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
      </div>
    </main>
  );
}

/** Route `head` for a page: title and meta description. */
export function pageHead(title: string, description: string) {
  return () => ({ meta: [{ title: `${title} · WalkOn` }, { name: 'description', content: description }] });
}
