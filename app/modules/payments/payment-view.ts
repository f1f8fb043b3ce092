/**
 * What the order page says about an online payment: one of these states, worked out on the
 * server from the order and its latest attempt (payment-view.server.ts), shown by
 * components/storefront/order-payment.tsx.
 */
export type OrderPaymentView =
  | { state: "paid"; method: string }
  /** Paystack's checkout is open, or mobile money waits for approval on the phone: the page checks again by itself. */
  | { state: "waiting"; mobileMoney: boolean; heldUntil: string }
  /** Declined or abandoned: Pay now starts a new attempt while the order is held. */
  | { state: "failed"; message: string | null; heldUntil: string }
  /** Paystack could not be reached when the order was placed. */
  | { state: "not-started"; heldUntil: string }
  /** Unpaid when the hold ran out: cancelled, stock returned. */
  | { state: "expired" }
  /** Paystack reported another amount: staff look into it before anything else happens. */
  | { state: "checking" };

/** Pay now's answer when the payment could not be started (otherwise the browser goes to Paystack). */
export type PayNowResult = { ok: false; message: string };
