import { expect, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { ownClientAddress } from "./support";

/** A small real JPEG, as a customer's reference photo. */
export function referencePhoto(colour = "#0f3d2e"): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 150, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** "YYYY-MM-DD", `days` from today (UTC; Accra is on GMT). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Sends a custom request as the form does (multipart, same origin, a client address of its
 * own so the per-address limit is not used up), with measurements and one photo; returns its reference.
 */
export async function sendCustomRequest(request: APIRequestContext, origin: string, name: string): Promise<string> {
  const answer = await request.post("/custom-orders/request", {
    headers: { Origin: origin, ...ownClientAddress() },
    multipart: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}-${Date.now()}@example.com`,
      phone: "+233 20 555 0142",
      garmentType: "Kaftan",
      occasion: "Naming ceremony",
      dateNeeded: dayFromNow(45),
      budget: "1000-2500",
      notes: "Forest green with gold piping.",
      includeMeasurements: "on",
      "measurements.unit": "in",
      "measurements.values.chest": "41",
      "measurements.values.waist": "35",
      "measurements.values.hips": "40",
      "measurements.values.shoulder": "18.5",
      "measurements.values.sleeve": "25",
      "measurements.values.topLength": "31",
      "measurements.values.trouserLength": "41",
      "measurements.values.inseam": "31",
      "measurements.values.neck": "16",
      "measurements.values.height": "70",
      photos: { name: "kaftan.jpg", mimeType: "image/jpeg", buffer: await referencePhoto() },
    },
  });
  const text = await answer.text();
  expect(answer.ok(), text).toBe(true);
  const reference = /CR-\d{6}/.exec(text)?.[0];
  if (!reference) throw new Error(`No reference in the answer: ${text.slice(0, 300)}`);
  return reference;
}
