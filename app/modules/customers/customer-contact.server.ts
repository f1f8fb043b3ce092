import { desc, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";

/** What a form may fill in for a signed-in customer: their name, email and phone. */
export interface CustomerContact {
  name: string;
  email: string;
  phone: string;
}

/**
 * The signed-in customer's contact details for the custom request form: the email of the
 * account, and the name and phone from their newest order (what they last gave us). Without an
 * order the account's name, unless it is only the part of the email before the @ (sign-up asks
 * for no name, auth-actions.server.ts), which would be no name to fill in.
 */
export async function customerContact(db: Db, viewer: { id: string; email: string; name: string }): Promise<CustomerContact> {
  const [latest] = await db
    .select({ name: orders.customerName, phone: orders.customerPhone })
    .from(orders)
    .where(eq(orders.userId, viewer.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  const accountName = viewer.name.trim() === (viewer.email.split("@")[0] ?? "") ? "" : viewer.name.trim();
  return { name: latest?.name ?? accountName, email: viewer.email, phone: latest?.phone ?? "" };
}
