import { z } from "zod";
import { brand } from "~/lib/brand";
import type { CurrencyCode } from "~/lib/money";
import { socialLinkSchema, socialNetworks, whatsappNumberSchema } from "./contact-links.schema";
import { exchangeRatesSchema, noExchangeRates, type ExchangeRates } from "~/modules/currency/exchange-rates";

/**
 * Store settings: what they are, their defaults, and the Zod schemas for the admin Settings
 * tabs. Pure (no server imports), so the browser form and the server action share them.
 */
export const storeCurrencies = ["GHS", "USD", "EUR"] as const satisfies readonly CurrencyCode[];
export const storeTimezones = ["Africa/Accra", "UTC", "America/New_York"] as const;
export type StoreTimezone = (typeof storeTimezones)[number];

/** Shown next to the currency choice (DECISIONS.md "Money"). */
export const currencyChangeWarning =
  "Prices are not converted. Changing the currency changes only the currency prices are shown and charged in; new orders record it.";

export interface StoreSettings {
  currency: CurrencyCode;
  /** IANA zone used for dates in admin and emails, and for the revenue-per-day chart. */
  timezone: StoreTimezone;
  /** When on, storefront routes answer 503 with a maintenance page to everyone but admins. */
  maintenanceMode: boolean;
  /** New-order alerts to admins. */
  emailNotifications: boolean;
  /** Order status change emails to the customer. */
  orderNotifications: boolean;
  /** Account emails to customers beyond the required ones (verification and reset always go). */
  customerNotifications: boolean;
  storeName: string;
  contactEmail: string;
  contactPhone: string;
  /** Lines separated by "\n". */
  contactAddress: string;
  /** The shop's WhatsApp number in international form ("+233 24 411 8820"), or "" for none. */
  whatsappNumber: string;
  /** https links to the shop's pages on each network, or "" (contact-links.schema.ts). */
  instagramUrl: string;
  facebookUrl: string;
  tiktokUrl: string;
  xUrl: string;
  /**
   * Minutes an online order (card, mobile money) is held unpaid, its stock reserved; then it is
   * cancelled (after one last check with Paystack) and the stock returned (Settings → Payments).
   */
  paymentHoldMinutes: number;
  /** Rates for approximate prices in other currencies (Settings → Currencies); display only. */
  exchangeRates: ExchangeRates;
}

export const PAYMENT_HOLD_MINUTES = { default: 30, min: 10, max: 7 * 24 * 60 } as const;

export const defaultStoreSettings: StoreSettings = {
  currency: "GHS",
  timezone: "Africa/Accra",
  maintenanceMode: false,
  emailNotifications: true,
  orderNotifications: true,
  customerNotifications: true,
  storeName: brand.name,
  contactEmail: brand.contact.email,
  contactPhone: brand.contact.phone,
  contactAddress: brand.contact.addressLines.join("\n"),
  whatsappNumber: brand.contact.whatsapp,
  instagramUrl: brand.social.instagram,
  facebookUrl: brand.social.facebook,
  tiktokUrl: "",
  xUrl: "",
  paymentHoldMinutes: PAYMENT_HOLD_MINUTES.default,
  exchangeRates: noExchangeRates,
};

export type StoreSettingKey = keyof StoreSettings;
export const storeSettingKeys = Object.keys(defaultStoreSettings) as StoreSettingKey[];

/**
 * How each value is stored (the JSON in the settings table) — also what saveStoreSettings
 * accepts. Reading falls back to the default for a value that does not match.
 */
export const storedSettingsSchema = z.object({
  currency: z.enum(storeCurrencies),
  timezone: z.enum(storeTimezones),
  maintenanceMode: z.boolean(),
  emailNotifications: z.boolean(),
  orderNotifications: z.boolean(),
  customerNotifications: z.boolean(),
  storeName: z.string().trim().min(1).max(100),
  contactEmail: z.string().trim().max(254),
  contactPhone: z.string().trim().max(40),
  contactAddress: z.string().trim().max(300),
  whatsappNumber: whatsappNumberSchema,
  instagramUrl: socialLinkSchema(socialNetworks[0]),
  facebookUrl: socialLinkSchema(socialNetworks[1]),
  tiktokUrl: socialLinkSchema(socialNetworks[2]),
  xUrl: socialLinkSchema(socialNetworks[3]),
  paymentHoldMinutes: z.number().int().min(PAYMENT_HOLD_MINUTES.min).max(PAYMENT_HOLD_MINUTES.max),
  exchangeRates: exchangeRatesSchema,
}) satisfies z.ZodType<StoreSettings>;

/** A form switch or checkbox: "on"/"true"/true when set; absent, "", "off" or "false" when not. */
const formSwitch = z.preprocess((value) => value === true || value === "on" || value === "true" || value === "1", z.boolean());

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? "");

/** The General tab: currency, timezone, maintenance, store name, contact details, WhatsApp and social links. */
export const generalSettingsSchema = z.object({
  currency: z.enum(storeCurrencies, { error: "Choose GHS, USD or EUR" }),
  timezone: z.enum(storeTimezones, { error: "Choose Africa/Accra, UTC or America/New_York" }),
  maintenanceMode: formSwitch,
  storeName: z
    .string({ error: "Store name is required" })
    .trim()
    .min(1, "Store name is required")
    .max(100, "Store name can be at most 100 characters"),
  contactEmail: z
    .string({ error: "Contact email is required" })
    .trim()
    .min(1, "Contact email is required")
    .pipe(z.email("Enter a valid contact email, e.g. hello@example.com")),
  contactPhone: optionalText("Phone", 40),
  contactAddress: optionalText("Address", 300),
  whatsappNumber: optionalText("WhatsApp number", 30).pipe(whatsappNumberSchema),
  instagramUrl: optionalText("Instagram", 300).pipe(socialLinkSchema(socialNetworks[0])),
  facebookUrl: optionalText("Facebook", 300).pipe(socialLinkSchema(socialNetworks[1])),
  tiktokUrl: optionalText("TikTok", 300).pipe(socialLinkSchema(socialNetworks[2])),
  xUrl: optionalText("X", 300).pipe(socialLinkSchema(socialNetworks[3])),
});
export type GeneralSettingsInput = z.input<typeof generalSettingsSchema>;
export type GeneralSettings = z.output<typeof generalSettingsSchema>;

/** The Notifications tab: the three switches. */
export const notificationSettingsSchema = z.object({
  emailNotifications: formSwitch,
  orderNotifications: formSwitch,
  customerNotifications: formSwitch,
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

/** The Payments tab's message for a hold time that is not a whole number of minutes in range. */
export const PAYMENT_HOLD_MESSAGE = `Enter the hold time in whole minutes, from ${PAYMENT_HOLD_MINUTES.min} to ${PAYMENT_HOLD_MINUTES.max} (7 days)`;

/** The Payments tab: how long an unpaid online order keeps its stock (Paystack's keys are configuration, not settings). */
export const paymentSettingsSchema = z.object({
  paymentHoldMinutes: z
    .string({ error: PAYMENT_HOLD_MESSAGE })
    .trim()
    .regex(/^\d{1,6}$/, PAYMENT_HOLD_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(PAYMENT_HOLD_MINUTES.min, PAYMENT_HOLD_MESSAGE).max(PAYMENT_HOLD_MINUTES.max, PAYMENT_HOLD_MESSAGE)),
});
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;

/** The Admin Users tab: add by the email of an account (staff.server checks it), remove by user id. */
export const addAdminSchema = z.object({ email: z.string().optional() });
export const removeAdminSchema = z.object({
  userId: z.string({ error: "No admin chosen." }).trim().min(1, "No admin chosen.").max(200, "No admin chosen."),
});

/** Current settings as General form values. */
export function generalSettingsFormValues(s: StoreSettings) {
  return {
    currency: s.currency,
    timezone: s.timezone,
    maintenanceMode: s.maintenanceMode,
    storeName: s.storeName,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    contactAddress: s.contactAddress,
    whatsappNumber: s.whatsappNumber,
    instagramUrl: s.instagramUrl,
    facebookUrl: s.facebookUrl,
    tiktokUrl: s.tiktokUrl,
    xUrl: s.xUrl,
  };
}
