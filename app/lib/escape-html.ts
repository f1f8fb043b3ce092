/** Text made safe inside HTML, as element content or a quoted attribute value: & < > " ' as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
