import { APIError } from "better-auth/api";
import { hasControlCharacter } from "~/lib/input";

/**
 * What better-auth's own endpoints (/api/auth/*, and the shop's forms calling the same API) are
 * given, checked before anything reads the database: a NUL in an email made PostgreSQL refuse the
 * lookup and a 1 MB email the rate-limit key, both answered 500; `"name": null` broke the update.
 * Each refusal is 400 with better-auth's JSON error shape ({ code, message }).
 */

/** Fields that are text whenever they are sent (null only where better-auth takes it to clear). */
const TEXT_FIELDS = new Set([
  "email",
  "newEmail",
  "name",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "callbackURL",
  "newUserCallbackURL",
  "errorCallbackURL",
  "redirectTo",
  "image",
]);
const NULLABLE_FIELDS = new Set(["image"]);

/** The longest value per field; anything else at most DEFAULT_MAX_LENGTH. */
const MAX_LENGTHS: Record<string, number> = { email: 254, newEmail: 254, name: 100 };
const DEFAULT_MAX_LENGTH = 2_000;

function refuse(message: string): never {
  throw new APIError("BAD_REQUEST", { message, code: "INVALID_INPUT" });
}

function checkFields(fields: unknown): void {
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return;
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") {
      if (hasControlCharacter(value)) refuse(`${key} cannot contain control characters`);
      const max = Object.hasOwn(MAX_LENGTHS, key) ? MAX_LENGTHS[key]! : DEFAULT_MAX_LENGTH;
      if (value.length > max) refuse(`${key} can be at most ${max} characters`);
    } else if (TEXT_FIELDS.has(key) && value !== undefined && !(value === null && NULLABLE_FIELDS.has(key))) {
      refuse(`${key} must be text`);
    }
  }
}

/** Throws better-auth's 400 when the body, query or path parameters hold what the shop does not take. */
export function checkAuthInput(...inputs: unknown[]): void {
  for (const fields of inputs) checkFields(fields);
}
