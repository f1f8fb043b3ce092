import { inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { products } from "~db/schema/catalog";
import { formatMoney, type CurrencyCode } from "~/lib/money";
import type { DiscountPreviewResult } from "./applied-code";
import { checkCode, termsOf, type CodeShopper } from "./discount-codes.server";
import { coversLine, describeDiscount, refusalMessage, type DiscountLine } from "./discount-terms";
import type { DiscountPreviewInput } from "./discount-preview.schema";

/**
 * The cart's and checkout's preview of a code (POST /api/discount-code, rate-limited by the
 * route): the cart's lines priced from the catalog (a made-to-measure line with its surcharge),
 * the code checked as placeOrder checks it but without a lock, and what the browser keeps.
 * Products no longer sold are left out, as checkout would refuse them anyway.
 */
export async function previewDiscountCode(
  db: Db,
  input: DiscountPreviewInput,
  shopper: Omit<CodeShopper, "email">,
  currency: CurrencyCode,
): Promise<DiscountPreviewResult> {
  const money = (pesewas: number) => formatMoney(pesewas, currency);
  const ids = [...new Set(input.items.map((item) => item.productId))];
  const rows = await db
    .select({
      id: products.id,
      price: products.price,
      originalPrice: products.originalPrice,
      categoryId: products.categoryId,
      isActive: products.isActive,
      surcharge: products.madeToMeasureSurcharge,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.filter((row) => row.isActive).map((row) => [row.id, row]));
  const lines: DiscountLine[] = input.items.flatMap((item) => {
    const product = byId.get(item.productId);
    if (!product) return [];
    return [
      {
        productId: product.id,
        categoryId: product.categoryId,
        unitPrice: Number(product.price) + (item.madeToMeasure ? Number(product.surcharge) : 0),
        quantity: item.quantity,
        onSale: product.originalPrice !== null && Number(product.originalPrice) > Number(product.price),
      },
    ];
  });
  const checked = await checkCode(db, input.code, lines, { ...shopper, email: input.email });
  if (!checked.ok) return { ok: false, message: refusalMessage(checked.refusal, money) };
  const { code } = checked;
  const terms = termsOf(code);
  return {
    ok: true,
    applied: {
      code: code.code,
      kind: terms.kind,
      value: code.value,
      minimumSubtotal: code.minimumSubtotal,
      description: describeDiscount(terms.kind, code.value, money),
      checkedProductIds: ids,
      coveredProductIds: [...new Set(lines.filter((line) => coversLine(terms, line)).map((line) => line.productId))],
    },
  };
}
