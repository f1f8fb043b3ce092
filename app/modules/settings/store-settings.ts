import { brand } from "~/lib/brand";
import type { CurrencyCode } from "~/lib/money";
import { noExchangeRates, type ExchangeRates } from "~/modules/currency/exchange-rates";

/**
 * Store settings: what they are and their defaults. Pure and free of Zod, so storefront pages
 * can read them without carrying Zod; the schemas for storing them and for the admin Settings
 * tabs are in settings.schema.ts.
 */
export const storeCurrencies = ["GHS", "USD", "EUR"] as const satisfies readonly CurrencyCode[];
export const storeTimezones = ["Africa/Accra", "UTC", "America/New_York"] as const;
export type StoreTimezone = (typeof storeTimezones)[number];

/** Shown next to the currency choice (docs/product-rules.md §13 "Money"). */
export const currencyChangeWarning =
  "Prices are not converted. Changing the currency changes only the currency prices are shown and charged in; new orders record it.";

/**
 * The shop's logo (Settings → General): a WebP the server made from the owner's upload, kept with
 * the other uploads (`/uploads/logos/<hash>.webp`, decision 032), shown instead of the text
 * wordmark with the store name as its alt text. Its size in pixels, so the page keeps its room.
 */
export interface StoreLogo {
  url: string;
  width: number;
  height: number;
}

/** Where a logo is served from: named after a hash of its bytes, so it never changes. */
export const STORE_LOGO_URL = /^\/uploads\/logos\/[0-9a-f]{32}\.webp$/;
/** The largest logo stored: twice the header's size for sharp screens. */
export const STORE_LOGO_BOX = { width: 480, height: 160 } as const;

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
  /** null: the text wordmark. */
  logo: StoreLogo | null;
  contactEmail: string;
  contactPhone: string;
  /** Lines separated by "\n". */
  contactAddress: string;
  /** The shop's WhatsApp number in international form ("+233 24 411 8820"), or "" for none. */
  whatsappNumber: string;
  /** https links to the shop's pages on each network, or "" (contact-links.ts). */
  instagramUrl: string;
  facebookUrl: string;
  tiktokUrl: string;
  xUrl: string;
  /**
   * Minutes an online order (card, mobile money) is held unpaid, its stock reserved; then it is
   * cancelled (after one last check with Paystack) and the stock returned (Settings → Payments).
   */
  paymentHoldMinutes: number;
  /**
   * Hours a payment link staff send stays open (issue 46); a staff order awaiting its link keeps
   * its stock as long (Settings → Payments).
   */
  paymentLinkHours: number;
  /**
   * The deposit asked on made-to-measure and custom pieces, in % (issue 46: "We take a 50%
   * deposit"); the rest is due when the garment is ready. 0 asks none (Settings → Payments).
   */
  depositPercent: number;
  /** Rates for approximate prices in other currencies (Settings → Currencies); display only. */
  exchangeRates: ExchangeRates;
  /** When the server takes the daily backup, "HH:MM" in the store's timezone (Settings → System). */
  backupTime: string;
  /** How many daily backups are kept (the newest of each day), and how many weekly (the newest of each week). */
  backupKeepDaily: number;
  backupKeepWeekly: number;
  /** Where the owner's alert digests go; "" sends them to every admin (Settings → System). */
  alertEmail: string;
  /** Days after an order is delivered that its customer is invited to review what they bought; 0 sends none (Settings → Notifications). */
  reviewInvitationDays: number;
  /** Every staff member signs in with an authenticator app's code too (Admin → Sign-in security, decision 048). */
  staffTwoFactorRequired: boolean;
  /**
   * A refund above this many pesewas asks for the password or app code again when the sign-in
   * is more than 15 minutes old; 0 asks before every refund (Admin → Sign-in security).
   */
  confirmRefundsAbove: number;
}

export const PAYMENT_HOLD_MINUTES = { default: 30, min: 10, max: 7 * 24 * 60 } as const;

export const PAYMENT_LINK_HOURS = { default: 72, min: 1, max: 30 * 24 } as const;

/** As order-balance.ts DEPOSIT_PERCENT (kept here too: settings are read where payments are not). */
export const DEPOSIT_PERCENT_RANGE = { default: 50, min: 0, max: 90 } as const;

/** In pesewas: ₵1,000 by default, at most ₵1,000,000. */
export const CONFIRM_REFUNDS_ABOVE = { default: 100_000, min: 0, max: 100_000_000 } as const;

export const REVIEW_INVITATION_DAYS = { default: 3, min: 0, max: 60 } as const;

export const BACKUP_KEEP = { daily: { default: 7, min: 1, max: 90 }, weekly: { default: 4, min: 0, max: 52 } } as const;

export const defaultStoreSettings: StoreSettings = {
  currency: "GHS",
  timezone: "Africa/Accra",
  maintenanceMode: false,
  emailNotifications: true,
  orderNotifications: true,
  customerNotifications: true,
  storeName: brand.name,
  logo: null,
  contactEmail: brand.contact.email,
  contactPhone: brand.contact.phone,
  contactAddress: brand.contact.addressLines.join("\n"),
  whatsappNumber: brand.contact.whatsapp,
  instagramUrl: brand.social.instagram,
  facebookUrl: brand.social.facebook,
  tiktokUrl: "",
  xUrl: "",
  paymentHoldMinutes: PAYMENT_HOLD_MINUTES.default,
  paymentLinkHours: PAYMENT_LINK_HOURS.default,
  depositPercent: DEPOSIT_PERCENT_RANGE.default,
  exchangeRates: noExchangeRates,
  backupTime: "03:00",
  backupKeepDaily: BACKUP_KEEP.daily.default,
  backupKeepWeekly: BACKUP_KEEP.weekly.default,
  alertEmail: "",
  reviewInvitationDays: REVIEW_INVITATION_DAYS.default,
  staffTwoFactorRequired: false,
  confirmRefundsAbove: CONFIRM_REFUNDS_ABOVE.default,
};

export type StoreSettingKey = keyof StoreSettings;
export const storeSettingKeys = Object.keys(defaultStoreSettings) as StoreSettingKey[];
