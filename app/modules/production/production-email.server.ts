import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";

export interface GarmentReadyEmailData {
  storeName: string;
  origin: string;
  orderId: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  /** The workshop pieces' names, as on the order. */
  pieces: string[];
  /** Collected from the showroom rather than shipped. */
  collect: boolean;
}

/** "Kente Agbada", "Kente Agbada and Osu Linen Kaftan", "A, B and C". */
function listOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "your garment";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * "Your garment is ready": sent when staff move an order to Ready and tick the box (decision 040).
 * It says what is ready and what happens next; it asks for no money itself (a balance link, once
 * the ledger of issue 46 part 3 exists, is its own email).
 */
export function garmentReadyEmail(data: GarmentReadyEmailData): OutgoingEmail {
  const pieces = listOf([...new Set(data.pieces)]);
  const next = data.collect
    ? "It is waiting for you at our showroom. Reply to this email or message us on WhatsApp to tell us when you will come for it; we will have it pressed and ready."
    : "We are preparing it for dispatch now, and we will email you the tracking details as soon as it leaves our workshop.";
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `Order ${data.orderNumber}: ${pieces} is finished.`,
    heading: "Your garment is ready",
    paragraphs: [
      `Dear ${data.customerName.split(" ")[0]},`,
      `Good news: ${pieces} for order ${data.orderNumber} is finished. Our tailors have given it its final press and inspection.`,
      next,
    ],
    button: { label: "View your order", url: `${data.origin}/order-confirmation/${data.orderId}` },
    footer: `You are receiving this email because you ordered a made-to-measure or custom piece from ${data.storeName}.`,
  });
  return {
    to: data.customerEmail,
    subject: `${data.storeName}: your order ${data.orderNumber} is ready`,
    html,
    text,
    kind: "production-ready",
  };
}
