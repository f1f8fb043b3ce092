import { z } from "zod";
import { plainText } from "~/lib/input";
import { formatMoneyBrief, type CurrencyCode } from "~/lib/money";
import { measurementsSchema } from "~/modules/measurements/measurements.schema";

/**
 * A custom order request as the form sends it (one Zod schema in the browser and the action),
 * and what staff change on it. Photos travel beside the fields as `photos` files and are judged
 * by their content on the server (custom-request-photos.server.ts).
 */
export const garmentTypes = ["Kaftan", "Agbada", "Suit", "Ankara shirt", "Kente", "Other"] as const;

/** Bespoke work takes 3–6 weeks; a date sooner than this is allowed but called out. */
export const BESPOKE_LEAD_DAYS = 21;
/** The furthest date a request may name: two years ahead. */
export const DATE_NEEDED_MAX_DAYS = 730;
export const MAX_REQUEST_PHOTOS = 3;
export const CUSTOM_REQUEST_NOTES_MAX = 2_000;

/** Budget bands, in whole units of the store currency (the form shows them in its currency). */
const budgetBands = [
  { value: "up-to-1000", from: null, to: 1_000 },
  { value: "1000-2500", from: 1_000, to: 2_500 },
  { value: "2500-5000", from: 2_500, to: 5_000 },
  { value: "5000-10000", from: 5_000, to: 10_000 },
  { value: "over-10000", from: 10_000, to: null },
] as const;
export const budgetValues = [...budgetBands.map((b) => b.value), "unsure"] as const;
export type BudgetValue = (typeof budgetValues)[number];

/** "₵2,500–₵5,000", "Up to ₵1,000", "Not sure yet": how a band reads in the form, emails and admin. */
export function budgetLabel(value: BudgetValue, currency: CurrencyCode): string {
  const band = budgetBands.find((b) => b.value === value);
  if (!band) return "Not sure yet";
  const money = (units: number) => formatMoneyBrief(units * 100, currency);
  if (band.from === null) return `Up to ${money(band.to)}`;
  if (band.to === null) return `Over ${money(band.from)}`;
  return `${money(band.from)}–${money(band.to)}`;
}

export const budgetOptions = (currency: CurrencyCode) => budgetValues.map((value) => ({ value, label: budgetLabel(value, currency) }));

/** "2026-12-24" plus `days` (calendar arithmetic in UTC, which has no daylight saving). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `today` to `day` (both "YYYY-MM-DD"). */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

const required = (label: string, max: number, message = `Enter your ${label.toLowerCase()}`) =>
  z.string({ error: message }).pipe(plainText(label, max)).pipe(z.string().min(1, message));

const optionalText = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((text) => text ?? "")
    .pipe(plainText(label, max))
    .transform((text) => text || null);

/**
 * The request form. `today` is the store's calendar day ("YYYY-MM-DD"): the date needed may be
 * today or later, within two years. Measurements are read only when "Add my measurements" is ticked.
 */
export function customRequestSchema(today: string) {
  const latest = addDays(today, DATE_NEEDED_MAX_DAYS);
  return z
    .object({
      name: required("Name", 120, "Enter your name"),
      email: required("Email", 254, "Enter your email address").pipe(
        z.email({ error: "Enter a valid email address, e.g. ama@example.com" }),
      ),
      phone: required("Phone", 40, "Enter a phone or WhatsApp number").pipe(
        z.string().regex(/^\+?[\d\s().-]{6,40}$/, "Enter a phone or WhatsApp number, e.g. +233 24 123 4567"),
      ),
      garmentType: z.enum(garmentTypes, { error: "Choose the garment you would like" }),
      occasion: optionalText("Occasion", 120),
      dateNeeded: z
        .string()
        .optional()
        .transform((text) => text?.trim() || null)
        .superRefine((day, ctx) => {
          if (day === null) return;
          if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
            ctx.addIssue({ code: "custom", message: "Enter the date as day, month and year" });
          else if (day < today) ctx.addIssue({ code: "custom", message: "The date needed cannot be in the past" });
          else if (day > latest) ctx.addIssue({ code: "custom", message: "Choose a date within the next two years" });
        }),
      budget: z.enum(budgetValues, { error: "Choose a budget, or “Not sure yet”" }),
      notes: optionalText("Notes", CUSTOM_REQUEST_NOTES_MAX),
      includeMeasurements: z.literal("on").optional(),
      measurements: z.unknown().optional(),
    })
    .transform((input, ctx) => {
      const { includeMeasurements, measurements: raw, ...rest } = input;
      if (!includeMeasurements) return { ...rest, measurements: null };
      const parsed = measurementsSchema.safeParse(raw ?? {});
      if (parsed.success) return { ...rest, measurements: parsed.data };
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: ["measurements", ...issue.path], message: issue.message });
      return z.NEVER;
    });
}

export type CustomRequestFormInput = z.input<ReturnType<typeof customRequestSchema>>;
export type CustomRequestInput = z.output<ReturnType<typeof customRequestSchema>>;

/** Where staff are with a request. */
export const customRequestStatuses = ["new", "quoted", "accepted", "declined"] as const;
export type CustomRequestStatus = (typeof customRequestStatuses)[number];
export const customRequestStatusLabel: Record<CustomRequestStatus, string> = {
  new: "New",
  quoted: "Quoted",
  accepted: "Accepted",
  declined: "Declined",
};

/** "CR-482913". */
export const CUSTOM_REQUEST_REFERENCE = /^CR-\d{6}$/;

/** Staff: a request's status and notes. */
export const updateCustomRequestSchema = z.object({
  reference: z.string({ error: "Request not found." }).regex(CUSTOM_REQUEST_REFERENCE, "Request not found."),
  status: z.enum(customRequestStatuses, { error: "Choose a status." }),
  staffNotes: optionalText("Notes", 4_000),
});
