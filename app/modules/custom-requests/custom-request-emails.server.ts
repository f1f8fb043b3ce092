import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { formatMeasurement, measurementFields } from "~/modules/measurements/measurement-fields";
import { type Measurements } from "~/modules/measurements/measurements";
import { BESPOKE_LEAD_DAYS, daysBetween } from "./custom-request.schema";

/** What both emails say about a request. */
export interface CustomRequestMail {
  storeName: string;
  origin: string;
  reference: string;
  name: string;
  email: string;
  phone: string;
  garmentType: string;
  occasion: string | null;
  /** "YYYY-MM-DD" or null. */
  dateNeeded: string | null;
  /** The band as the customer chose it ("₵2,500–₵5,000"). */
  budget: string;
  notes: string | null;
  measurements: Measurements | null;
  photoCount: number;
  /** The store's calendar day when it was sent. */
  today: string;
}

/** "24 December 2026 (in 30 days)". */
function dateNeededText(mail: CustomRequestMail): string {
  if (!mail.dateNeeded) return "Not given";
  const day = new Date(`${mail.dateNeeded}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const days = daysBetween(mail.today, mail.dateNeeded);
  const soon = days < BESPOKE_LEAD_DAYS ? ", sooner than our usual 3–6 weeks" : "";
  return `${day} (in ${days} day${days === 1 ? "" : "s"}${soon})`;
}

/** "Chest: 102 cm" for each measurement, in a tailor's order. */
export function measurementLines(measurements: Measurements): { name: string; amount: string }[] {
  return measurementFields.map((f) => ({ name: f.label, amount: formatMeasurement(measurements.values[f.key], measurements.unit) }));
}

/** To the shop: every detail, the measurements and a link to the request in the admin panel. */
export function customRequestShopEmail(to: string, mail: CustomRequestMail): OutgoingEmail {
  const { html, text } = renderEmail({
    storeName: mail.storeName,
    preheader: `${mail.name} would like a ${mail.garmentType.toLowerCase()} (${mail.reference})`,
    heading: `Custom request ${mail.reference}`,
    paragraphs: [
      `${mail.name} has asked for a bespoke ${mail.garmentType.toLowerCase()}.`,
      `Email: ${mail.email}`,
      `Phone or WhatsApp: ${mail.phone}`,
      `Garment: ${mail.garmentType}`,
      `Occasion: ${mail.occasion ?? "Not given"}`,
      `Date needed: ${dateNeededText(mail)}`,
      `Budget: ${mail.budget}`,
      `Notes: ${mail.notes ?? "None"}`,
      `Reference photos: ${mail.photoCount === 0 ? "none" : `${mail.photoCount}, in the admin panel`}`,
      mail.measurements ? `Measurements (in ${mail.measurements.unit === "cm" ? "centimetres" : "inches"}):` : "Measurements: not given",
    ],
    summary: mail.measurements ? { lines: measurementLines(mail.measurements), totals: [] } : undefined,
    closing: ["Reply to the customer with a quote or questions, then set the request's status in the admin panel."],
    button: { label: "Open the request", url: `${mail.origin}/admin/custom-requests?request=${mail.reference}` },
    footer: `Staff alert from ${mail.storeName}: a custom order request from the shop's form.`,
  });
  return {
    to,
    subject: `Custom request ${mail.reference}: ${mail.garmentType} for ${mail.name}`,
    html,
    text,
    kind: "custom-request-alert",
  };
}

/** To the customer: the reference and what happens next. */
export function customRequestConfirmationEmail(mail: CustomRequestMail): OutgoingEmail {
  const { html, text } = renderEmail({
    storeName: mail.storeName,
    preheader: `Your reference is ${mail.reference}. A tailor will be in touch within two working days.`,
    heading: "We have your request",
    paragraphs: [
      `Thank you, ${mail.name}. Your request for a bespoke ${mail.garmentType.toLowerCase()} has reached our workshop. Your reference is ${mail.reference}; please quote it when you write or call.`,
      "What happens next: within two working days one of our tailors will contact you by email, phone or WhatsApp to talk through the style, the cloth and your measurements, and to send you a written quote.",
      "Nothing is charged until you accept the quote. We then take a 50% deposit to reserve your place in the cutting schedule; bespoke pieces usually take 3–6 weeks from confirmed measurements and deposit.",
      `You asked for: ${mail.garmentType}${mail.occasion ? ` for ${mail.occasion}` : ""}. Date needed: ${dateNeededText(mail)}. Budget: ${mail.budget}.${
        mail.measurements ? " Your measurements came with the request." : ""
      }`,
    ],
    button: { label: "About our custom orders", url: `${mail.origin}/custom-orders` },
    footer: `You receive this email because you sent a custom order request to ${mail.storeName}.`,
  });
  return {
    to: mail.email,
    subject: `Your custom request ${mail.reference} — ${mail.storeName}`,
    html,
    text,
    kind: "custom-request-received",
  };
}
