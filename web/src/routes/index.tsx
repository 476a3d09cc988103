import { createFileRoute, Link } from '@tanstack/react-router';
import { BellRing, Clock, MapPin, Timer } from 'lucide-react';

const STEPS = [
  { icon: MapPin, title: 'Pick your park', text: 'Choose a destination and the park you are visiting.' },
  { icon: Timer, title: 'Choose your rides', text: 'Watch every attraction or just the ones you care about.' },
  { icon: Clock, title: 'We watch the waits', text: 'Every 60 seconds we read the public live wait times.' },
  { icon: BellRing, title: 'Walk on', text: 'The moment a standby wait drops to 1–15 minutes, you hear from us.' },
];

function Landing() {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Know the moment your ride is a walk-on</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-brand-50">
            WalkOn watches live standby waits and e-mails or texts you when a ride you care about drops to walk-on or short.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/get-alerts" className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50">
              Get Alerts
            </Link>
            <Link to="/live-wait-times" className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10">
              Live Wait Times
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="how" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how" className="text-center text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <s.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-bold">
                {i + 1}. {s.title}
              </h3>
              <p className="mt-1 text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

export const Route = createFileRoute('/')({ component: Landing });
