import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { quoteProductionDays, type QuoteLine } from "./quote-lines";

export interface QuoteEmailData {
  storeName: string;
  customerName: string;
  customerEmail: string;
  reference: string;
  version: number;
  garmentType: string;
  currency: CurrencyCode;
  lines: QuoteLine[];
  total: number;
  deposit: number;
  /** "17 December 2026". */
  validUntil: string;
  message: string | null;
  url: string;
}

/** The customer's quote (issue 46, part 4): the pieces, the total, the deposit, how long it holds, and the link to accept it. */
export function quoteEmail(data: QuoteEmailData): OutgoingEmail {
  const money = (pesewas: number) => formatMoney(pesewas, data.currency);
  const days = quoteProductionDays(data.lines);
  const revised = data.version > 1;
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `Your ${revised ? "revised " : ""}quote for ${data.reference}: ${formatMoneyWithCode(data.total, data.currency)}, valid until ${data.validUntil}`,
    heading: revised ? "Your revised quote" : "Your quote is ready",
    paragraphs: [
      `Dear ${data.customerName.split(" ")[0] || data.customerName},`,
      `Thank you for your request ${data.reference} for a bespoke ${data.garmentType.toLowerCase()}. Here is our ${revised ? "revised " : ""}quote.${revised ? " It replaces the one we sent before." : ""}`,
      ...(data.message ? [data.message] : []),
    ],
    summary: {
      lines: data.lines.map((l) => ({
        name: l.description,
        detail: `${l.quantity} × ${money(l.unitPrice)} · about ${l.productionDays} days to make`,
        amount: money(l.unitPrice * l.quantity),
      })),
      totals: [
        { label: "Total", amount: money(data.total) },
        { label: "Deposit to begin", amount: money(data.deposit) },
        { label: "Balance when it is ready", amount: money(data.total - data.deposit) },
      ],
    },
    closing: [
      `Your pieces take about ${days} days to make from your deposit, and are collected from our showroom (or delivered, as agreed in the quote). This quote holds until ${data.validUntil}. Accept it with the button below and pay the deposit by card or mobile money: no account is needed.`,
    ],
    button: { label: "See and accept your quote", url: data.url },
    footer: `You are receiving this email because you asked ${data.storeName} for a custom garment. Never share this link: it opens your quote only.`,
  });
  return {
    to: data.customerEmail,
    subject: `Your ${revised ? "revised " : ""}quote for ${data.reference} — ${data.storeName}`,
    html,
    text,
    kind: "quote",
  };
}
