import { data, type AppLoadContext } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import type { Viewer } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { RecordedPaymentMethod } from "~/modules/staff-orders/sales-channels";
import type { z } from "zod";
import { PaymentLinkRefusedError, revokePaymentLink, sendPaymentLink } from "./payment-links.server";
import type { recordPaymentFormSchema, revokeLinkFormSchema, sendLinkFormSchema } from "./payment-request.schema";
import { recordPayment } from "./recorded-payments.server";

/** What the orders page action answers to the "Ask for payment" forms. */
export type PaymentRequestResult =
  | { ok: true; kind: "payment-request"; message: string; link?: { url: string; whatsappUrl: string; expiresAt: string } }
  | { ok: false; kind: "payment-request"; message: string };

type Intent =
  | { intent: "send-link"; value: z.output<typeof sendLinkFormSchema> }
  | { intent: "revoke-link"; value: z.output<typeof revokeLinkFormSchema> }
  | { intent: "record-payment"; value: z.output<typeof recordPaymentFormSchema> };

/** The orders page's intents "send-link", "revoke-link" and "record-payment" (updateOrderFromList). */
export async function requestPaymentFromOrderDetails(context: AppLoadContext, viewer: Viewer, asked: Intent) {
  const db = context.database.db;
  const settings = await getStoreSettings(db);
  const by = { name: viewer.name.trim() || viewer.email, userId: viewer.id };
  const sender = { storeName: settings.storeName, origin: siteOrigin(context) };
  if (asked.intent === "send-link") {
    try {
      const sent = await sendPaymentLink(db, asked.value.orderId, { by, email: asked.value.emailLink, ...sender, origin: sender.origin });
      if (asked.value.emailLink) context.email.nudge();
      return {
        ok: true,
        kind: "payment-request",
        message: asked.value.emailLink ? "Payment link sent by email. Copy it or send it on WhatsApp too." : "Payment link ready to send.",
        link: { url: sent.url, whatsappUrl: sent.whatsappUrl, expiresAt: sent.expiresAt.toISOString() },
      } satisfies PaymentRequestResult;
    } catch (error) {
      if (error instanceof PaymentLinkRefusedError)
        return data<PaymentRequestResult>({ ok: false, kind: "payment-request", message: error.message }, { status: 409 });
      throw error;
    }
  }
  if (asked.intent === "revoke-link") {
    const revoked = await revokePaymentLink(db, asked.value.orderId, asked.value.linkId, by);
    return {
      ok: true,
      kind: "payment-request",
      message: revoked ? "The link was revoked: it takes no payment now." : "That link was already closed.",
    } satisfies PaymentRequestResult;
  }
  const recorded = await recordPayment(
    db,
    {
      paymentId: asked.value.paymentId,
      orderId: asked.value.orderId,
      method: asked.value.method as RecordedPaymentMethod,
      reference: asked.value.reference,
      amount: asked.value.amount,
      by,
    },
    sender,
  );
  if (!recorded.ok) return data<PaymentRequestResult>({ ok: false, kind: "payment-request", message: recorded.message }, { status: 409 });
  context.email.nudge();
  return {
    ok: true,
    kind: "payment-request",
    message: !recorded.recorded
      ? "That payment was already recorded."
      : recorded.balance > 0
        ? "Payment recorded: the customer has their receipt, and the balance is still due."
        : "Payment recorded: the order is paid and the customer has their receipt.",
  } satisfies PaymentRequestResult;
}
