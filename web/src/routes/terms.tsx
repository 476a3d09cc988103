import { createFileRoute } from '@tanstack/react-router';
import { SHORT_WAIT_RANGE } from '@walkon/domain/rules/alerts';
import { ContactLink } from '../components/ContactLink.tsx';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';

export const Route = createFileRoute('/terms')({
  head: pageHead('Terms of Service', 'The terms for using WalkOn, an independent wait-time alert service.'),
  component: () => (
    <InfoPage title="Terms of Service" lead="Last updated November 2026. By using WalkOn you agree to these terms.">
      <h2>1. The service</h2>
      <p>
        WalkOn sends alerts by e-mail or text message when the published standby wait of a ride you selected is {SHORT_WAIT_RANGE} (a
        published wait of 0 minutes never alerts), and shows live wait times. WalkOn is independent and not affiliated with any park
        operator.
      </p>
      <h2>2. Data we rely on</h2>
      <p>
        Wait times come from public sources and may be late, wrong or missing. Parks may close rides at any time. We do not guarantee that a
        ride will be available or that a wait will still be short when you arrive.
      </p>
      <h2>3. No bookings</h2>
      <p>WalkOn makes no reservations or bookings of any kind and never logs in to a park account on your behalf.</p>
      <h2>4. Day passes and payment</h2>
      <p>
        Paid passes are sold per park and per park day at the price shown before purchase. A pass is valid for the chosen park day in the
        park's time zone. Generally no refund is given once the service day has begun.
      </p>
      <h2>5. Your account</h2>
      <p>
        Keep your password safe. You are responsible for the e-mail address and phone number you give us and for having the right to receive
        messages there.
      </p>
      <h2>6. Acceptable use</h2>
      <p>Do not misuse the service, attempt to access other people's data, or overload our systems.</p>
      <h2>7. Liability</h2>
      <p>To the extent the law allows, our liability is limited to the amount you paid for the pass concerned.</p>
      <h2>8. Changes</h2>
      <p>
        We may update these terms; the date above shows the latest version. Questions: <ContactLink subject="Terms of service" />.
      </p>
    </InfoPage>
  ),
});
