import { BellRing, CalendarDays, Search, Utensils } from 'lucide-react';

/** The four steps of "How Restaurant Alerts Work" (docs/spec/part-2.md §2; the spec leaves the wording to us). */
export const RESTAURANT_STEPS = [
  {
    icon: Utensils,
    title: 'Pick your restaurant',
    text: 'Choose Walt Disney World or Disneyland Resort, the park, and the restaurant you would love to eat at.',
  },
  {
    icon: CalendarDays,
    title: 'Choose dates and party',
    text: 'Select one or more dates from today on, your party size (1–20) and the meal: breakfast, lunch, dinner or any time.',
  },
  {
    icon: Search,
    title: 'We keep watch',
    text: "Every 15 minutes WalkOn reads ThemeParks.wiki's published walk-up availability for your restaurant. It is published for today only, so we check each of your dates as it arrives.",
  },
  {
    icon: BellRing,
    title: 'Get one e-mail',
    text: 'When a table for your party shows up during your meal, we e-mail you — once per alert and date. Stop any time from the e-mail or Manage Restaurant Alerts.',
  },
] as const;

/** "How Restaurant Alerts Work": four numbered steps (a list, one column on phones, four on wide screens). */
export function HowItWorks() {
  return (
    <section aria-labelledby="restaurant-how" className="mt-10">
      <h2 id="restaurant-how" className="text-2xl font-bold text-slate-900">
        How Restaurant Alerts Work
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {RESTAURANT_STEPS.map((s, i) => (
          <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                {i + 1}
              </span>
              <s.icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
            </div>
            <h3 className="mt-3 font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-1 text-sm text-slate-700">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
