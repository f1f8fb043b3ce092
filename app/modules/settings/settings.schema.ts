import { z } from "zod";
import { socialNetworks } from "./contact-links";
import { socialLinkSchema, whatsappNumberSchema } from "./contact-links.schema";
import {
  BACKUP_KEEP,
  CONFIRM_REFUNDS_ABOVE,
  PAYMENT_HOLD_MINUTES,
  PAYMENT_LINK_HOURS,
  DEPOSIT_PERCENT_RANGE,
  REVIEW_INVITATION_DAYS,
  STORE_LOGO_BOX,
  STORE_LOGO_URL,
  storeCurrencies,
  storeTimezones,
  type StoreSettings,
} from "./store-settings";
import { exchangeRatesSchema } from "~/modules/currency/exchange-rates.schema";
import { STAFF_ROLES } from "~/modules/auth/capabilities";

/**
 * The Zod schemas of store settings: how each value is stored, and what each admin Settings tab
 * posts. Pure (no server imports), so the browser form and the server action share them; what the
 * settings are and their defaults are in store-settings.ts.
 */

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
  logo: z
    .object({
      url: z.string().regex(STORE_LOGO_URL),
      width: z.number().int().min(1).max(STORE_LOGO_BOX.width),
      height: z.number().int().min(1).max(STORE_LOGO_BOX.height),
    })
    .nullable(),
  contactEmail: z.string().trim().max(254),
  contactPhone: z.string().trim().max(40),
  contactAddress: z.string().trim().max(300),
  whatsappNumber: whatsappNumberSchema,
  instagramUrl: socialLinkSchema(socialNetworks[0]),
  facebookUrl: socialLinkSchema(socialNetworks[1]),
  tiktokUrl: socialLinkSchema(socialNetworks[2]),
  xUrl: socialLinkSchema(socialNetworks[3]),
  paymentHoldMinutes: z.number().int().min(PAYMENT_HOLD_MINUTES.min).max(PAYMENT_HOLD_MINUTES.max),
  paymentLinkHours: z.number().int().min(PAYMENT_LINK_HOURS.min).max(PAYMENT_LINK_HOURS.max),
  depositPercent: z.number().int().min(DEPOSIT_PERCENT_RANGE.min).max(DEPOSIT_PERCENT_RANGE.max),
  exchangeRates: exchangeRatesSchema,
  backupTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  backupKeepDaily: z.number().int().min(BACKUP_KEEP.daily.min).max(BACKUP_KEEP.daily.max),
  backupKeepWeekly: z.number().int().min(BACKUP_KEEP.weekly.min).max(BACKUP_KEEP.weekly.max),
  alertEmail: z.union([z.literal(""), z.email().max(254)]),
  reviewInvitationDays: z.number().int().min(REVIEW_INVITATION_DAYS.min).max(REVIEW_INVITATION_DAYS.max),
  staffTwoFactorRequired: z.boolean(),
  confirmRefundsAbove: z.number().int().min(CONFIRM_REFUNDS_ABOVE.min).max(CONFIRM_REFUNDS_ABOVE.max),
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

export const REVIEW_INVITATION_DAYS_MESSAGE = `Enter the days after delivery as a whole number from ${REVIEW_INVITATION_DAYS.min} (no invitations) to ${REVIEW_INVITATION_DAYS.max}`;

/**
 * The Notifications tab: the three switches and when the invitation to review goes (a post
 * without the days leaves them as they are).
 */
export const notificationSettingsSchema = z
  .object({
    emailNotifications: formSwitch,
    orderNotifications: formSwitch,
    customerNotifications: formSwitch,
    reviewInvitationDays: z
      .string({ error: REVIEW_INVITATION_DAYS_MESSAGE })
      .trim()
      .regex(/^\d{1,2}$/, REVIEW_INVITATION_DAYS_MESSAGE)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(REVIEW_INVITATION_DAYS.min, REVIEW_INVITATION_DAYS_MESSAGE)
          .max(REVIEW_INVITATION_DAYS.max, REVIEW_INVITATION_DAYS_MESSAGE),
      )
      .optional(),
  })
  .transform(({ reviewInvitationDays, ...switches }) =>
    reviewInvitationDays === undefined ? switches : { ...switches, reviewInvitationDays },
  );
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

/** The Payments tab's message for a hold time that is not a whole number of minutes in range. */
export const PAYMENT_HOLD_MESSAGE = `Enter the hold time in whole minutes, from ${PAYMENT_HOLD_MINUTES.min} to ${PAYMENT_HOLD_MINUTES.max} (7 days)`;

/** The Payments tab's message for a payment link's open time out of range. */
export const DEPOSIT_PERCENT_MESSAGE = `Enter the deposit as a whole percentage from ${DEPOSIT_PERCENT_RANGE.min} (none) to ${DEPOSIT_PERCENT_RANGE.max}`;
export const PAYMENT_LINK_HOURS_MESSAGE = `Enter how long a payment link stays open in whole hours, from ${PAYMENT_LINK_HOURS.min} to ${PAYMENT_LINK_HOURS.max} (30 days)`;

/**
 * The Payments tab: how long an unpaid online order keeps its stock, and how long a payment link
 * stays open (Paystack's keys are configuration, not settings).
 */
export const paymentSettingsSchema = z.object({
  paymentHoldMinutes: z
    .string({ error: PAYMENT_HOLD_MESSAGE })
    .trim()
    .regex(/^\d{1,6}$/, PAYMENT_HOLD_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(PAYMENT_HOLD_MINUTES.min, PAYMENT_HOLD_MESSAGE).max(PAYMENT_HOLD_MINUTES.max, PAYMENT_HOLD_MESSAGE)),
  paymentLinkHours: z
    .string({ error: PAYMENT_LINK_HOURS_MESSAGE })
    .trim()
    .regex(/^\d{1,4}$/, PAYMENT_LINK_HOURS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(PAYMENT_LINK_HOURS.min, PAYMENT_LINK_HOURS_MESSAGE).max(PAYMENT_LINK_HOURS.max, PAYMENT_LINK_HOURS_MESSAGE)),
  depositPercent: z
    .string({ error: DEPOSIT_PERCENT_MESSAGE })
    .trim()
    .regex(/^\d{1,3}$/, DEPOSIT_PERCENT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(DEPOSIT_PERCENT_RANGE.min, DEPOSIT_PERCENT_MESSAGE).max(DEPOSIT_PERCENT_RANGE.max, DEPOSIT_PERCENT_MESSAGE)),
});
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;

/** The System tab's backup messages, shown under each field. */
export const BACKUP_TIME_MESSAGE = "Enter the time as HH:MM on a 24-hour clock, e.g. 03:00";
export const BACKUP_KEEP_DAILY_MESSAGE = `Enter how many daily backups to keep: a whole number from ${BACKUP_KEEP.daily.min} to ${BACKUP_KEEP.daily.max}`;
export const ALERT_EMAIL_MESSAGE = "Enter a valid email address for alerts, or leave it empty to alert every admin";
export const BACKUP_KEEP_WEEKLY_MESSAGE = `Enter how many weekly backups to keep: a whole number from ${BACKUP_KEEP.weekly.min} to ${BACKUP_KEEP.weekly.max}`;

/** A whole number typed into a form, in range, with one message for anything else. */
const wholeNumberField = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/**
 * The System tab's backups: when the daily backup runs (in the store's timezone), how many are
 * kept, and where the owner's alerts go ("" = every admin).
 */
export const backupSettingsSchema = z.object({
  backupTime: z
    .string({ error: BACKUP_TIME_MESSAGE })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, BACKUP_TIME_MESSAGE),
  backupKeepDaily: wholeNumberField(BACKUP_KEEP.daily.min, BACKUP_KEEP.daily.max, BACKUP_KEEP_DAILY_MESSAGE),
  backupKeepWeekly: wholeNumberField(BACKUP_KEEP.weekly.min, BACKUP_KEEP.weekly.max, BACKUP_KEEP_WEEKLY_MESSAGE),
  alertEmail: z
    .string()
    .trim()
    .max(254, "The alert address can be at most 254 characters")
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || z.email().safeParse(v).success, ALERT_EMAIL_MESSAGE),
});
export type BackupSettings = z.output<typeof backupSettingsSchema>;

/** "Back up now": nothing to fill in (the guard still checks the admin and the origin). */
export const backUpNowSchema = z.object({});

/** The Admin Users tab: add by the email of an account (staff.server checks it), remove by user id. */
/** Settings → Staff (decision 047): invite by email with a role; a member's role, suspension, removal. */
const staffRole = z.enum(STAFF_ROLES, { error: "Choose a role." });
const memberId = z.string({ error: "No member chosen." }).trim().min(1, "No member chosen.").max(200, "No member chosen.");
export const inviteStaffSchema = z.object({
  email: z
    .string({ error: "Enter the email address to invite." })
    .trim()
    .max(254, "An email address is at most 254 characters.")
    .email("Enter a valid email address."),
  role: staffRole,
});
export const revokeInvitationSchema = z.object({ invitationId: z.uuid({ error: "No invitation chosen." }) });
export const changeRoleSchema = z.object({ userId: memberId, role: staffRole });
export const staffMemberSchema = z.object({ userId: memberId });

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
