import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { queueEmail, type OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import type { RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { variantLabel } from "./variants";

/**
 * "Tell me when it is back" (docs/product-rules.md §13 "Bringing shoppers back"): a shopper leaves an address on a
 * sold-out colour × size; once that variant has stock again (a staff edit, a stock file, a
 * cancelled order's stock returned: whatever put it back), each address waiting for it gets ONE
 * email linking to the product. The round claims the waiting requests whose variant is in stock
 * (`FOR UPDATE SKIP LOCKED`) and marks them notified in the transaction that queues their emails.
 */
export const BACK_IN_STOCK_RULES = {
  /** Sign-ups per client address (any product, any email). */
  perAddress: { limit: 10, windowMs: 60 * 60_000 } satisfies RateLimitRule,
  /** Emails queued per round at most. */
  batch: 50,
} as const;

export type BackInStockSignup = { outcome: "waiting"; label: string } | { outcome: "in-stock"; label: string } | { outcome: "unknown" };

/**
 * Keeps the address for the product's colour × size while it is sold out. Signing up again
 * (any letter case) before the email went changes nothing; the answer is the same, so the form
 * tells nobody who else is waiting.
 */
export async function requestBackInStock(
  db: Db,
  input: { productId: number; color: string; size: string; email: string },
): Promise<BackInStockSignup> {
  const [variant] = await queryRows<{ id: number; stock: number }>(
    db,
    sql`select v.id, v.stock from product_variants v join products p on p.id = v.product_id and p.is_active
        where v.product_id = ${input.productId} and v.color = ${input.color} and v.size = ${input.size}`,
  );
  if (!variant) return { outcome: "unknown" };
  const label = variantLabel(input.color, input.size);
  if (Number(variant.stock) > 0) return { outcome: "in-stock", label };
  await db.execute(
    sql`insert into back_in_stock_requests (product_id, variant_id, email)
        values (${input.productId}, ${variant.id}, ${input.email.trim()})
        on conflict (variant_id, lower(email)) where notified_at is null do nothing`,
  );
  return { outcome: "waiting", label };
}

export function backInStockEmail(options: {
  to: string;
  storeName: string;
  productName: string;
  label: string;
  url: string;
}): OutgoingEmail {
  const { storeName, productName, label, url } = options;
  const { html, text } = renderEmail({
    storeName,
    preheader: `${productName} in ${label} is back in stock.`,
    heading: "It is back",
    paragraphs: [
      `${productName} in ${label}, which you asked us to watch for, is back in stock.`,
      "Pieces are made in small runs and sizes go quickly; it is held for nobody until it is in a cart and ordered.",
    ],
    button: { label: `See ${productName}`, url },
    footer: `You receive this one email because you asked ${storeName} to tell you when ${productName} in ${label} was back. We will not write about it again.`,
  });
  return { to: options.to, subject: `Back in stock: ${productName} (${label})`, html, text, kind: "back-in-stock" };
}

/** One round: emails every waiting address whose variant has stock again (at most a batch). Returns how many. */
export async function sendBackInStockEmails(db: Db, context: { origin: string }): Promise<number> {
  const { storeName } = await getStoreSettings(db);
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ email: string; product_id: number; name: string; color: string; size: string }>(
      tx,
      sql`with due as (
            select r.id from back_in_stock_requests r
            join product_variants v on v.id = r.variant_id and v.stock > 0
            join products p on p.id = r.product_id and p.is_active
            where r.notified_at is null
            order by r.id
            limit ${BACK_IN_STOCK_RULES.batch}
            for update of r skip locked)
          update back_in_stock_requests r set notified_at = now()
          from due, product_variants v, products p
          where r.id = due.id and v.id = r.variant_id and p.id = r.product_id
          returning r.email, r.product_id, p.name, v.color, v.size`,
    );
    for (const row of claimed) {
      await queueEmail(
        tx,
        backInStockEmail({
          to: row.email,
          storeName,
          productName: row.name,
          label: variantLabel(row.color, row.size),
          url: `${context.origin}/product/${row.product_id}`,
        }),
      );
    }
    return claimed.length;
  });
}
