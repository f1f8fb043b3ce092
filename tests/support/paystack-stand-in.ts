import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { approveOnPhonePage, checkoutPage, type CheckoutView, messagePage, resultPage } from "./paystack-stand-in-pages";

/**
 * A local Paystack stand-in: a real HTTP server on a free port that answers and sends exactly the
 * shapes Paystack publishes (its OpenAPI description and documentation samples, catalogued in
 * tests/fixtures/paystack/; tests/integration/paystack-stand-in-shapes.test.ts holds it to them).
 *
 * - API (Bearer secret key, else 401 "Invalid key"): POST /transaction/initialize (a reference
 *   already used → 400 duplicate_reference), GET /transaction/verify/:reference, POST /refund,
 *   GET /refund?transaction=<id or reference> (List Refunds, meta paging), GET /refund/:id.
 * - A hosted checkout page at authorization_url (Approve, Decline, Cancel → 302 to
 *   callback_url?trxref=…&reference=…); mobile money can stay "ongoing" a while.
 * - Signed webhooks (x-paystack-signature = hex HMAC-SHA512 of the raw body with the secret key),
 *   retried until a 200: charge.success; refund.pending → refund.processing → refund.processed |
 *   refund.failed | refund.needs-attention, in that order, each as published (no `id`, amount a
 *   string while pending/processing/processed and a number once failed, refund_reference null
 *   until processed/failed; needs-attention carries `id` as a string and the notes); and
 *   charge.dispute.create / remind / resolve from openDispute, remindDispute and resolveDispute.
 * - Knobs make it misbehave the ways Paystack and networks do: failures, time-outs, answers lost
 *   after the work was done (initializeAnswerLost, refundAnswerLost), duplicated or forged
 *   webhooks, wrong amounts, fees paid by the customer (amount = requested_amount + fees),
 *   transactions left "pending" / "ongoing" / "processing" / "queued" for a while.
 * - Control routes under /__stand-in (knobs, approve / decline / cancel, in-progress statuses,
 *   disputes, what it holds) for local tries with curl: see scripts/paystack-stand-in.ts.
 *
 * It signs with node:crypto directly, not with the shop's helper, so a wrong helper cannot agree
 * with itself. It holds everything in memory; one instance per test file (or per test) is cheap.
 */

/** Transaction statuses Paystack documents as still in progress. */
export const IN_PROGRESS = ["pending", "ongoing", "processing", "queued"] as const;
export type InProgressStatus = (typeof IN_PROGRESS)[number];

const failureKnob = z.union([z.boolean(), z.enum(["server-error", "refused"])]);
const knobsSchema = z.object({
  /** Where events go; null sends none. Changeable, so a shop started after the stand-in can be named. */
  webhookUrl: z.url().nullable(),
  /** Wait before sending each event. */
  webhookDelayMs: z.number().int().nonnegative(),
  /** Send each event this many times. */
  duplicateWebhooks: z.number().int().min(1).max(500),
  /** Send the duplicates all at once (true) or one after another. */
  duplicateWebhooksConcurrently: z.boolean(),
  /** Tries after a delivery that did not get a 200. */
  webhookRetries: z.number().int().nonnegative(),
  /** First pause before a retry; doubled after each. */
  webhookRetryDelayMs: z.number().int().nonnegative(),
  /** Sign events with another key (a well-formed but wrong signature). */
  badSignature: z.boolean(),
  /**
   * Verify answers and charge events report another amount: true (±100 pesewas) or the amount to
   * report. Both `amount` and `requested_amount` are wrong: the transaction was for another sum.
   */
  wrongAmount: z.union([z.boolean(), z.number().int().nonnegative()]),
  /** Verify answers and charge events report another currency: true ("USD") or the code to report. */
  wrongCurrency: z.union([z.boolean(), z.string().regex(/^[A-Z]{3}$/)]),
  /** true or "server-error" → 500; "refused" → 400 with status:false. */
  failInitialize: failureKnob,
  failVerify: failureKnob,
  failRefund: failureKnob,
  /** API and checkout requests get their socket closed without an answer. */
  unreachable: z.boolean(),
  /** Every API answer waits this long (the client's time-out should fire first). */
  apiDelayMs: z.number().int().nonnegative(),
  /** Verify answers wait this long (on top of apiDelayMs). */
  verifyDelayMs: z.number().int().nonnegative(),
  /** API answers say status:true but leave out documented fields. */
  malformedAnswers: z.boolean(),
  /** Mobile money stays "ongoing" this long after Approve ("Approve on your phone"); 0 = at once. */
  mobileMoneyApprovalDelayMs: z.number().int().nonnegative(),
  /** How a refund ends, after refund.pending and refund.processing. */
  refundOutcome: z.enum(["processed", "failed", "needs-attention"]),
  /** Wait after answering a refund (and sending refund.pending) before it is processing. */
  refundDelayMs: z.number().int().nonnegative(),
  /** Wait between refund.processing and the outcome's event. */
  refundProcessingMs: z.number().int().nonnegative(),
  /**
   * What verify says of a transaction nobody has paid yet: Paystack says "abandoned"; "pending",
   * "ongoing", "processing" and "queued" are in progress (for unpaidStatusMs, then "abandoned").
   */
  unpaidStatus: z.enum(["abandoned", ...IN_PROGRESS]),
  /** How long a new transaction keeps an in-progress unpaidStatus before it is "abandoned"; 0 = for good. */
  unpaidStatusMs: z.number().int().nonnegative(),
  /** The next N initialize calls that create a transaction lose their answer (socket closed): 0 = none. */
  initializeAnswerLost: z.number().int().nonnegative(),
  /** The next N refunds that are queued lose their answer (socket closed) and go on to their events. */
  refundAnswerLost: z.number().int().nonnegative(),
  /** The customer pays Paystack's fees: `amount` = requested + fees, `requested_amount` = what the shop asked. */
  customerPaysFees: z.boolean(),
});
export type PaystackStandInKnobs = z.infer<typeof knobsSchema>;

export const defaultKnobs: PaystackStandInKnobs = {
  webhookUrl: null,
  webhookDelayMs: 0,
  duplicateWebhooks: 1,
  duplicateWebhooksConcurrently: true,
  webhookRetries: 3,
  webhookRetryDelayMs: 100,
  badSignature: false,
  wrongAmount: false,
  wrongCurrency: false,
  failInitialize: false,
  failVerify: false,
  failRefund: false,
  unreachable: false,
  apiDelayMs: 0,
  verifyDelayMs: 0,
  malformedAnswers: false,
  mobileMoneyApprovalDelayMs: 0,
  refundOutcome: "processed",
  refundDelayMs: 0,
  refundProcessingMs: 0,
  unpaidStatus: "abandoned",
  unpaidStatusMs: 0,
  initializeAnswerLost: 0,
  refundAnswerLost: 0,
  customerPaysFees: false,
};

export interface StandInTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  /** What the checkout offers (card, mobile_money). */
  channels: string[];
  callbackUrl: string | null;
  metadata: unknown;
  status: "abandoned" | InProgressStatus | "success" | "failed" | "reversed";
  channel: string | null;
  gatewayResponse: string;
  paidAt: string | null;
  fees: number | null;
  authorization: Record<string, unknown> | null;
  createdAt: string;
  /** What happened to it, in order: "approved", "approved-on-phone", "declined", "cancelled". */
  actions: string[];
}

export interface StandInRefund {
  id: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: "pending" | "processing" | "processed" | "failed" | "needs-attention";
  /** Paystack's reference once processed (digits) or failed / needing attention ("TRF_…"). */
  refundReference: string | null;
  merchantNote: string | null;
  customerNote: string | null;
  createdAt: string;
  updatedAt: string;
  /** When it was processed. */
  refundedAt: string | null;
}

export type DisputeResolution = "merchant-accepted" | "declined" | "auto-accepted";

export interface StandInDispute {
  id: number;
  transactionReference: string;
  refundAmount: number;
  currency: string;
  status: "awaiting-merchant-feedback" | "resolved";
  resolution: DisputeResolution | null;
  category: string;
  dueAt: string;
  resolvedAt: string | null;
  messages: { sender: string; body: string; createdAt: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface OpenDisputeOptions {
  /** What the customer wants back (refund_amount); the whole transaction by default. */
  amount?: number;
  /** When Paystack needs the merchant's answer by; two days from now by default. */
  dueAt?: Date | string;
  /** "chargeback" (the default) or "fraud". */
  category?: string;
  /** The customer's complaint. */
  message?: string;
}

export interface WebhookDelivery {
  event: string;
  url: string;
  /** 1 for the first try, 2 for the first retry… */
  try: number;
  /** The HTTP status the receiver answered, or "error" when it could not be reached. */
  status: number | "error";
  body: string;
  signature: string | null;
  at: Date;
}

export interface StandInChoice {
  channel?: "card" | "mobile_money";
  network?: string;
  phone?: string;
}

export interface StandInActionResult {
  status: StandInTransaction["status"];
  /** callback_url?trxref=…&reference=…, where the shopper is sent (null without a callback_url). */
  redirectUrl: string | null;
}

export interface PaystackStandInOptions extends Partial<PaystackStandInKnobs> {
  /** The secret key the shop uses; requests with another get 401, events are signed with it. */
  secretKey: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface PaystackStandIn {
  /** Base URL: set PAYSTACK_API_URL to it. */
  url: string;
  knobs(): PaystackStandInKnobs;
  setKnobs(changes: Partial<PaystackStandInKnobs>): PaystackStandInKnobs;
  /** As if the shopper pressed Approve on the hosted page (mobile money may stay "ongoing" for a while). */
  approve(reference: string, choice?: StandInChoice): StandInActionResult;
  decline(reference: string): StandInActionResult;
  /** As if the shopper followed Cancel: abandoned. */
  cancel(reference: string): StandInActionResult;
  transaction(reference: string): StandInTransaction | undefined;
  transactions(): StandInTransaction[];
  refunds(): StandInRefund[];
  /** How many verify calls each reference got so far (answered or not). */
  verifyCalls(reference: string): number;
  /** The `data` verify would answer now (knobs applied), e.g. to replay an event with sendEvent. */
  transactionData(reference: string): Record<string, unknown>;
  /** Makes an unpaid transaction "pending", "ongoing", "processing" or "queued" (for forMs, then "abandoned"). */
  setInProgress(reference: string, status: InProgressStatus, forMs?: number): void;
  /** A chargeback on a paid transaction: sends charge.dispute.create. */
  openDispute(reference: string, options?: OpenDisputeOptions): StandInDispute;
  /** Sends charge.dispute.remind (the due date comes closer). */
  remindDispute(id: number): StandInDispute;
  /** Sends charge.dispute.resolve; an accepted dispute reverses the transaction. */
  resolveDispute(id: number, resolution: DisputeResolution): StandInDispute;
  disputes(): StandInDispute[];
  /** The `data` of the refund.* event for this refund's current state (as sent, knobs applied). */
  refundEventData(id: number): Record<string, unknown>;
  /** The `data` of a charge.dispute.* event for this dispute now. */
  disputeEventData(id: number): Record<string, unknown>;
  /**
   * Sends one event now (no delay, no duplicates; retries as configured): replays, out-of-order
   * events, forged ones. `signature` replaces the header (null leaves it out); `body` replaces the
   * raw body (signed as given unless `signature` is set); `url` another receiver.
   */
  sendEvent(event: string, data: unknown, options?: { signature?: string | null; body?: string; url?: string }): Promise<WebhookDelivery[]>;
  /** Every delivery try so far, oldest first. */
  webhookDeliveries(): WebhookDelivery[];
  /** Resolves once no timer (delays, mobile money, refunds) and no delivery is outstanding. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

class StandInConflict extends Error {}

const inProgressSchema = z.object({ status: z.enum(IN_PROGRESS), forMs: z.number().int().nonnegative().optional() }).strict();
const openDisputeSchema = z
  .object({
    amount: z.number().int().positive().optional(),
    dueAt: z.iso.datetime({ offset: true }).optional(),
    category: z.string().min(1).optional(),
    message: z.string().min(1).optional(),
  })
  .strict();
const resolveDisputeSchema = z.object({ resolution: z.enum(["merchant-accepted", "declined", "auto-accepted"]) }).strict();

const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const KNOWN_CHANNELS = ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "eft", "apple_pay"];
const HOSTED_CHANNELS = ["card", "mobile_money"];
const INTEGRATION = 100001;
const REFUNDED_BY = "stand-in@example.com";

/** HMAC-SHA512 in hex, as Paystack signs webhooks. */
export function signPaystackBody(rawBody: string, secretKey: string): string {
  return crypto.createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export async function startPaystackStandIn(options: PaystackStandInOptions): Promise<PaystackStandIn> {
  const { secretKey, port = 0, host = "127.0.0.1", ...initialKnobs } = options;
  if (!secretKey) throw new Error("The Paystack stand-in needs a secret key (sk_test_…).");
  if (secretKey.startsWith("sk_live_")) throw new Error("The Paystack stand-in refuses a live secret key: use a sk_test_… key.");
  let knobs: PaystackStandInKnobs = knobsSchema.parse({ ...defaultKnobs, ...initialKnobs });
  const verifyCounts = new Map<string, number>();

  const transactions = new Map<string, StandInTransaction>();
  const byAccessCode = new Map<string, StandInTransaction>();
  const refunds: StandInRefund[] = [];
  const disputes: StandInDispute[] = [];
  const deliveries: WebhookDelivery[] = [];
  /** Mobile money transactions waiting for the shopper's approval on the phone. */
  const awaitingPhone = new Set<string>();
  /** Per refund or dispute: the events already on their way, so the next one waits its turn. */
  const eventChains = new Map<string, Promise<unknown>>();
  let nextId = 4_100_000_001;
  let nextRefundId = 9_000_001;
  let nextDisputeId = 358_001;
  let closed = false;

  // Timers and deliveries in flight, so idle() can wait for them and close() can stop them.
  const sleepers = new Map<NodeJS.Timeout, () => void>();
  const inFlight = new Set<Promise<unknown>>();
  const stopDeliveries = new AbortController();
  function sleep(ms: number): Promise<void> {
    if (ms <= 0 || closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        sleepers.delete(timer);
        resolve();
      }, ms);
      sleepers.set(timer, resolve);
    });
  }
  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }
  function later(ms: number, work: () => unknown): void {
    void track(
      sleep(ms)
        .then(() => (closed ? undefined : work()))
        .catch((error: unknown) => console.error("Paystack stand-in:", error)),
    );
  }

  // ---------------------------------------------------------------- what it reports

  /** What Paystack reports of a transaction: knobs applied. `amount` includes the fees when the customer pays them. */
  function reported(t: StandInTransaction) {
    const requested =
      knobs.wrongAmount === false
        ? t.amount
        : knobs.wrongAmount === true
          ? t.amount > 100
            ? t.amount - 100
            : t.amount + 100
          : knobs.wrongAmount;
    const amount = knobs.customerPaysFees && t.fees !== null ? requested + t.fees : requested;
    const currency = knobs.wrongCurrency === false ? t.currency : knobs.wrongCurrency === true ? "USD" : knobs.wrongCurrency;
    return { amount, requested, currency };
  }

  /** The customer's names, when the shop put first_name / last_name in the metadata; else null as Paystack says. */
  function customerNames(t: StandInTransaction): { first_name: string | null; last_name: string | null } {
    const meta = t.metadata && typeof t.metadata === "object" ? (t.metadata as Record<string, unknown>) : {};
    const name = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
    return { first_name: name(meta.first_name), last_name: name(meta.last_name) };
  }

  /**
   * A transaction as verify answers it, or (`forEvent`) as charge.success carries it: the published
   * verify sample has plan null and plan_object, the published events plan {} and subaccount_group.
   */
  function transactionData(t: StandInTransaction, forEvent = false): Record<string, unknown> {
    const { amount, requested, currency } = reported(t);
    return {
      id: t.id,
      domain: "test",
      status: t.status,
      reference: t.reference,
      receipt_number: null,
      amount,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: t.channel ?? t.channels[0] ?? "card",
      currency,
      ip_address: "127.0.0.1",
      metadata: t.metadata,
      log: null,
      fees: t.fees,
      fees_split: null,
      authorization: t.authorization ?? {},
      customer: {
        id: 181873746,
        ...customerNames(t),
        email: t.email,
        customer_code: "CUS_standin",
        phone: null,
        metadata: null,
        risk_action: "default",
        international_format_phone: null,
      },
      plan: forEvent ? {} : null,
      split: {},
      order_id: null,
      paidAt: t.paidAt,
      createdAt: t.createdAt,
      requested_amount: requested,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: t.createdAt,
      ...(forEvent ? { subaccount_group: {} } : { plan_object: {} }),
      subaccount: {},
    };
  }

  /**
   * The `data` of a refund.* event, as Paystack publishes them: no `id` (but needs-attention's, a
   * string), amount a string while pending / processing / processed and a number once failed or
   * needing attention, refund_reference null until processed or failed.
   */
  function refundEventData(r: StandInRefund): Record<string, unknown> {
    const t = transactions.get(r.transactionReference)!;
    const stringAmount = r.status === "pending" || r.status === "processing" || r.status === "processed";
    const common = {
      status: r.status,
      transaction_reference: r.transactionReference,
      refund_reference: r.status === "pending" || r.status === "processing" ? null : r.refundReference,
      amount: stringAmount ? String(r.amount) : r.amount,
      currency: r.currency,
    };
    const customer = { ...customerNames(t), email: t.email };
    if (r.status === "needs-attention") {
      return {
        ...common,
        customer,
        integration: INTEGRATION,
        domain: "test",
        id: String(r.id),
        customer_note: r.customerNote,
        merchant_note: r.merchantNote,
      };
    }
    return { ...common, processor: "stand-in", customer, integration: INTEGRATION, domain: "test" };
  }

  /** A refund as List Refunds and Fetch Refund give it (with its numeric id and the transaction's). */
  function refundRecord(r: StandInRefund): Record<string, unknown> {
    const t = transactions.get(r.transactionReference)!;
    const deducted = r.status === "processed" ? r.amount : 0;
    return {
      integration: INTEGRATION,
      transaction: t.id,
      transaction_reference: t.reference,
      dispute: null,
      settlement: null,
      id: r.id,
      domain: "test",
      currency: r.currency,
      amount: r.amount,
      status: r.status,
      channel: t.channel,
      refunded_at: r.refundedAt,
      refunded_by: REFUNDED_BY,
      expected_at: new Date(Date.parse(r.createdAt) + 86_400_000).toISOString(),
      customer_note: r.customerNote,
      merchant_note: r.merchantNote,
      deducted_amount: deducted,
      fully_deducted: deducted >= r.amount,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    };
  }

  /** The `data` of a charge.dispute.* event, shaped like Paystack's published samples. */
  function disputeEventData(d: StandInDispute): Record<string, unknown> {
    const t = transactions.get(d.transactionReference)!;
    const authorization = (t.authorization ?? {}) as Record<string, unknown>;
    return {
      id: d.id,
      refund_amount: d.refundAmount,
      currency: d.currency,
      status: d.status,
      resolution: d.resolution,
      domain: "test",
      transaction: {
        id: t.id,
        domain: "test",
        status: t.status,
        reference: t.reference,
        amount: t.amount,
        message: null,
        gateway_response: t.gatewayResponse,
        paid_at: t.paidAt,
        created_at: t.createdAt,
        channel: t.channel,
        currency: t.currency,
        ip_address: null,
        metadata: t.metadata ?? "",
        log: null,
        fees: t.fees,
        fees_split: null,
        authorization: {},
        customer: { international_format_phone: null },
        plan: {},
        subaccount: {},
        split: {},
        order_id: null,
        paidAt: t.paidAt,
        requested_amount: t.amount,
        pos_transaction_data: null,
      },
      transaction_reference: null,
      category: d.category,
      customer: {
        id: 181873746,
        ...customerNames(t),
        email: t.email,
        customer_code: "CUS_standin",
        phone: null,
        metadata: {},
        risk_action: "default",
        international_format_phone: null,
      },
      bin: typeof authorization.bin === "string" ? authorization.bin : "408408",
      last4: typeof authorization.last4 === "string" ? authorization.last4 : "4081",
      dueAt: d.dueAt,
      resolvedAt: d.resolvedAt,
      evidence: null,
      attachments: null,
      note: null,
      history: [{ status: "pending", by: t.email, createdAt: d.createdAt }],
      messages: d.messages.map((m) => ({ ...m })),
      created_at: d.createdAt,
      updated_at: d.updatedAt,
    };
  }

  // ---------------------------------------------------------------- webhooks

  async function deliver(event: string, url: string, body: string, signature: string | null): Promise<WebhookDelivery[]> {
    const tries: WebhookDelivery[] = [];
    for (let attempt = 1; attempt <= knobs.webhookRetries + 1 && !closed; attempt++) {
      let status: number | "error";
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "x-paystack-signature": signature }) },
          body,
          signal: AbortSignal.any([AbortSignal.timeout(10_000), stopDeliveries.signal]),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = "error";
      }
      const delivery = { event, url, try: attempt, status, body, signature, at: new Date() };
      deliveries.push(delivery);
      tries.push(delivery);
      if (status === 200) break;
      await sleep(knobs.webhookRetryDelayMs * 2 ** (attempt - 1));
    }
    return tries;
  }

  function signatureFor(body: string): string {
    return signPaystackBody(body, knobs.badSignature ? `${secretKey}_not_this_one` : secretKey);
  }

  /**
   * Sends an event the way Paystack would: after webhookDelayMs, duplicated as configured. Events
   * of one refund or dispute (`chain`) go out in order: each waits until the one before it was
   * delivered (or given up).
   */
  function dispatch(event: string, data: unknown, chain?: string): void {
    const url = knobs.webhookUrl;
    if (!url) return;
    const body = JSON.stringify({ event, data });
    const signature = signatureFor(body);
    const copies = knobs.duplicateWebhooks;
    const concurrently = knobs.duplicateWebhooksConcurrently;
    const delay = knobs.webhookDelayMs;
    const before = (chain && eventChains.get(chain)) || Promise.resolve();
    const sent = track(
      before
        .then(() => sleep(delay))
        .then(async () => {
          if (closed) return;
          if (concurrently) await Promise.all(Array.from({ length: copies }, () => deliver(event, url, body, signature)));
          else for (let i = 0; i < copies; i++) await deliver(event, url, body, signature);
        })
        .catch((error: unknown) => console.error("Paystack stand-in:", error)),
    );
    if (chain) eventChains.set(chain, sent);
  }

  // ---------------------------------------------------------------- what shoppers do

  function find(reference: string): StandInTransaction {
    const t = transactions.get(reference);
    if (!t) throw new StandInConflict(`No transaction with reference ${reference}`);
    return t;
  }

  function redirectUrl(t: StandInTransaction): string | null {
    if (!t.callbackUrl) return null;
    const url = new URL(t.callbackUrl);
    url.searchParams.set("trxref", t.reference);
    url.searchParams.set("reference", t.reference);
    return url.toString();
  }

  function succeed(t: StandInTransaction, channel: string, choice: StandInChoice) {
    const code = crypto.randomBytes(5).toString("hex");
    t.status = "success";
    t.channel = channel;
    t.gatewayResponse = "Approved";
    t.paidAt = new Date().toISOString();
    t.fees = Math.round((t.amount * 195) / 10_000);
    if (channel === "mobile_money") {
      const phone = (choice.phone ?? "0551234987").replace(/\D/g, "").padStart(10, "0");
      t.authorization = {
        authorization_code: `AUTH_${code}`,
        bin: `${phone.slice(0, 3)}XXX`,
        last4: `X${phone.slice(-3)}`,
        exp_month: "12",
        exp_year: "9999",
        channel: "mobile_money",
        card_type: "",
        bank: choice.network ?? "MTN",
        country_code: "GH",
        brand: (choice.network ?? "MTN").toLowerCase(),
        reusable: false,
        signature: null,
        account_name: null,
        mobile_money_number: `${phone.slice(0, 3)}****${phone.slice(-3)}`,
      };
    } else {
      t.authorization = {
        authorization_code: `AUTH_${code}`,
        bin: "408408",
        last4: "4081",
        exp_month: "12",
        exp_year: "2030",
        channel: "card",
        card_type: "visa",
        bank: "TEST BANK",
        country_code: "GH",
        brand: "visa",
        reusable: true,
        signature: `SIG_${code}`,
        account_name: null,
      };
    }
    dispatch("charge.success", transactionData(t, true));
  }

  function approve(t: StandInTransaction, choice: StandInChoice = {}): StandInActionResult {
    if (t.status === "success" || t.status === "reversed") throw new StandInConflict(`Transaction ${t.reference} is already paid`);
    if (awaitingPhone.has(t.reference)) throw new StandInConflict(`Transaction ${t.reference} is waiting for approval on the phone`);
    const channel = choice.channel ?? t.channels[0] ?? "card";
    if (!t.channels.includes(channel)) throw new StandInConflict(`Channel ${channel} is not offered for ${t.reference}`);
    const delay = knobs.mobileMoneyApprovalDelayMs;
    if (channel === "mobile_money" && delay > 0) {
      t.actions.push("approved-on-phone");
      t.status = "ongoing";
      t.channel = channel;
      t.gatewayResponse = "Awaiting approval on the customer's phone";
      awaitingPhone.add(t.reference);
      later(delay, () => {
        if (!awaitingPhone.delete(t.reference)) return;
        if (t.status === "ongoing") succeed(t, channel, choice);
      });
    } else {
      t.actions.push("approved");
      succeed(t, channel, choice);
    }
    return { status: t.status, redirectUrl: redirectUrl(t) };
  }

  function finish(t: StandInTransaction, status: "failed" | "abandoned"): StandInActionResult {
    if (t.status === "success" || t.status === "reversed") throw new StandInConflict(`Transaction ${t.reference} is already paid`);
    awaitingPhone.delete(t.reference);
    t.actions.push(status === "failed" ? "declined" : "cancelled");
    t.status = status;
    t.gatewayResponse = status === "failed" ? "Declined" : "The transaction was not completed";
    return { status: t.status, redirectUrl: redirectUrl(t) };
  }

  /** Makes an unpaid transaction in progress; after forMs (when given) nobody paid: "abandoned". */
  function setInProgress(t: StandInTransaction, status: InProgressStatus, forMs = 0) {
    if (t.status === "success" || t.status === "reversed") throw new StandInConflict(`Transaction ${t.reference} is already paid`);
    if (awaitingPhone.has(t.reference)) throw new StandInConflict(`Transaction ${t.reference} is waiting for approval on the phone`);
    t.status = status;
    t.gatewayResponse = status === "queued" ? "Transaction queued" : "Transaction in progress";
    if (forMs > 0) {
      later(forMs, () => {
        if (t.status !== status) return;
        t.status = "abandoned";
        t.gatewayResponse = "The transaction was not completed";
      });
    }
  }

  // ---------------------------------------------------------------- disputes

  function findDispute(id: number): StandInDispute {
    const d = disputes.find((x) => x.id === id);
    if (!d) throw new StandInConflict(`No dispute with id ${id}`);
    return d;
  }

  function touch(d: StandInDispute) {
    // updated_at changes with each event, even within one millisecond.
    const now = Math.max(Date.now(), Date.parse(d.updatedAt) + 1);
    d.updatedAt = new Date(now).toISOString();
  }

  function openDispute(t: StandInTransaction, options: OpenDisputeOptions = {}): StandInDispute {
    if (t.status !== "success") throw new StandInConflict(`Transaction ${t.reference} is not paid (${t.status}): nothing to dispute`);
    const amount = options.amount ?? t.amount;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > t.amount) {
      throw new StandInConflict(`A dispute is for 1 to ${t.amount} (the transaction's amount), not ${amount}`);
    }
    const due = options.dueAt === undefined ? new Date(Date.now() + 2 * 86_400_000) : new Date(options.dueAt);
    if (Number.isNaN(due.getTime())) throw new StandInConflict("dueAt must be a date");
    const createdAt = new Date().toISOString();
    const d: StandInDispute = {
      id: nextDisputeId++,
      transactionReference: t.reference,
      refundAmount: amount,
      currency: t.currency,
      status: "awaiting-merchant-feedback",
      resolution: null,
      category: options.category ?? "chargeback",
      dueAt: due.toISOString(),
      resolvedAt: null,
      messages: [{ sender: t.email, body: options.message ?? "I was charged but did not receive my order", createdAt }],
      createdAt,
      updatedAt: createdAt,
    };
    disputes.push(d);
    dispatch("charge.dispute.create", disputeEventData(d), `dispute:${d.id}`);
    return d;
  }

  function remindDispute(d: StandInDispute): StandInDispute {
    if (d.status === "resolved") throw new StandInConflict(`Dispute ${d.id} is already resolved`);
    touch(d);
    dispatch("charge.dispute.remind", disputeEventData(d), `dispute:${d.id}`);
    return d;
  }

  function resolveDispute(d: StandInDispute, resolution: DisputeResolution): StandInDispute {
    if (d.status === "resolved") throw new StandInConflict(`Dispute ${d.id} is already resolved`);
    d.status = "resolved";
    d.resolution = resolution;
    touch(d);
    d.resolvedAt = d.updatedAt;
    // An accepted chargeback gives the customer the money back: Paystack shows the transaction reversed.
    if (resolution !== "declined") transactions.get(d.transactionReference)!.status = "reversed";
    dispatch("charge.dispute.resolve", disputeEventData(d), `dispute:${d.id}`);
    return d;
  }

  // ---------------------------------------------------------------- the API

  type Answer = { status: number; body: unknown };
  const ok = (message: string, data: unknown): Answer => ({ status: 200, body: { status: true, message, data } });
  const refuse = (status: number, message: string): Answer => ({ status, body: { status: false, message } });
  /** Paystack's published 400 answer to initialize with a reference it already has. */
  const duplicateReference: Answer = {
    status: 400,
    body: {
      status: false,
      message: "Duplicate Transaction Reference",
      meta: { nextStep: "Try and create the Transaction or Charge with a new reference" },
      type: "validation_error",
      code: "duplicate_reference",
      errorCodeMappingNotFound: false,
    },
  };

  function failure(knob: z.infer<typeof failureKnob>): Answer | null {
    if (knob === "refused") return refuse(400, "The stand-in was told to refuse this request");
    if (knob) return refuse(500, "An error occurred (stand-in failure)");
    return null;
  }

  function initialize(body: Record<string, unknown>): Answer & { created?: StandInTransaction } {
    const failed = failure(knobs.failInitialize);
    if (failed) return failed;
    const { email, callback_url: callbackUrl } = body;
    const amount = typeof body.amount === "string" && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
    const currency = body.currency ?? "GHS";
    const reference = body.reference ?? `T${crypto.randomBytes(6).toString("hex")}`;
    if (typeof email !== "string" || !EMAIL.test(email)) return refuse(400, "Invalid Email Address Passed");
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) return refuse(400, "Invalid Amount Sent");
    if (currency !== "GHS") return refuse(400, "Currency not supported by merchant");
    if (typeof reference !== "string" || !REFERENCE.test(reference)) {
      return refuse(400, "Invalid transaction reference: only -, ., = and alphanumeric characters are allowed");
    }
    if (transactions.has(reference)) return duplicateReference;
    if (callbackUrl !== undefined && (typeof callbackUrl !== "string" || !/^https?:\/\//.test(callbackUrl) || !URL.canParse(callbackUrl))) {
      return refuse(400, "Invalid callback_url");
    }
    const requested = body.channels ?? HOSTED_CHANNELS;
    if (!Array.isArray(requested) || requested.some((c) => typeof c !== "string" || !KNOWN_CHANNELS.includes(c))) {
      return refuse(400, "Invalid channels");
    }
    const channels = HOSTED_CHANNELS.filter((c) => requested.includes(c));
    if (channels.length === 0) return refuse(400, "The stand-in's checkout offers card and mobile_money only");
    let metadata: unknown = body.metadata ?? null;
    if (typeof metadata === "string") {
      try {
        metadata = JSON.parse(metadata);
      } catch {
        return refuse(400, "metadata must be a JSON object");
      }
    }
    if (knobs.malformedAnswers) return ok("Authorization URL created", { access_code: "missing-fields" });
    const accessCode = crypto.randomBytes(9).toString("base64url");
    const t: StandInTransaction = {
      id: nextId++,
      reference,
      accessCode,
      email,
      amount,
      currency,
      channels,
      callbackUrl: (callbackUrl as string | undefined) ?? null,
      metadata,
      status: "abandoned",
      channel: null,
      gatewayResponse: "The transaction was not completed",
      paidAt: null,
      fees: null,
      authorization: null,
      createdAt: new Date().toISOString(),
      actions: [],
    };
    transactions.set(reference, t);
    byAccessCode.set(accessCode, t);
    if (knobs.unpaidStatus !== "abandoned") setInProgress(t, knobs.unpaidStatus, knobs.unpaidStatusMs);
    return {
      ...ok("Authorization URL created", { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference }),
      created: t,
    };
  }

  function verify(reference: string): Answer {
    const failed = failure(knobs.failVerify);
    if (failed) return failed;
    const t = transactions.get(reference);
    if (!t) return refuse(400, "Transaction reference not found");
    if (knobs.malformedAnswers) return ok("Verification successful", { reference, status: t.status });
    return ok("Verification successful", transactionData(t));
  }

  function refund(body: Record<string, unknown>): Answer & { created?: StandInRefund } {
    const failed = failure(knobs.failRefund);
    if (failed) return failed;
    const key = typeof body.transaction === "number" ? String(body.transaction) : body.transaction;
    if (typeof key !== "string" || !key) return refuse(400, "Transaction reference or id is required");
    const t = transactions.get(key) ?? [...transactions.values()].find((x) => String(x.id) === key);
    if (!t) return refuse(404, "Transaction not found");
    if (t.status === "reversed") return refuse(400, "Transaction has been fully reversed");
    if (t.status !== "success") return refuse(400, "Cannot refund a transaction that has not been paid");
    // A failed refund gave nothing back; one needing attention may still be paid out.
    const taken = refunds
      .filter((r) => r.transactionReference === t.reference && r.status !== "failed")
      .reduce((sum, r) => sum + r.amount, 0);
    const remaining = t.amount - taken;
    const amount = body.amount ?? remaining;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) return refuse(400, "Invalid amount");
    if (remaining <= 0) return refuse(400, "Transaction has been fully reversed");
    if (amount > remaining) return refuse(400, "Refund amount cannot be more than the amount left to refund on the transaction");
    if (body.currency !== undefined && body.currency !== t.currency) return refuse(400, "Currency does not match the transaction's");
    const r: StandInRefund = {
      id: nextRefundId++,
      transactionReference: t.reference,
      amount,
      currency: t.currency,
      status: "pending",
      refundReference: null,
      // Paystack writes its own notes when none is given (as in its published answers).
      merchantNote: typeof body.merchant_note === "string" ? body.merchant_note : `Refund for transaction ${t.reference} by ${REFUNDED_BY}`,
      customerNote: typeof body.customer_note === "string" ? body.customer_note : `Refund for transaction ${t.reference}`,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      refundedAt: null,
    };
    refunds.push(r);
    if (knobs.malformedAnswers) return { ...ok("Refund has been queued for processing", { status: "pending" }), created: r };
    const answer = ok("Refund has been queued for processing", {
      transaction: {
        id: t.id,
        domain: "test",
        reference: t.reference,
        amount: t.amount,
        paid_at: t.paidAt,
        channel: t.channel,
        currency: t.currency,
        authorization: { exp_month: null, exp_year: null, account_name: null },
        customer: { international_format_phone: null },
        plan: {},
        subaccount: { currency: null },
        split: {},
        order_id: null,
        paidAt: t.paidAt,
        pos_transaction_data: null,
        source: null,
        fees_breakdown: null,
      },
      integration: INTEGRATION,
      deducted_amount: 0,
      channel: null,
      merchant_note: r.merchantNote,
      customer_note: r.customerNote,
      status: "pending",
      refunded_by: REFUNDED_BY,
      expected_at: new Date(Date.now() + 86_400_000).toISOString(),
      currency: r.currency,
      domain: "test",
      amount: r.amount,
      fully_deducted: false,
      id: r.id,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
    });
    return { ...answer, created: r };
  }

  function setRefundStatus(r: StandInRefund, status: StandInRefund["status"]) {
    r.status = status;
    r.updatedAt = new Date().toISOString();
    dispatch(`refund.${status}`, refundEventData(r), `refund:${r.id}`);
  }

  /**
   * Once queued (its answer sent or lost): refund.pending at once, refund.processing after
   * refundDelayMs, then the outcome after refundProcessingMs, each event after the one before.
   */
  function runRefund(r: StandInRefund) {
    setRefundStatus(r, "pending");
    later(knobs.refundDelayMs, () => {
      if (r.status !== "pending") return;
      setRefundStatus(r, "processing");
      later(knobs.refundProcessingMs, () => finishRefund(r));
    });
  }

  function finishRefund(r: StandInRefund) {
    if (r.status !== "processing") return;
    const outcome = knobs.refundOutcome;
    const t = transactions.get(r.transactionReference)!;
    if (outcome === "processed") {
      // Published processed refunds carry the bank's reference, digits; failed ones a transfer code.
      r.refundReference = String(132_000_000_000 + r.id);
      r.refundedAt = new Date().toISOString();
    } else {
      r.refundReference = `TRF_${crypto.randomBytes(8).toString("hex").slice(0, 15)}`;
    }
    r.status = outcome;
    const refunded = refunds
      .filter((x) => x.transactionReference === t.reference && x.status === "processed")
      .reduce((sum, x) => sum + x.amount, 0);
    if (refunded >= t.amount) t.status = "reversed";
    setRefundStatus(r, outcome);
  }

  function findTransaction(key: string): StandInTransaction | undefined {
    return transactions.get(key) ?? [...transactions.values()].find((x) => String(x.id) === key);
  }

  /** GET /refund: List Refunds, newest first, optionally of one transaction (its id or reference). */
  function listRefunds(query: URLSearchParams): Answer {
    const key = query.get("transaction");
    const t = key ? findTransaction(key) : undefined;
    const chosen = key ? refunds.filter((r) => t && r.transactionReference === t.reference) : refunds;
    const perPage = Math.min(Math.max(Number.parseInt(query.get("perPage") ?? "50", 10) || 50, 1), 100);
    const page = Math.max(Number.parseInt(query.get("page") ?? "1", 10) || 1, 1);
    const newestFirst = [...chosen].reverse();
    const data = newestFirst.slice((page - 1) * perPage, page * perPage).map(refundRecord);
    return {
      status: 200,
      body: {
        status: true,
        message: "Refunds retrieved",
        data,
        meta: {
          total: chosen.length,
          skipped: (page - 1) * perPage,
          perPage,
          page,
          pageCount: Math.max(1, Math.ceil(chosen.length / perPage)),
        },
      },
    };
  }

  /** GET /refund/:id: Fetch Refund. */
  function fetchRefund(id: string): Answer {
    const r = refunds.find((x) => String(x.id) === id);
    if (!r) return refuse(404, "Refund not found");
    return ok("Refund retrieved", refundRecord(r));
  }

  // ---------------------------------------------------------------- HTTP

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  };
  const html = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(body);
  };
  const redirectOr = (res: http.ServerResponse, t: StandInTransaction, fallback: string) => {
    const target = redirectUrl(t);
    if (target) res.writeHead(302, { Location: target }).end();
    else html(res, 200, fallback);
  };
  // The page's "Approve on your phone" is for mobile money awaiting the shopper; any other
  // in-progress status still offers the checkout.
  const view = (t: StandInTransaction): CheckoutView => ({
    ...t,
    status: t.status === "ongoing" && !awaitingPhone.has(t.reference) ? "pending" : t.status,
    tried: t.actions.length > 0,
  });

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 1_000_000) throw new StandInConflict("Body too large");
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
    try {
      const value: unknown = JSON.parse(await readBody(req));
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const { pathname } = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);

    // Control routes for tests and local tries (never affected by the knobs).
    if (parts[0] === "__stand-in") {
      if (parts[1] === "knobs" && method === "GET") return json(res, 200, knobs);
      if (parts[1] === "knobs" && method === "POST") {
        const changes = knobsSchema
          .partial()
          .strict()
          .safeParse(await readJson(req));
        if (!changes.success) return json(res, 400, { error: z.prettifyError(changes.error) });
        return json(res, 200, setKnobs(changes.data));
      }
      if (parts[1] === "transactions" && parts.length === 2 && method === "GET") return json(res, 200, [...transactions.values()]);
      if (parts[1] === "refunds" && method === "GET") return json(res, 200, refunds);
      if (parts[1] === "disputes" && parts.length === 2 && method === "GET") return json(res, 200, disputes);
      if (parts[1] === "transactions" && parts[2] && method === "POST") {
        const t = find(parts[2]);
        const body = (await readJson(req)) ?? {};
        if (parts[3] === "approve") return json(res, 200, approve(t, body as StandInChoice));
        if (parts[3] === "decline") return json(res, 200, finish(t, "failed"));
        if (parts[3] === "cancel") return json(res, 200, finish(t, "abandoned"));
        if (parts[3] === "in-progress") {
          const asked = inProgressSchema.safeParse(body);
          if (!asked.success) return json(res, 400, { error: z.prettifyError(asked.error) });
          setInProgress(t, asked.data.status, asked.data.forMs);
          return json(res, 200, { status: t.status });
        }
        if (parts[3] === "dispute") {
          const asked = openDisputeSchema.safeParse(body);
          if (!asked.success) return json(res, 400, { error: z.prettifyError(asked.error) });
          return json(res, 200, openDispute(t, asked.data));
        }
      }
      if (parts[1] === "disputes" && parts[2] && method === "POST") {
        const d = findDispute(Number(parts[2]));
        if (parts[3] === "remind") return json(res, 200, remindDispute(d));
        if (parts[3] === "resolve") {
          const asked = resolveDisputeSchema.safeParse((await readJson(req)) ?? {});
          if (!asked.success) return json(res, 400, { error: z.prettifyError(asked.error) });
          return json(res, 200, resolveDispute(d, asked.data.resolution));
        }
      }
      return json(res, 404, { error: "Unknown stand-in control route" });
    }

    if (knobs.unreachable) {
      req.socket.destroy();
      return;
    }

    // The hosted checkout.
    if (parts[0] === "checkout" && parts[1]) {
      const t = byAccessCode.get(parts[1]);
      if (!t) return html(res, 404, messagePage("Not found", "This payment page does not exist or has expired."));
      if (method === "GET" && parts.length === 2) return html(res, 200, checkoutPage(view(t), redirectUrl(t)));
      if (method === "POST" && parts[2] === "approve") {
        const form = new URLSearchParams(await readBody(req));
        const channel = form.get("channel") === "mobile_money" ? "mobile_money" : "card";
        const result = approve(t, { channel, network: form.get("network") ?? undefined, phone: form.get("phone") ?? undefined });
        if (result.status === "ongoing") return html(res, 200, approveOnPhonePage(view(t), result.redirectUrl));
        return redirectOr(res, t, resultPage(view(t)));
      }
      if (method === "POST" && parts[2] === "decline") {
        finish(t, "failed");
        return redirectOr(res, t, resultPage(view(t)));
      }
      if (method === "GET" && parts[2] === "cancel") {
        finish(t, "abandoned");
        return redirectOr(res, t, resultPage(view(t)));
      }
      return html(res, 404, messagePage("Not found", "Unknown checkout action."));
    }

    // The API: Bearer secret key, JSON in and out.
    const isListRefunds = method === "GET" && pathname === "/refund";
    const isFetchRefund = method === "GET" && parts[0] === "refund" && parts.length === 2;
    const apiRoute =
      (method === "POST" && pathname === "/transaction/initialize") ||
      (method === "GET" && parts[0] === "transaction" && parts[1] === "verify" && parts.length === 3) ||
      (method === "POST" && pathname === "/refund") ||
      isListRefunds ||
      isFetchRefund;
    if (!apiRoute) return json(res, 404, { status: false, message: "Not found" });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return json(res, 401, { status: false, message: "Invalid key" });
    const isVerify = parts[0] === "transaction" && parts[1] === "verify";
    if (isVerify) verifyCounts.set(parts[2]!, (verifyCounts.get(parts[2]!) ?? 0) + 1);
    await sleep(knobs.apiDelayMs + (isVerify ? knobs.verifyDelayMs : 0));
    if (res.destroyed || closed) return;
    if (isVerify) {
      const answer = verify(parts[2]!);
      return json(res, answer.status, answer.body);
    }
    if (isListRefunds || isFetchRefund) {
      const answer = isListRefunds ? listRefunds(new URL(req.url ?? "/", "http://stand-in").searchParams) : fetchRefund(parts[1]!);
      return json(res, answer.status, answer.body);
    }
    const body = await readJson(req);
    if (!body) return json(res, 400, { status: false, message: "The request body must be a JSON object" });
    if (pathname === "/refund") {
      const { created, ...answer } = refund(body);
      if (created && knobs.refundAnswerLost > 0) {
        // Queued at Paystack, but the answer never reaches the shop; the refund goes on.
        knobs = { ...knobs, refundAnswerLost: knobs.refundAnswerLost - 1 };
        req.socket.destroy();
        runRefund(created);
        return;
      }
      // refund.pending and what follows only once the answer has gone out (or the shop hung up).
      if (created) res.once("close", () => runRefund(created));
      return json(res, answer.status, answer.body);
    }
    const { created, ...answer } = initialize(body);
    if (created && knobs.initializeAnswerLost > 0) {
      // The transaction exists at Paystack, but the answer never reaches the shop.
      knobs = { ...knobs, initializeAnswerLost: knobs.initializeAnswerLost - 1 };
      req.socket.destroy();
      return;
    }
    return json(res, answer.status, answer.body);
  }

  const server = http.createServer((req, res) => {
    // One connection per request. A kept-alive connection is closed by this server after 5 s
    // idle; when the test's process is busy (PGlite runs in it too) the shop's fetch could pick
    // that connection up just as it closed and read ECONNRESET ("Paystack could not be reached").
    res.setHeader("Connection", "close");
    handle(req, res).catch((error: unknown) => {
      const conflict = error instanceof StandInConflict;
      if (!conflict) console.error("Paystack stand-in:", error);
      if (res.headersSent) return void res.destroy();
      json(res, conflict ? 409 : 500, { status: false, message: error instanceof Error ? error.message : "Stand-in error" });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  function setKnobs(changes: Partial<PaystackStandInKnobs>): PaystackStandInKnobs {
    knobs = knobsSchema.parse({ ...knobs, ...changes });
    return { ...knobs };
  }

  return {
    url,
    knobs: () => ({ ...knobs }),
    setKnobs,
    approve: (reference, choice) => approve(find(reference), choice),
    decline: (reference) => finish(find(reference), "failed"),
    cancel: (reference) => finish(find(reference), "abandoned"),
    transaction: (reference) => {
      const t = transactions.get(reference);
      return t ? structuredClone(t) : undefined;
    },
    transactions: () => [...transactions.values()].map((t) => structuredClone(t)),
    refunds: () => refunds.map((r) => ({ ...r })),
    verifyCalls: (reference) => verifyCounts.get(reference) ?? 0,
    transactionData: (reference) => transactionData(find(reference)),
    setInProgress: (reference, status, forMs) => setInProgress(find(reference), status, forMs),
    openDispute: (reference, options) => structuredClone(openDispute(find(reference), options)),
    remindDispute: (id) => structuredClone(remindDispute(findDispute(id))),
    resolveDispute: (id, resolution) => structuredClone(resolveDispute(findDispute(id), resolution)),
    disputes: () => disputes.map((d) => structuredClone(d)),
    refundEventData: (id) => {
      const r = refunds.find((x) => x.id === id);
      if (!r) throw new StandInConflict(`No refund with id ${id}`);
      return refundEventData(r);
    },
    disputeEventData: (id) => disputeEventData(findDispute(id)),
    sendEvent: (event, data, options = {}) => {
      const target = options.url ?? knobs.webhookUrl;
      if (!target) return Promise.reject(new Error("sendEvent: no webhookUrl set and no url given"));
      const body = options.body ?? JSON.stringify({ event, data });
      const signature = options.signature !== undefined ? options.signature : signatureFor(body);
      return track(deliver(event, target, body, signature));
    },
    webhookDeliveries: () => [...deliveries],
    idle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: async () => {
      closed = true;
      stopDeliveries.abort();
      for (const [timer, wake] of sleepers) {
        clearTimeout(timer);
        wake();
      }
      sleepers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.allSettled([...inFlight]);
    },
  };
}
