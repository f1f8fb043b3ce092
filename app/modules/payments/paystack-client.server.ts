import { z } from "zod";

/**
 * A small typed client for Paystack's REST API (https://paystack.com/docs/api/): initialise a
 * transaction, verify it, refund it. Every answer is checked with Zod before anything is read
 * from it; every call times out; every failure is one PaystackError with a `kind`. The secret key
 * goes in the Authorization header only and never into an error (this module logs nothing).
 */

export interface PaystackClientConfig {
  secretKey: string;
  /** `https://api.paystack.co`, or a stand-in's URL in tests and local tries. */
  apiUrl: string;
  /** Each call gives up after this long. Default 10 s. */
  timeoutMs?: number;
}

export const DEFAULT_PAYSTACK_TIMEOUT_MS = 10_000;

/** Paystack's channel names for what the shop offers. */
export type PaystackChannel = "card" | "mobile_money";

/** Paystack's documented transaction statuses; anything else it may add comes through as text. */
export type PaystackTransactionStatus =
  "success" | "failed" | "abandoned" | "pending" | "ongoing" | "processing" | "queued" | "reversed" | (string & {});

/**
 * - unreachable: no answer (network error, refused connection, time-out);
 * - refused: Paystack said no (`status: false`, or a 4xx), with its message;
 * - invalid-answer: an answer that does not have the documented shape (or names another reference);
 * - server: Paystack's own failure (5xx).
 */
export type PaystackErrorKind = "unreachable" | "refused" | "invalid-answer" | "server";
export type PaystackOperation = "initialize" | "verify" | "refund" | "list-refunds" | "event";

export class PaystackError extends Error {
  override readonly name = "PaystackError";
  readonly kind: PaystackErrorKind;
  readonly operation: PaystackOperation;
  /** The HTTP status of Paystack's answer, null when there was none. */
  readonly httpStatus: number | null;
  /** Paystack's own words (`message`), when it answered with one; secret keys blanked out. */
  readonly providerMessage: string | null;
  /** Paystack's error code when it gave one (`duplicate_reference`, `invalid_params`…). */
  readonly code: string | null;

  constructor(
    kind: PaystackErrorKind,
    operation: PaystackOperation,
    message: string,
    details: { httpStatus?: number | null; providerMessage?: string | null; code?: string | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.operation = operation;
    this.httpStatus = details.httpStatus ?? null;
    this.providerMessage = details.providerMessage ?? null;
    this.code = details.code ?? null;
  }
}

/**
 * Paystack has the reference already: it created the transaction, but the shop never got the
 * answer (a time-out or dropped connection on an earlier try). The OpenAPI description's
 * example: `{ status: false, message: "Duplicate Transaction Reference", code: "duplicate_reference" }`.
 */
export function isDuplicateReference(error: unknown): boolean {
  return (
    error instanceof PaystackError &&
    error.operation === "initialize" &&
    error.kind === "refused" &&
    (error.code === "duplicate_reference" || /duplicate transaction reference/i.test(error.providerMessage ?? ""))
  );
}

export interface InitializeTransactionInput {
  email: string;
  /** Pesewas: a positive integer. */
  amount: number;
  currency: "GHS";
  reference: string;
  callbackUrl: string;
  channels: readonly PaystackChannel[];
  metadata?: Record<string, unknown>;
}

export interface InitializedTransaction {
  /** Paystack's hosted checkout page: send the shopper here. Always http(s). */
  authorizationUrl: string;
  reference: string;
  accessCode: string;
}

/** What Paystack says about a transaction, checked and reduced to what the shop may keep. */
export interface VerifiedPaystackTransaction {
  /** Paystack's id of the transaction, as text. */
  id: string | null;
  reference: string;
  status: PaystackTransactionStatus;
  /** What was charged, in the currency's subunit (pesewas): includes Paystack's fees when the customer bears them. */
  amount: number;
  /** What the merchant asked for (`requested_amount`), when Paystack says; compare this with the order. */
  requestedAmount: number | null;
  currency: string;
  channel: string | null;
  paidAt: Date | null;
  /** Paystack's fees, in pesewas. */
  fees: number | null;
  /** Brand and last 4 digits only, never a card number. */
  card: { brand: string | null; last4: string | null } | null;
  /** Network ("MTN", "VOD", "ATL"…) and the number masked to its last 3 digits ("•••987"). */
  mobileMoney: { network: string | null; maskedNumber: string | null } | null;
  gatewayResponse: string | null;
  customerEmail: string | null;
}

export interface CreateRefundInput {
  /** The transaction's reference (or Paystack's id). */
  transaction: string;
  /** Pesewas, for a partial refund; the whole transaction when left out. */
  amount?: number;
  merchantNote?: string;
  customerNote?: string;
}

/** Paystack's refund states (its refund events and the status field of its refund answers). */
export type PaystackRefundStatus = "pending" | "processing" | "processed" | "failed" | "needs-attention" | (string & {});

export interface PaystackRefund {
  /** Paystack's refund id, as text (Paystack sends a number; events may send text). */
  id: string;
  status: PaystackRefundStatus;
  amount: number;
  currency: string | null;
  transactionReference: string | null;
  /** Paystack's numeric id of the refunded transaction, as text, when the answer names it so. */
  transactionId: string | null;
  /** The merchant note sent with it: the shop writes its own refund id there. */
  merchantNote: string | null;
}

/**
 * A refund event as Paystack publishes it: no refund `id` (except on needs-attention), the
 * transaction's reference, Paystack's refund reference once there is one, `amount` often a
 * string ("5000"), and the refund's state in `status`.
 */
export interface PaystackRefundEvent {
  refundId: string | null;
  refundReference: string | null;
  transactionReference: string | null;
  amount: number;
  currency: string | null;
  status: PaystackRefundStatus;
  merchantNote: string | null;
}

export const REFUND_EVENTS = [
  "refund.pending",
  "refund.processing",
  "refund.processed",
  "refund.failed",
  "refund.needs-attention",
] as const;
export type RefundEventName = (typeof REFUND_EVENTS)[number];
export const DISPUTE_EVENTS = ["charge.dispute.create", "charge.dispute.remind", "charge.dispute.resolve"] as const;
export type DisputeEventName = (typeof DISPUTE_EVENTS)[number];

/** A dispute (chargeback) as Paystack's `charge.dispute.*` events describe it. */
export interface PaystackDispute {
  id: string;
  /** What the customer asks back, in pesewas. */
  amount: number;
  currency: string;
  status: string;
  resolution: string | null;
  category: string | null;
  transactionReference: string;
  dueAt: Date | null;
  resolvedAt: Date | null;
  updatedAt: Date | null;
  /** The first message (the customer's or the bank's complaint), trimmed. */
  message: string | null;
}

/**
 * A webhook event, after its signature has been checked (see paystack-signature.server.ts), read
 * by its name: `charge.success` is the only one that can pay an order; refund and dispute events
 * carry their own shapes; every other event (other charge events, transfers, subscriptions…) is
 * "other": acknowledged and logged, never applied.
 */
export type PaystackEvent =
  /**
   * `incomplete`: the event leaves out the currency (Paystack's multi-split sample is such an
   * excerpt): the webhook asks Paystack (verify) before applying anything.
   */
  | { kind: "charge"; event: "charge.success"; transaction: VerifiedPaystackTransaction; incomplete: boolean }
  | { kind: "refund"; event: RefundEventName; refund: PaystackRefundEvent }
  | { kind: "dispute"; event: DisputeEventName; dispute: PaystackDispute }
  | { kind: "other"; event: string; data: unknown };

// ---------------------------------------------------------------- answers, as documented

const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  code: z.string().optional(),
  data: z.unknown().optional(),
});

const initializeSchema = z.object({
  authorization_url: z.url({ protocol: /^https?$/ }),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

const text = z.string().nullish();
const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "not a date");

/** Pesewas: Paystack sends a whole number, or in some samples the same number as a string ("5000"). */
const amountSchema = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);
const idSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(100)]).transform(String);

const transactionSchema = z.object({
  id: idSchema.nullish(),
  status: z.string().min(1),
  reference: z.string().min(1),
  amount: amountSchema,
  requested_amount: amountSchema.nullish(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  channel: text,
  paid_at: isoDate.nullish(),
  fees: amountSchema.nullish(),
  gateway_response: text,
  authorization: z.object({ channel: text, card_type: text, brand: text, last4: text, bank: text, mobile_money_number: text }).nullish(),
  customer: z.object({ email: text }).nullish(),
});

const refundSchema = z.object({
  id: idSchema,
  status: z.string().min(1),
  amount: amountSchema,
  currency: text,
  transaction: z.union([z.object({ id: idSchema.nullish(), reference: text }), z.number(), z.string()]).nullish(),
  transaction_reference: text,
  merchant_note: text,
});

const refundEventSchema = z
  .object({
    id: idSchema.nullish(),
    status: z.string().min(1).max(40),
    transaction_reference: text,
    transaction: z.union([z.object({ reference: text }), z.number(), z.string()]).nullish(),
    refund_reference: z.string().trim().max(100).nullish(),
    amount: amountSchema,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullish(),
    merchant_note: text,
  })
  .refine((r) => r.amount > 0, "a refund is for more than 0");

const disputeSchema = z.object({
  id: idSchema,
  refund_amount: amountSchema.nullish(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.string().min(1).max(60),
  resolution: z.string().max(60).nullish(),
  category: z.string().max(60).nullish(),
  transaction: z.object({ reference: z.string().min(1), amount: amountSchema.nullish() }).nullish(),
  transaction_reference: text,
  dueAt: isoDate.nullish(),
  resolvedAt: isoDate.nullish(),
  updated_at: isoDate.nullish(),
  messages: z.array(z.object({ body: z.string().nullish() }).loose()).nullish(),
});

const eventSchema = z.object({ event: z.string().min(1), data: z.unknown() });

// ---------------------------------------------------------------- the calls

export async function initializeTransaction(
  config: PaystackClientConfig,
  input: InitializeTransactionInput,
): Promise<InitializedTransaction> {
  assertPesewas(input.amount, "amount");
  const data = await call(config, "initialize", "POST", "/transaction/initialize", {
    email: input.email,
    amount: input.amount,
    currency: input.currency,
    reference: input.reference,
    callback_url: input.callbackUrl,
    channels: input.channels,
    // Paystack documents metadata as a stringified JSON object.
    ...(input.metadata ? { metadata: JSON.stringify(input.metadata) } : {}),
  });
  const answer = check(initializeSchema, data, config, "initialize");
  if (answer.reference !== input.reference) {
    throw new PaystackError(
      "invalid-answer",
      "initialize",
      "Paystack initialised a transaction under another reference than the one sent.",
    );
  }
  return { authorizationUrl: answer.authorization_url, reference: answer.reference, accessCode: answer.access_code };
}

export async function verifyTransaction(config: PaystackClientConfig, reference: string): Promise<VerifiedPaystackTransaction> {
  if (!reference) throw new TypeError("verifyTransaction needs a reference");
  const data = await call(config, "verify", "GET", `/transaction/verify/${encodeURIComponent(reference)}`);
  const transaction = toTransaction(check(transactionSchema, data, config, "verify"));
  if (transaction.reference !== reference) {
    throw new PaystackError("invalid-answer", "verify", "Paystack's verification answer is about another reference than the one asked.");
  }
  return transaction;
}

export async function createRefund(config: PaystackClientConfig, input: CreateRefundInput): Promise<PaystackRefund> {
  if (!input.transaction) throw new TypeError("createRefund needs the transaction's reference");
  if (input.amount !== undefined) assertPesewas(input.amount, "amount");
  const data = await call(config, "refund", "POST", "/refund", {
    transaction: input.transaction,
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.merchantNote ? { merchant_note: input.merchantNote } : {}),
    ...(input.customerNote ? { customer_note: input.customerNote } : {}),
  });
  return toRefund(check(refundSchema, data, config, "refund"));
}

/**
 * The refunds Paystack holds for one transaction (List Refunds, `?transaction=`, its id or
 * reference), newest first as Paystack lists them: how the shop finds out what became of a
 * refund whose answer was lost. Entries of other transactions are dropped here, whatever
 * Paystack's filter did.
 */
export async function listRefunds(
  config: PaystackClientConfig,
  transaction: { reference: string; id?: string | null },
): Promise<PaystackRefund[]> {
  if (!transaction.reference) throw new TypeError("listRefunds needs the transaction's reference");
  const key = transaction.id ?? transaction.reference;
  const data = await call(config, "list-refunds", "GET", `/refund?transaction=${encodeURIComponent(key)}&perPage=100`);
  return check(z.array(refundSchema), data, config, "list-refunds")
    .map(toRefund)
    .filter(
      (r) =>
        r.transactionReference === transaction.reference ||
        (r.transactionReference === null && transaction.id != null && r.transactionId === transaction.id),
    );
}

/** The calls bound to one configuration. */
export function createPaystackClient(config: PaystackClientConfig) {
  return {
    initializeTransaction: (input: InitializeTransactionInput) => initializeTransaction(config, input),
    verifyTransaction: (reference: string) => verifyTransaction(config, reference),
    createRefund: (input: CreateRefundInput) => createRefund(config, input),
    listRefunds: (transaction: { reference: string; id?: string | null }) => listRefunds(config, transaction),
  };
}
export type PaystackClient = ReturnType<typeof createPaystackClient>;

/** A transaction as Paystack describes it (verify's `data`, or a `charge.*` event's), checked. */
export function parsePaystackTransaction(data: unknown): VerifiedPaystackTransaction {
  return toTransaction(check(transactionSchema, data, null, "event"));
}

/**
 * A webhook's body, read by the event's name (Paystack's published event samples): only
 * `charge.success` is read as a transaction (as verify describes it); the five refund events as a
 * refund, the three dispute events as a dispute; any other event comes back as it is, unread.
 * Call only once the signature over the raw body has been checked. Throws
 * PaystackError("invalid-answer") when the body is not JSON or one of the events the shop reads
 * does not have its documented shape.
 */
export function parsePaystackEvent(rawBody: string): PaystackEvent {
  const { event, data } = check(eventSchema, parseJson(rawBody), null, "event");
  if (event === "charge.success") return parseChargeSuccess(data);
  if (isOneOf(REFUND_EVENTS, event)) return { kind: "refund", event, refund: parseRefundEvent(data) };
  if (isOneOf(DISPUTE_EVENTS, event)) return { kind: "dispute", event, dispute: toDispute(check(disputeSchema, data, null, "event")) };
  return { kind: "other", event, data };
}

/** A charge.success's `data`: a transaction as verify describes it, or one without its currency (incomplete). */
function parseChargeSuccess(data: unknown): PaystackEvent {
  const withoutCurrency =
    data !== null && typeof data === "object" && !Array.isArray(data) && (data as { currency?: unknown }).currency == null;
  if (!withoutCurrency) return { kind: "charge", event: "charge.success", transaction: parsePaystackTransaction(data), incomplete: false };
  // Read with a placeholder currency that matches no payment: only Paystack's verify answer is applied.
  const transaction = parsePaystackTransaction({ ...(data as object), currency: "XXX" });
  return { kind: "charge", event: "charge.success", transaction, incomplete: true };
}

/** A refund event's `data`, as Paystack publishes it (see PaystackRefundEvent). */
export function parseRefundEvent(data: unknown): PaystackRefundEvent {
  const r = check(refundEventSchema, data, null, "event");
  const fromTransaction = typeof r.transaction === "object" ? r.transaction?.reference : null;
  return {
    refundId: r.id ?? null,
    refundReference: r.refund_reference?.trim() || null,
    transactionReference: r.transaction_reference ?? fromTransaction ?? null,
    amount: r.amount,
    currency: r.currency ?? null,
    status: r.status,
    merchantNote: r.merchant_note ?? null,
  };
}

function isOneOf<T extends string>(names: readonly T[], name: string): name is T {
  return (names as readonly string[]).includes(name);
}

// ---------------------------------------------------------------- mapping

function toTransaction(t: z.infer<typeof transactionSchema>): VerifiedPaystackTransaction {
  const auth = t.authorization ?? null;
  const channel = t.channel || auth?.channel || null;
  return {
    id: t.id ?? null,
    reference: t.reference,
    status: t.status,
    amount: t.amount,
    requestedAmount: t.requested_amount ?? null,
    currency: t.currency,
    channel,
    paidAt: t.paid_at ? new Date(t.paid_at) : null,
    fees: t.fees ?? null,
    card: channel === "card" && auth ? cardOf(auth) : null,
    mobileMoney: channel === "mobile_money" ? mobileMoneyOf(auth) : null,
    gatewayResponse: t.gateway_response ?? null,
    customerEmail: t.customer?.email ?? null,
  };
}

type Authorization = NonNullable<z.infer<typeof transactionSchema>["authorization"]>;

function cardOf(auth: Authorization): VerifiedPaystackTransaction["card"] {
  // Only ever 4 digits: whatever else arrives in last4 is not kept.
  const last4 = auth.last4 && /^\d{4}$/.test(auth.last4.trim()) ? auth.last4.trim() : null;
  const brand = cleanLabel(auth.brand || auth.card_type)?.toLowerCase() ?? null;
  return last4 || brand ? { brand, last4 } : null;
}

function mobileMoneyOf(auth: Authorization | null): VerifiedPaystackTransaction["mobileMoney"] {
  const network = cleanLabel(auth?.bank) ?? cleanLabel(auth?.brand)?.toUpperCase() ?? null;
  const maskedNumber = maskMobileNumber(auth?.mobile_money_number) ?? maskMobileNumber(auth?.last4);
  return { network, maskedNumber };
}

/** "0551234987" → "•••987"; null when the value does not end in 3 digits. */
export function maskMobileNumber(number: string | null | undefined): string | null {
  const lastThree = number ? /(\d{3})$/.exec(number.replace(/\s+/g, "")) : null;
  return lastThree ? `•••${lastThree[1]}` : null;
}

function cleanLabel(value: string | null | undefined): string | null {
  const label = value?.trim().slice(0, 40);
  return label ? label : null;
}

function toRefund(r: z.infer<typeof refundSchema>): PaystackRefund {
  const transaction = r.transaction;
  const asObject = typeof transaction === "object" && transaction !== null ? transaction : null;
  return {
    id: r.id,
    status: r.status,
    amount: r.amount,
    currency: r.currency ?? null,
    transactionReference: r.transaction_reference ?? asObject?.reference ?? null,
    transactionId: asObject?.id ?? (typeof transaction === "number" ? String(transaction) : null),
    merchantNote: r.merchant_note ?? null,
  };
}

function toDispute(d: z.infer<typeof disputeSchema>): PaystackDispute {
  const reference = d.transaction?.reference ?? d.transaction_reference;
  if (!reference) throw new PaystackError("invalid-answer", "event", "Paystack's dispute event names no transaction.");
  const message =
    d.messages
      ?.find((m) => m.body?.trim())
      ?.body?.trim()
      .slice(0, 1000) ?? null;
  return {
    id: d.id,
    amount: d.refund_amount ?? d.transaction?.amount ?? 0,
    currency: d.currency,
    status: d.status,
    resolution: d.resolution ?? null,
    category: d.category ?? null,
    transactionReference: reference,
    dueAt: d.dueAt ? new Date(d.dueAt) : null,
    resolvedAt: d.resolvedAt ? new Date(d.resolvedAt) : null,
    updatedAt: d.updated_at ? new Date(d.updated_at) : null,
    message,
  };
}

// ---------------------------------------------------------------- transport

async function call(
  config: PaystackClientConfig,
  operation: PaystackOperation,
  method: "GET" | "POST",
  path: string,
  body?: Record<string, unknown>,
): Promise<unknown> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_PAYSTACK_TIMEOUT_MS;
  const url = `${config.apiUrl.replace(/\/+$/, "")}${path}`;
  let status: number;
  let answer: string;
  try {
    const response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        Accept: "application/json",
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      // An API that redirects is not answering as documented; never carry the key elsewhere.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    answer = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const reason = timedOut ? `no answer within ${timeoutMs} ms` : networkReason(error);
    throw new PaystackError("unreachable", operation, redact(`Paystack could not be reached (${operation}): ${reason}.`, config), {
      cause: error,
    });
  }

  const envelope = envelopeSchema.safeParse(parseJsonOrNull(answer));
  const providerMessage = envelope.success && envelope.data.message ? redact(envelope.data.message.slice(0, 300), config) : null;
  const code = envelope.success && envelope.data.code ? envelope.data.code.slice(0, 60) : null;
  const said = providerMessage ? `: ${providerMessage}` : "";
  if (status >= 500) {
    throw new PaystackError("server", operation, `Paystack failed on its side (${operation}, HTTP ${status})${said}`, {
      httpStatus: status,
      providerMessage,
    });
  }
  if (status >= 400) {
    throw new PaystackError("refused", operation, `Paystack refused the ${operation} request (HTTP ${status})${said}`, {
      httpStatus: status,
      providerMessage,
      code,
    });
  }
  if (status < 200 || status >= 300 || !envelope.success) {
    throw new PaystackError(
      "invalid-answer",
      operation,
      `Paystack's answer to ${operation} is not in the documented shape (HTTP ${status}).`,
      {
        httpStatus: status,
      },
    );
  }
  if (!envelope.data.status) {
    throw new PaystackError("refused", operation, `Paystack refused the ${operation} request${said}`, {
      httpStatus: status,
      providerMessage,
      code,
    });
  }
  return envelope.data.data;
}

function check<T extends z.ZodType>(
  schema: T,
  data: unknown,
  config: PaystackClientConfig | null,
  operation: PaystackOperation,
): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Field names only: the values are Paystack's and stay out of messages and logs.
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "(data)"))].slice(0, 8).join(", ");
  const message = `Paystack's answer to ${operation} is not in the documented shape (check ${fields}).`;
  throw new PaystackError("invalid-answer", operation, config ? redact(message, config) : message);
}

function parseJson(raw: string): unknown {
  const value = parseJsonOrNull(raw);
  if (value === null) throw new PaystackError("invalid-answer", "event", "The event's body is not JSON.");
  return value;
}

function parseJsonOrNull(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function assertPesewas(amount: number, name: string) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${name} must be a positive whole number of pesewas`);
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === "string") return cause.code;
  return error instanceof Error ? error.message : "network error";
}

/** Blanks out this configuration's secret key, and anything shaped like a Paystack secret key. */
function redact(message: string, config: PaystackClientConfig): string {
  let safe = message.replace(/sk_(live|test)_\w+/g, "sk_$1_[redacted]");
  if (config.secretKey.length >= 8) safe = safe.split(config.secretKey).join("[redacted]");
  return safe;
}
