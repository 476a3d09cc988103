/**
 * The team's contact address: the build setting CONTACT_EMAIL (README "Configuration"), by default
 * `support@<host of PUBLIC_ORIGIN>` (vite.config.ts). One inbox; the link's subject says what the message is about.
 */
export const CONTACT_EMAIL: string = __CONTACT_EMAIL__;

/** A mailto link to CONTACT_EMAIL with a subject line (e.g. "Privacy request"), showing the address. */
export function ContactLink({ subject }: { subject: string }) {
  return <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}`}>{CONTACT_EMAIL}</a>;
}
