/**
 * The shop's WhatsApp number and social links (Settings → General → Contact and social): the
 * rules for each and the links built from them, shared by the pages that link them and by the
 * schemas in contact-links.schema.ts. Pure and free of Zod, so storefront pages stay light.
 */

export const WHATSAPP_NUMBER_MESSAGE =
  "Enter the WhatsApp number in international form, with + and the country code, e.g. +233 24 123 4567";

/** What may separate the digits of a typed number: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s\-().]/g;

/** "+233 24 123 4567" → "233241234567"; null when it is not an international number (E.164: 8 to 15 digits). */
export function whatsappDigits(number: string): string | null {
  const compact = number.trim().replace(SEPARATORS, "");
  const match = /^\+([1-9]\d{7,14})$/.exec(compact);
  return match ? match[1]! : null;
}

/** WhatsApp's click-to-chat link, with a prefilled message when given; null without a valid number. */
export function whatsappLink(number: string, message?: string): string | null {
  const digits = whatsappDigits(number);
  if (!digits) return null;
  return message ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : `https://wa.me/${digits}`;
}

export const socialNetworks = [
  { key: "instagramUrl", label: "Instagram", hosts: ["instagram.com"], example: "https://instagram.com/yourshop" },
  { key: "facebookUrl", label: "Facebook", hosts: ["facebook.com", "fb.com"], example: "https://facebook.com/yourshop" },
  { key: "tiktokUrl", label: "TikTok", hosts: ["tiktok.com"], example: "https://tiktok.com/@yourshop" },
  { key: "xUrl", label: "X", hosts: ["x.com", "twitter.com"], example: "https://x.com/yourshop" },
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
export type SocialLinkKey = SocialNetwork["key"];

export const socialLinkMessage = (network: SocialNetwork) =>
  `Enter the address of your ${network.label} page, starting with https://, e.g. ${network.example}`;

/** True for an https address on the network's own site (or a subdomain such as www.) with a page path. */
export function isSocialLink(network: SocialNetwork, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  const onNetwork = network.hosts.some((h) => host === h || host.endsWith(`.${h}`));
  return onNetwork && url.pathname.replace(/\/+$/, "").length > 1;
}

/** The shop's social links that are set, in a fixed order, for the footer and structured data. */
export function socialLinksOf(values: Record<SocialLinkKey, string>): { label: string; url: string }[] {
  return socialNetworks.filter((n) => values[n.key]).map((n) => ({ label: n.label, url: values[n.key] }));
}
