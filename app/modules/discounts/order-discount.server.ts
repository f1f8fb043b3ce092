import type { Db } from "~db/client";
import { formatMoney } from "~/lib/money";
import { OrderRefusedError } from "~/modules/orders/order-errors";
import { orderTotals, type ShippingRate } from "~/modules/pricing/order-totals";
import { checkCode, recordCodeUse } from "./discount-codes.server";
import { refusalMessage, type DiscountLine } from "./discount-terms";

/**
 * A discount code in placeOrder's transaction (issue 47, docs/decisions/044): checked again with
 * its row locked, so the uses it counts hold until this order's use is written; what it takes
 * off is the server's (discountFor through orderTotals), whatever the browser showed; a code
 * that stopped applying since the preview refuses the order with the reason, and the cart stays.
 */

/** What the order keeps of its code, and what it takes off. */
export interface OrderCode {
  codeId: number;
  code: string;
  kind: string;
  value: number;
  /** Pesewas off the pieces. */
  discount: number;
  freeShipping: boolean;
  /** The discount's share of each line, in the lines' order. */
  perLine: number[];
  /** What the shopper saves: the discount, or the shipping fee waived. */
  saving: number;
}

/** A priced catalog line as the code reads it (placeOrder's lines). */
interface CatalogLineForCode {
  product: { id: number; categoryId: number | null; price: unknown; originalPrice: unknown };
  unitPrice: number;
  quantity: number;
}

/** A piece is on sale when the catalog shows it with a struck-through compare-at price above its price. */
export function discountLinesOf(lines: readonly CatalogLineForCode[]): DiscountLine[] {
  return lines.map((l) => ({
    productId: l.product.id,
    categoryId: l.product.categoryId,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    onSale: l.product.originalPrice !== null && Number(l.product.originalPrice) > Number(l.product.price),
  }));
}

export async function codeForOrder(
  tx: Db,
  text: string,
  lines: readonly CatalogLineForCode[],
  zone: ShippingRate,
  input: { email: string },
  context: { userId: string | null; accountEmail?: string | null },
): Promise<OrderCode> {
  const checked = await checkCode(
    tx,
    text,
    discountLinesOf(lines),
    { email: input.email, userId: context.userId, accountEmail: context.accountEmail ?? null },
    { lock: true },
  );
  if (!checked.ok)
    throw new OrderRefusedError(
      refusalMessage(checked.refusal, (p) => formatMoney(p)),
      "discount",
    );
  const { code, applied } = checked;
  const saving = applied.freeShipping ? orderTotals(lines, zone).shipping : applied.discount;
  return {
    codeId: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    discount: applied.discount,
    freeShipping: applied.freeShipping,
    perLine: applied.perLine,
    saving,
  };
}

/** The order's columns of its code (the snapshot later edits to the code never change). */
export function orderCodeColumns(code: OrderCode | null) {
  if (!code) return {};
  return {
    discountCodeId: code.codeId,
    discountCode: code.code,
    discountCodeKind: code.kind,
    discountCodeValue: code.value,
    discountCodeSaving: code.saving,
  };
}

export async function keepCodeUse(tx: Db, code: OrderCode, orderId: string, email: string, userId: string | null): Promise<void> {
  await recordCodeUse(tx, { codeId: code.codeId, orderId, email, userId });
}
