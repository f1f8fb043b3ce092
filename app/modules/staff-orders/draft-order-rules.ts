import { z } from "zod";
import type { draftOrders } from "~db/schema/staff-orders";

type Draft = Pick<
  typeof draftOrders.$inferSelect,
  "customerName" | "customerEmail" | "customerPhone" | "customerAddress" | "delivery" | "discountAmount" | "discountReason"
>;

const email = z.email();

/**
 * What a draft's customer and delivery still lack before it can be an order (pricing problems
 * are pricedDraft's): every order has a name, an email (links, receipts and tracking go there)
 * and a phone, and a delivered one an address.
 */
export function draftOrderProblems(draft: Draft): string[] {
  const problems: string[] = [];
  if (!draft.customerName.trim()) problems.push("Enter the customer's name.");
  if (!email.safeParse(draft.customerEmail.trim()).success)
    problems.push("Enter the customer's email: the order, links and receipts are sent there.");
  if (!draft.customerPhone.trim()) problems.push("Enter the customer's phone or WhatsApp number.");
  if (draft.delivery === "ship" && !draft.customerAddress.trim())
    problems.push("Enter the delivery address, or choose collection from the showroom.");
  return problems;
}
