import { and, desc, eq, max, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { customRequests } from "~db/schema/custom";
import { orders } from "~db/schema/orders";
import { quotes } from "~db/schema/quotes";
import { localDay } from "~/lib/dates";
import { currencySymbols, type CurrencyCode } from "~/lib/money";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { CustomRequestNotFoundError } from "~/modules/custom-requests/custom-requests-admin.server";
import { isPaymentLinkToken, newPaymentLinkToken, paymentLinkTokenHash } from "~/modules/payments/payment-links.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { quoteEmail } from "./quote-email.server";
import { formatQuoteDay, QUOTE_CLOSED } from "./quote-words";
import { addDays, QUOTE_LIMITS, quoteDeposit, quoteLinesOf, quoteState, quoteTotal, type QuoteLine, type QuoteState } from "./quote-lines";
import type { WriteQuoteInput } from "./quote.schema";

/**
 * Quotes for custom requests (issue 46, part 4; docs/decisions/042): staff write one from a
 * request, the customer opens it by the emailed link. The token is the payment links' kind (32
 * random bytes, only its SHA-256 kept). Accepting is accept-quote.server.ts.
 */

export class QuoteRefusedError extends Error {
  override name = "QuoteRefusedError";
}

export const currencyOf = (code: string) => (code in currencySymbols ? code : "GHS") as CurrencyCode;

export const quoteUrl = (origin: string, token: string) => `${origin}/quote/${token}`;

export interface WrittenQuote {
  version: number;
  url: string;
  total: number;
  deposit: number;
  /** The version this one replaced (superseded), if any. */
  replaced: number | null;
}

/**
 * Writes a quote for a request and emails it, in one transaction with the request's row locked:
 * the request's open quote (if any) becomes superseded, keeping its row; the new one takes the
 * next version; the request reads "quoted". Refused once a quote of the request was accepted
 * (its order is the one to change), for a deposit that leaves nothing for later, and for a last
 * day in the past or more than 90 days ahead.
 */
export async function writeQuote(
  db: Db,
  input: WriteQuoteInput,
  context: { by: { name: string }; origin: string; storeName: string; now?: Date },
): Promise<WrittenQuote> {
  const now = context.now ?? new Date();
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(customRequests).where(eq(customRequests.reference, input.reference)).for("update");
    if (!request) throw new CustomRequestNotFoundError();
    const settings = await getStoreSettings(tx);
    if (settings.currency !== "GHS")
      throw new QuoteRefusedError(
        "Quotes are paid by payment link, which takes cedi only (Paystack Ghana): the store's currency is not GHS.",
      );
    const today = localDay(settings.timezone, now);
    if (input.validUntil < today) throw new QuoteRefusedError("The last day the quote holds is in the past. Choose a later day.");
    if (input.validUntil > addDays(today, QUOTE_LIMITS.validDays))
      throw new QuoteRefusedError(`A quote holds for at most ${QUOTE_LIMITS.validDays} days. Choose an earlier day.`);
    const deposit = quoteDeposit(input.lines, input.deposit);
    if (deposit.problem !== null) throw new QuoteRefusedError(deposit.problem);

    const [accepted] = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(quotes)
      .leftJoin(orders, eq(orders.id, quotes.orderId))
      .where(and(eq(quotes.requestId, request.id), eq(quotes.status, "accepted")));
    if (accepted)
      throw new QuoteRefusedError(
        `The customer accepted a quote already${accepted.orderNumber ? ` (order ${accepted.orderNumber})` : ""}: change that order instead.`,
      );
    const superseded = await tx
      .update(quotes)
      .set({ status: "superseded", supersededAt: now })
      .where(and(eq(quotes.requestId, request.id), eq(quotes.status, "open")))
      .returning({ version: quotes.version });
    const [last] = await tx
      .select({ version: max(quotes.version) })
      .from(quotes)
      .where(eq(quotes.requestId, request.id));
    const version = (last?.version ?? 0) + 1;
    const token = newPaymentLinkToken();
    const total = quoteTotal(input.lines);
    await tx.insert(quotes).values({
      requestId: request.id,
      version,
      lines: input.lines,
      totalAmount: total,
      depositKind: input.deposit.kind,
      depositValue: input.deposit.value,
      depositAmount: deposit.deposit,
      currency: settings.currency,
      validUntil: input.validUntil,
      message: input.message,
      tokenHash: paymentLinkTokenHash(token),
      emailedTo: request.email,
      createdBy: context.by.name,
      createdAt: now,
    });
    await tx.update(customRequests).set({ status: "quoted", updatedAt: now }).where(eq(customRequests.id, request.id));
    const url = quoteUrl(context.origin, token);
    await queueEmail(
      tx,
      quoteEmail({
        storeName: context.storeName,
        customerName: request.name,
        customerEmail: request.email,
        reference: request.reference,
        version,
        garmentType: request.garmentType,
        currency: currencyOf(settings.currency),
        lines: input.lines,
        total,
        deposit: deposit.deposit,
        validUntil: formatQuoteDay(input.validUntil),
        message: input.message,
        url,
      }),
    );
    return { version, url, total, deposit: deposit.deposit, replaced: superseded[0]?.version ?? null };
  });
}

/** A quote as staff see it in the request's dialog (never its token: it is not kept). */
export interface AdminQuote {
  version: number;
  state: QuoteState;
  lines: QuoteLine[];
  total: number;
  deposit: number;
  depositKind: "percent" | "amount";
  depositValue: number;
  currency: CurrencyCode;
  validUntil: string;
  message: string | null;
  createdBy: string;
  createdAt: string;
  acceptedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  supersededAt: string | null;
  order: { id: string; number: string; paymentStatus: string; status: string } | null;
}

/** A request's quotes, newest first, with their state today and the order an accepted one became. */
export async function quotesOfRequest(db: Db, reference: string, now = new Date()): Promise<AdminQuote[]> {
  const [rows, settings] = await Promise.all([
    db
      .select({ quote: quotes, orderNumber: orders.orderNumber, paymentStatus: orders.paymentStatus, orderStatus: orders.orderStatus })
      .from(quotes)
      .innerJoin(customRequests, eq(customRequests.id, quotes.requestId))
      .leftJoin(orders, eq(orders.id, quotes.orderId))
      .where(eq(customRequests.reference, reference))
      .orderBy(desc(quotes.version)),
    getStoreSettings(db),
  ]);
  const today = localDay(settings.timezone, now);
  return rows.map(({ quote: q, orderNumber, paymentStatus, orderStatus }) => ({
    version: q.version,
    state: quoteState(q, today),
    lines: quoteLinesOf(q.lines),
    total: q.totalAmount,
    deposit: q.depositAmount,
    depositKind: q.depositKind as "percent" | "amount",
    depositValue: q.depositValue,
    currency: currencyOf(q.currency),
    validUntil: q.validUntil,
    message: q.message,
    createdBy: q.createdBy,
    createdAt: q.createdAt.toISOString(),
    acceptedAt: q.acceptedAt?.toISOString() ?? null,
    declinedAt: q.declinedAt?.toISOString() ?? null,
    declineReason: q.declineReason,
    supersededAt: q.supersededAt?.toISOString() ?? null,
    order:
      q.orderId && orderNumber
        ? { id: q.orderId, number: orderNumber, paymentStatus: paymentStatus ?? "pending", status: orderStatus ?? "processing" }
        : null,
  }));
}

/** What the customer's page shows: the quote its token opens, or nothing for a token no quote has. */
export type QuoteView = { state: "unknown" } | { state: QuoteState; quote: CustomerQuote };

export interface CustomerQuote {
  reference: string;
  version: number;
  customerName: string;
  garmentType: string;
  lines: QuoteLine[];
  total: number;
  deposit: number;
  currency: CurrencyCode;
  productionDays: number;
  validUntil: string;
  message: string | null;
  createdAt: string;
  declinedAt: string | null;
  /** The order an accepted quote became (the customer's own; its page is theirs to open). */
  orderId: string | null;
}

type QuoteRow = typeof quotes.$inferSelect;
type RequestRow = typeof customRequests.$inferSelect;

/** The quote a token opens and its request; locked (quote first) when `forUpdate`, inside a transaction. */
export async function quoteByToken(db: Db, token: string, forUpdate = false): Promise<{ quote: QuoteRow; request: RequestRow } | null> {
  if (!isPaymentLinkToken(token)) return null;
  const query = db
    .select()
    .from(quotes)
    .where(eq(quotes.tokenHash, paymentLinkTokenHash(token)));
  const [quote] = await (forUpdate ? query.for("update") : query);
  if (!quote) return null;
  const requestQuery = db.select().from(customRequests).where(eq(customRequests.id, quote.requestId));
  const [request] = await (forUpdate ? requestQuery.for("update") : requestQuery);
  return request ? { quote, request } : null;
}

export async function quoteView(db: Db, token: string, now = new Date()): Promise<QuoteView> {
  const found = await quoteByToken(db, token);
  if (!found) return { state: "unknown" };
  const { quote, request } = found;
  const settings = await getStoreSettings(db);
  const lines = quoteLinesOf(quote.lines);
  return {
    state: quoteState(quote, localDay(settings.timezone, now)),
    quote: {
      reference: request.reference,
      version: quote.version,
      customerName: request.name,
      garmentType: request.garmentType,
      lines,
      total: quote.totalAmount,
      deposit: quote.depositAmount,
      currency: currencyOf(quote.currency),
      productionDays: lines.reduce((most, l) => Math.max(most, l.productionDays), 0),
      validUntil: quote.validUntil,
      message: quote.message,
      createdAt: quote.createdAt.toISOString(),
      declinedAt: quote.declinedAt?.toISOString() ?? null,
      orderId: quote.orderId,
    },
  };
}

/**
 * The customer declines an open quote (with an optional reason), with its row locked: the quote
 * keeps the day and the reason, and the request reads "declined" (staff may still revise it).
 */
export async function declineQuote(
  db: Db,
  token: string,
  reason: string | null,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const found = await quoteByToken(tx, token, true);
    if (!found) return { ok: false, message: QUOTE_CLOSED.unknown };
    const settings = await getStoreSettings(tx);
    const state = quoteState(found.quote, localDay(settings.timezone, now));
    if (state === "accepted") return { ok: false, message: "You accepted this quote already: it is an order now." };
    if (state !== "open") return { ok: false, message: QUOTE_CLOSED[state] };
    await tx.update(quotes).set({ status: "declined", declinedAt: now, declineReason: reason }).where(eq(quotes.id, found.quote.id));
    await tx
      .update(customRequests)
      .set({ status: "declined", updatedAt: sql`now()` })
      .where(eq(customRequests.id, found.request.id));
    return { ok: true };
  });
}
