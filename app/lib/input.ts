import { z } from "zod";

/**
 * What every piece of text and every id from outside (a form, a URL, a JSON body) must be before
 * it goes near the database. Isomorphic: the browser's schemas use the same pieces.
 *
 * - Control characters: PostgreSQL refuses NUL in text (the query fails, the visitor got a 500),
 *   and the others (escape sequences, backspace, …) have no place in a shop's text. Tab, line
 *   feed and carriage return stay allowed: text areas send them.
 * - Ids: serial columns are 32-bit. "99999999999" made PostgreSQL refuse the query; "0x10",
 *   "1e3" and " 7 " were read as 16, 1000 and 7.
 */

/** NUL and the other C0 controls except tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export const CONTROL_CHARACTER_MESSAGE = "Remove the invisible control characters (such as NUL) and try again.";

/**
 * Text as a field takes it: no control characters, trimmed, at most `max` characters, each
 * refusal with a message naming the field.
 */
export function plainText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .refine((text) => !hasControlCharacter(text), `${label} cannot contain control characters`)
    .transform((text) => text.trim())
    .pipe(z.string().max(max, `${label} can be at most ${max} characters`));
}

/** The longest search a list takes (the search boxes say so with maxLength). */
export const MAX_SEARCH_LENGTH = 100;

/** A search from the URL (?q=): absent is "", else plain text of at most 100 characters. */
export const searchParam = z
  .string()
  .optional()
  .transform((text) => text ?? "")
  .pipe(plainText("Search", MAX_SEARCH_LENGTH));

/** The largest value of a serial (int4) column. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** A database id as it arrives in a URL, a form or JSON: digits only (or a whole number), 1 to 2,147,483,647. */
export function parseSerialId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_SERIAL_ID ? id : null;
}

/** parseSerialId as a Zod piece; `message` says what was not found. */
export function serialId(message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const id = parseSerialId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}
