import { DEFAULT_THRESHOLD_MINUTES } from '@walkon/domain/rules/alerts';
import { BellRing, Clock, MapPin, Timer } from 'lucide-react';

/** The four steps (docs/spec/part-1.md §2 How It Works), shared by the landing strip and /how-it-works. */
export const STEPS = [
  { icon: MapPin, title: 'Pick your park', text: 'Choose a destination and the park you are visiting, and the day of your visit.' },
  { icon: Timer, title: 'Choose your rides', text: 'Watch every attraction, or only the ones your group cares about.' },
  { icon: Clock, title: 'We watch the waits', text: 'Every 60 seconds WalkOn reads the public live standby waits of your park.' },
  {
    icon: BellRing,
    title: 'Walk on',
    text: `The moment a ride drops to your threshold (${DEFAULT_THRESHOLD_MINUTES} minutes by default) we e-mail or text you — once per drop, several rides in one message.`,
  },
];
