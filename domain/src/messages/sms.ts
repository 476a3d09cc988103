/** Text messages in GSM-7, one 160-septet segment each (every SMS WalkOn sends). */

// GSM 03.38 basic character set (plus the extension table characters counted as two).
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'.split(
    '',
  ),
);
const GSM7_EXT = new Set('^{}\\[~]|€'.split(''));

/** Replaces characters outside GSM-7 with close equivalents (curly quotes, dashes) or drops them. */
export function toGsm7(s: string): string {
  const mapped = s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/…/g, '...');
  return [...mapped].filter((c) => GSM7.has(c) || GSM7_EXT.has(c)).join('');
}

/** Length of a GSM-7 string in septets (extension characters count twice). */
export function gsm7Length(s: string): number {
  return [...s].reduce((n, c) => n + (GSM7_EXT.has(c) ? 2 : 1), 0);
}

/** `WalkOn: <body> Reply STOP to opt out.` in GSM-7, the body shortened with "..." to fit one 160-septet segment. */
export function oneSegmentSms(body: string): string {
  const tail = ' Reply STOP to opt out.';
  let text = toGsm7(`WalkOn: ${body}`);
  const budget = 160 - gsm7Length(tail);
  if (gsm7Length(text) > budget) {
    while (gsm7Length(text) > budget - 3) text = text.slice(0, -1);
    text = `${text.trimEnd()}...`;
  }
  return text + tail;
}
