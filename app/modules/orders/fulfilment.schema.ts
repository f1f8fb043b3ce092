import { z } from "zod";
import { hasControlCharacter } from "~/lib/input";
import { orderIdSchema } from "./order-filters.schema";
import { carrierChoices, carrierTrackingUrl, shippingCarriers, type Shipment } from "./shipping-carriers";

/**
 * The fulfilment forms of the admin order details, one Zod schema each for the browser and the
 * action: the shipment (marking shipped, or correcting the tracking later) and the notes (an
 * internal staff note, or a message to the customer).
 */
export const CARRIER_NAME_MAX = 60;
export const TRACKING_NUMBER_MAX = 40;
export const TRACKING_URL_MAX = 500;
export const ORDER_NOTE_MAX = 2_000;

/** A text field as the form sends it: "" when left empty (the guard turns off Conform's coercion). */
const text = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => !hasControlCharacter(value), `${label} cannot contain control characters`);

/** A tracking link is shown to customers as a link: only an https address, without a password in it. */
export function isSafeTrackingUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
}

export const TRACKING_URL_MESSAGE = "Enter the tracking link as a full https:// address, or leave it empty";

export const shipmentFormSchema = z
  .object({
    orderId: orderIdSchema,
    carrier: z.enum(carrierChoices, { error: "Choose the carrier" }),
    carrierOther: text("Carrier name").pipe(z.string().max(CARRIER_NAME_MAX, `Keep the carrier name to ${CARRIER_NAME_MAX} characters`)),
    trackingNumber: text("Tracking number")
      .transform((value) => value.replace(/\s+/g, " "))
      .pipe(
        z
          .string()
          .max(TRACKING_NUMBER_MAX, `Keep the tracking number to ${TRACKING_NUMBER_MAX} characters`)
          .regex(/^[A-Za-z0-9 ./-]*$/, "Use letters, digits, spaces and hyphens only"),
      ),
    trackingUrl: text("Tracking link")
      .pipe(z.string().max(TRACKING_URL_MAX, `Keep the tracking link to ${TRACKING_URL_MAX} characters`))
      .refine((value) => value === "" || isSafeTrackingUrl(value), TRACKING_URL_MESSAGE),
    /** Why an order whose balance is still due ships anyway (recorded in its history). */
    balanceReason: text("The reason").pipe(z.string().max(200, "Keep the reason to 200 characters")),
  })
  .superRefine((form, ctx) => {
    if (form.carrier === "other" && !form.carrierOther)
      ctx.addIssue({ code: "custom", path: ["carrierOther"], message: "Name the carrier (or your own rider)" });
    // A known carrier's parcels always have a number; a rider in Accra may have none.
    if (form.carrier !== "other" && !form.trackingNumber)
      ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: "Enter the tracking number the carrier gave you" });
  })
  .transform(
    ({
      orderId,
      carrier,
      carrierOther,
      trackingNumber,
      trackingUrl,
      balanceReason,
    }): { orderId: string; shipment: Shipment; balanceReason: string } => {
      const name = carrier === "other" ? carrierOther : shippingCarriers.find((c) => c.id === carrier)!.name;
      return {
        orderId,
        balanceReason,
        shipment: {
          carrier: name,
          trackingNumber: trackingNumber || null,
          // Without a link of their own, a known carrier's public tracking page for the number.
          trackingUrl: trackingUrl || (trackingNumber ? carrierTrackingUrl(name, trackingNumber) : null),
        },
      };
    },
  );

export type ShipmentFormInput = z.input<typeof shipmentFormSchema>;
export type ShipmentForm = z.output<typeof shipmentFormSchema>;

const noteBody = (empty: string) =>
  text("The text")
    .pipe(z.string().min(1, empty).max(ORDER_NOTE_MAX, `Keep it to ${ORDER_NOTE_MAX} characters`))
    .transform((body) => body.replace(/\r\n?/g, "\n"));

/** An internal note: staff only, never shown to the customer. */
export const staffNoteFormSchema = z.object({ orderId: orderIdSchema, body: noteBody("Write the note first") });
/** A message to the customer: emailed, and shown on their order page. */
export const customerMessageFormSchema = z.object({ orderId: orderIdSchema, body: noteBody("Write the message first") });

export type OrderNoteFormInput = z.input<typeof staffNoteFormSchema>;
export type OrderNoteForm = z.output<typeof staffNoteFormSchema>;
export type OrderNoteKind = "staff" | "customer";
