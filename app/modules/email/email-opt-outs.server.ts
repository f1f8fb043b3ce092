import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";

/**
 * Opting out of one kind of email from a link in the email itself, without signing in
 * (docs/product-rules.md §13 "Bringing shoppers back"). The link carries the address and an HMAC of it and the kind, keyed
 * with the shop's auth secret: nobody can opt someone else out without their email, and the
 * link works for as long as the secret does. Opt-outs are kept lower-case.
 */
export const optOutKinds = ["review-invitations"] as const;
export type OptOutKind = (typeof optOutKinds)[number];

export const optOutPath = "/email-preferences";

const normalise = (email: string) => email.trim().toLowerCase();
const signature = (secret: string, email: string, kind: OptOutKind) =>
  crypto
    .createHmac("sha256", secret)
    .update(`opt-out:${kind}:${normalise(email)}`)
    .digest("base64url");

/** "base64url(email).signature": what the link's `token` holds. */
export function optOutToken(secret: string, email: string, kind: OptOutKind): string {
  return `${Buffer.from(normalise(email)).toString("base64url")}.${signature(secret, email, kind)}`;
}

export function optOutUrl(origin: string, secret: string, email: string, kind: OptOutKind): string {
  return `${origin}${optOutPath}?kind=${kind}&token=${encodeURIComponent(optOutToken(secret, email, kind))}`;
}

/** The address a token was made for, or null when it was not signed with this secret for this kind. */
export function readOptOutToken(secret: string, token: string, kind: OptOutKind): string | null {
  const [encoded, mac, extra] = token.split(".");
  if (!encoded || !mac || extra !== undefined) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@") || email.length > 254) return null;
  const expected = Buffer.from(signature(secret, email, kind));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? email : null;
}

/** Records the opt-out; doing it twice is harmless. */
export async function optOut(db: Db, email: string, kind: OptOutKind): Promise<void> {
  await db.execute(sql`insert into email_opt_outs (email, kind) values (${normalise(email)}, ${kind}) on conflict do nothing`);
}

export async function hasOptedOut(db: Db, email: string, kind: OptOutKind): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from email_opt_outs where email = ${normalise(email)} and kind = ${kind}`,
  );
  return rows.length > 0;
}
