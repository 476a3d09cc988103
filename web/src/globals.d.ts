/** The team's contact address, set at build time from CONTACT_EMAIL (web/vite.config.ts). */
declare const __CONTACT_EMAIL__: string;
