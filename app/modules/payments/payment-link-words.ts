/**
 * What a payment link's page tells the customer when the link asks for nothing (issue 46;
 * payment-links.server.ts decides the state). Plain words, shared by the server and the page.
 */
export type ClosedPaymentLinkState = "unknown" | "paid" | "expired" | "revoked" | "cancelled" | "changed";

/** What each closed state tells the customer. */
export const PAYMENT_LINK_CLOSED: Record<ClosedPaymentLinkState, string> = {
  unknown: "This payment link is not valid. Please check that you opened the whole link, or ask us for a new one.",
  paid: "This order is paid. Thank you!",
  expired: "This payment link has expired. Please ask us for a new one: nothing was charged.",
  revoked: "This payment link is no longer in use. Please use the newest link we sent you, or ask us for a new one.",
  cancelled: "This order was cancelled, so it takes no payment. Please contact us if you still want it.",
  changed: "This order has changed since the link was sent. Please ask us for a new link.",
};
