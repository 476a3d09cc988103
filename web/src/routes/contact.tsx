import { createFileRoute } from '@tanstack/react-router';
import { ContactLink } from '../components/ContactLink.tsx';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';

export const Route = createFileRoute('/contact')({
  head: pageHead('Contact', 'How to reach the WalkOn team about alerts, payments, privacy or partnerships.'),
  component: () => (
    <InfoPage title="Contact" lead="We read every message and usually answer within two business days.">
      <h2>Support</h2>
      <p>
        Questions about your alerts or a day pass: write to <ContactLink subject="Question about my alerts" /> from the e-mail address you
        use with WalkOn, and include the park and date.
      </p>
      <h2>Privacy</h2>
      <p>
        To see, correct or delete the data we hold about you: <ContactLink subject="Privacy request" />.
      </p>
      <h2>Partnerships and press</h2>
      <p>
        <ContactLink subject="Partnership or press" />
      </p>
    </InfoPage>
  ),
});
