/**
 * Escapes text for HTML element content and double- or single-quoted attribute values (`&`, `<`, `>`, `"`,
 * `'`). Used by every e-mail template and the server's plain pages.
 */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
