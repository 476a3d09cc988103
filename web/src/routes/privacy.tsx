import { createFileRoute } from '@tanstack/react-router';
import { ContactLink } from '../components/ContactLink.tsx';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';

export const Route = createFileRoute('/privacy')({
  head: pageHead(
    'Privacy Policy',
    'What WalkOn stores (e-mail addresses, phone numbers, ride choices), why, for how long, and your rights.',
  ),
  component: () => (
    <InfoPage title="Privacy Policy" lead="Last updated November 2026. We keep as little as we can and never sell it.">
      <h2>What we store</h2>
      <ul>
        <li>Your account: name, e-mail address and a one-way hash of your password.</li>
        <li>Your alerts: the parks, rides and dates you choose, and the phone number you give for text alerts.</li>
        <li>The alerts we sent you (ride, wait, time) for your history and so we never repeat one within an hour.</li>
        <li>Newsletter sign-ups: your e-mail address, if you subscribe.</li>
        <li>Payments are handled by our payment provider; we keep a reference to the payment, never your card number.</li>
      </ul>
      <h2>Why</h2>
      <p>Only to send the alerts you asked for, to run your account, to answer you, and to keep the service secure.</p>
      <h2>Who we share it with</h2>
      <p>
        The providers that deliver messages and payments for us (e-mail, SMS and payment processors), under contract and only for that
        purpose. We never sell your data or share it with park operators.
      </p>
      <h2>How long</h2>
      <p>Alert history is kept for up to 12 months; account data until you delete your account; newsletter data until you unsubscribe.</p>
      <h2>Your rights</h2>
      <p>
        You can see, correct, export or delete your data, and unsubscribe at any time (one click in every e-mail, STOP for texts). Write to{' '}
        <ContactLink subject="Privacy request" />.
      </p>
      <h2>Cookies</h2>
      <p>One strictly necessary cookie keeps you signed in. We use no advertising or tracking cookies.</p>
    </InfoPage>
  ),
});
