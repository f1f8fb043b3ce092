import { z } from "zod";
import { isSocialLink, socialLinkMessage, WHATSAPP_NUMBER_MESSAGE, whatsappDigits, type SocialNetwork } from "./contact-links";

/**
 * How the shop's WhatsApp number and social links are checked, by the General settings form and
 * the stored-settings schema (the rules themselves are in contact-links.ts).
 */

/** An optional WhatsApp number: "" for none, else an international number as the shop typed it. */
export const whatsappNumberSchema = z
  .string()
  .trim()
  .max(30, WHATSAPP_NUMBER_MESSAGE)
  .refine((value) => value === "" || whatsappDigits(value) !== null, WHATSAPP_NUMBER_MESSAGE);

/** An optional link to the shop's page on one network: "" for none. */
export function socialLinkSchema(network: SocialNetwork) {
  return z
    .string()
    .trim()
    .max(300, socialLinkMessage(network))
    .refine((value) => value === "" || isSocialLink(network, value), socialLinkMessage(network));
}
