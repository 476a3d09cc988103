import { createFileRoute } from '@tanstack/react-router';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';

export const Route = createFileRoute('/about')({
  head: pageHead('About Us', 'WalkOn is a small, independent team building the best theme-park companion on the web.'),
  component: () => (
    <InfoPage title="About Us" lead="A small, independent team of theme-park fans and engineers.">
      <p>
        WalkOn started with a simple idea: standby lines change all day, and the best moment to ride is often when nobody is looking. We
        watch the public live wait times so you do not have to, and tell you the moment a ride you care about is walk-on or short.
      </p>
      <h2>Independent by design</h2>
      <p>
        WalkOn is not affiliated with Disney, Universal or any other park operator. We use public wait-time data only (via ThemeParks.wiki),
        we make no real bookings (Lightning Lane Assist's bookings are simulated) and we never ask for your park account password.
      </p>
      <h2>What we care about</h2>
      <ul>
        <li>Alerts you can trust: stale data never alerts, and the same ride is never sent twice within an hour.</li>
        <li>Your inbox and phone: every e-mail has one-click unsubscribe, and texts honour STOP.</li>
        <li>Honest numbers: the figures on our site come from alerts we really sent.</li>
      </ul>
    </InfoPage>
  ),
});
