import { z } from "zod";
import type { StoreLogo } from "./store-settings";

/**
 * What a store logo upload may be (Settings → General, decision 032): checked in the browser
 * before sending, and again by content on the server (store-logo.server.ts).
 */
export const STORE_LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const STORE_LOGO_ACCEPT = STORE_LOGO_TYPES.join(",");
export const STORE_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The logo form's whole post: the file and a few fields. The server refuses more before reading it. */
export const STORE_LOGO_FORM_MAX_BYTES = STORE_LOGO_MAX_BYTES + 64 * 1024;

export const STORE_LOGO_MESSAGES = {
  type: "The logo must be a PNG, JPEG or WebP image.",
  size: "The logo is too large. Please upload one of at most 2 MB.",
  missing: "Choose a logo to upload.",
  unreadable: "This file could not be read as a picture. Please upload another.",
} as const;

/** What the logo form hears back (routes/admin/settings-logo.ts). */
export interface StoreLogoResult {
  ok: boolean;
  message: string;
  logo?: StoreLogo | null;
}

/** A quick look at a picked file: the message to show, or null when it may be sent. */
export function checkPickedLogo(file: { type: string; size: number }): string | null {
  if (!(STORE_LOGO_TYPES as readonly string[]).includes(file.type)) return STORE_LOGO_MESSAGES.type;
  if (file.size > STORE_LOGO_MAX_BYTES) return STORE_LOGO_MESSAGES.size;
  return null;
}

/** The logo's forms by intent. Upload: the `logo` file field, checked by content on the server. Remove: nothing to fill in. */
export const logoForms = { upload: z.object({}), remove: z.object({}) };
