/**
 * The email as one inbox: lower case, trimmed, without a "+tag" (most providers deliver
 * name+x@ to name@), and Gmail's dots ignored (Gmail ignores them), so a script cannot reach one
 * inbox through many spellings. Used by the order limits and the email throttle.
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at).split("+")[0]!;
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local || address.slice(0, at)}@${domain}`;
}
