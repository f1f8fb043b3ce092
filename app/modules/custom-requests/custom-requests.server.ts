import crypto from "node:crypto";
import type { Db } from "~db/client";
import { customRequests } from "~db/schema/custom";
import { staffAlertRecipients } from "~/modules/email/admin-alerts.server";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { saveMeasurements } from "~/modules/measurements/customer-measurements.server";
import { budgetLabel, type CustomRequestInput } from "./custom-request.schema";
import { customRequestConfirmationEmail, customRequestShopEmail, type CustomRequestMail } from "./custom-request-emails.server";
import type { CurrencyCode } from "~/lib/money";

export interface SubmitCustomRequestContext {
  storeName: string;
  origin: string;
  currency: CurrencyCode;
  /** Where the shop reads its email (Settings → contact email); the alert also goes to every admin (staffAlertRecipients). */
  shopEmail: string;
  /** The store's calendar day, "YYYY-MM-DD". */
  today: string;
  /** The signed-in customer, whose measurements are kept for next time. */
  userId: string | null;
}

/** "CR-482913": six random digits. */
const newReference = () => `CR-${crypto.randomInt(0, 1_000_000).toString().padStart(6, "0")}`;

/**
 * Stores a checked request with its stored photo names, queues the shop's email and the
 * customer's confirmation, and keeps a signed-in customer's measurements, all in one
 * transaction: the emails exist exactly when the request does. A reference already taken is
 * drawn again (a million references; a clash is rare and retried in place).
 */
export async function submitCustomRequest(
  db: Db,
  input: CustomRequestInput,
  photos: string[],
  context: SubmitCustomRequestContext,
): Promise<{ reference: string }> {
  const budget = budgetLabel(input.budget, context.currency);
  return db.transaction(async (tx) => {
    let reference: string | null = null;
    for (let attempt = 0; attempt < 20 && !reference; attempt++) {
      const candidate = newReference();
      const inserted = await tx
        .insert(customRequests)
        .values({
          reference: candidate,
          userId: context.userId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          garmentType: input.garmentType,
          occasion: input.occasion,
          dateNeeded: input.dateNeeded,
          budget,
          notes: input.notes,
          measurements: input.measurements,
          photos,
        })
        .onConflictDoNothing({ target: customRequests.reference })
        .returning({ reference: customRequests.reference });
      reference = inserted[0]?.reference ?? null;
    }
    if (!reference) throw new Error("No free custom request reference was found");

    const mail: CustomRequestMail = {
      storeName: context.storeName,
      origin: context.origin,
      reference,
      name: input.name,
      email: input.email,
      phone: input.phone,
      garmentType: input.garmentType,
      occasion: input.occasion,
      dateNeeded: input.dateNeeded,
      budget,
      notes: input.notes,
      measurements: input.measurements,
      photoCount: photos.length,
      today: context.today,
    };
    for (const to of await staffAlertRecipients(tx, context.shopEmail)) await queueEmail(tx, customRequestShopEmail(to, mail));
    await queueEmail(tx, customRequestConfirmationEmail(mail));
    if (context.userId && input.measurements) await saveMeasurements(tx, context.userId, input.measurements);
    return { reference };
  });
}
