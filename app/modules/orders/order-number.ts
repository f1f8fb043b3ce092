/**
 * An order number as a shopper may type it — "ORD-123456", "ord-123456", "123456", "ORD 123 456",
 * "#ORD123456" — as it is stored ("ORD-123456"); null when it cannot be one (not six digits).
 * The tracking lookup normalises on the server, so whatever the form sent is read the same way.
 */
export function normaliseOrderNumber(raw: string): string | null {
  const compact = raw.replace(/[\s#]+/g, "").toUpperCase();
  const digits = /^(?:ORD-?)?(\d{6})$/.exec(compact)?.[1];
  return digits ? `ORD-${digits}` : null;
}
