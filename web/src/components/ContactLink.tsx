import { webConfig } from '../config.ts';

/**
 * A mailto link to the team's contact address with a subject line (e.g. "Privacy request"), showing the address.
 * The address is the server's CONTACT_EMAIL, by default `support@<host of PUBLIC_ORIGIN>` (README "Configuration"),
 * read at run time (config.ts): one build serves any deployment. One inbox; the subject says what it is about.
 */
export function ContactLink({ subject }: { subject: string }) {
  const { contactEmail } = webConfig();
  return <a href={`mailto:${contactEmail}?subject=${encodeURIComponent(subject)}`}>{contactEmail}</a>;
}
