import { createFileRoute } from '@tanstack/react-router';
import { ContactLink } from '../components/ContactLink.tsx';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';

export const Route = createFileRoute('/careers')({
  head: pageHead('Careers', 'Work on WalkOn: the theme-park companion that tells visitors when rides are walk-on.'),
  component: () => (
    <InfoPage title="Careers" lead="We are a small team and grow slowly, on purpose.">
      <p>
        There are no open positions right now. If you love theme parks and build reliable software — real-time data, notifications,
        accessible web apps — we would still like to hear from you.
      </p>
      <p>
        Send a short note and a link to something you built to <ContactLink subject="Working at WalkOn" />.
      </p>
    </InfoPage>
  ),
});
