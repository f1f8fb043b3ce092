import { formatDate } from "~/lib/dates";
import type { QuoteState } from "./quote-lines";

/** What the customer reads about a quote, shared by the server and the quote's page. */

/** "2026-12-17" → "17 Dec 2026" (a calendar day, no timezone to apply). */
export const formatQuoteDay = (day: string) => formatDate(new Date(`${day}T12:00:00Z`), "UTC");

/** Why a quote takes no answer, in the customer's words. */
export const QUOTE_CLOSED: Record<Exclude<QuoteState, "open" | "accepted"> | "unknown", string> = {
  unknown: "This quote link is not valid. Please check it was copied in full, or contact us and we will send it again.",
  expired: "This quote has expired. Please contact us and we will gladly send you a new one.",
  declined: "You declined this quote. If you have changed your mind, contact us and we will send you a new one.",
  superseded: "This quote was replaced by a newer one, which we sent you by email. Please open the newest quote.",
};
