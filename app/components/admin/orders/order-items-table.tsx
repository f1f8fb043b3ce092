import { MadeToMeasureLine } from "~/components/measurements/made-to-measure-line";
import { money } from "~/components/admin/admin-format";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { cn } from "~/lib/cn";
import type { AdminOrderDetails } from "~/modules/orders/order-types";
import { orderCodeLabels } from "~/modules/discounts/discount-terms";

const th = "px-3 py-2 text-left text-xs font-semibold tracking-[0.1em] text-stone uppercase whitespace-nowrap";
const td = "px-3 py-2.5 align-top";
/** Columns that phones fold into the item cell. */
const wide = "hidden sm:table-cell";

/**
 * The order's items as a table (docs/product-rules.md showed raw data; issue 5 asks for a readable table),
 * with subtotal, shipping and total. On phones colour, size, quantity and unit price fold
 * under the item name, so the line totals stay in view.
 */
export function OrderItemsTable({ order }: { order: AdminOrderDetails }) {
  const m = (amount: number) => money(amount, order.currency);
  const totalRow = (label: string, value: string, strong = false) => (
    <tr className={strong ? "bg-sand/40" : undefined}>
      <th scope="row" colSpan={5} className={cn(td, wide, "text-right", strong ? "font-semibold" : "font-medium text-stone")}>
        {label}
      </th>
      <th scope="row" className={cn(td, "text-right sm:hidden", strong ? "font-semibold" : "font-medium text-stone")}>
        {label}
      </th>
      <td className={cn(td, "text-right whitespace-nowrap tabular-nums", strong && "font-semibold")}>{value}</td>
    </tr>
  );
  return (
    <div className="relative overflow-x-auto rounded-md border border-border bg-white">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Items of order {order.orderNumber}</caption>
        <thead className="border-b border-border bg-sand/40">
          <tr>
            <th scope="col" className={th}>
              Item
            </th>
            <th scope="col" className={cn(th, wide)}>
              Colour
            </th>
            <th scope="col" className={cn(th, wide)}>
              Size
            </th>
            <th scope="col" className={cn(th, wide, "text-right")}>
              Qty
            </th>
            <th scope="col" className={cn(th, wide, "text-right")}>
              Unit price
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              Line total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border/70">
          {order.items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className={cn(td, "text-left font-medium")}>
                <div className="flex items-start gap-3">
                  {/* The piece's picture as ordered: the catalogue's, or the photo staff added to a custom piece. */}
                  {item.imageUrl && <ProductThumbnail base={item.imageUrl} width={40} className="h-[50px] w-10 shrink-0" />}
                  <div className="min-w-0">
                    {item.name}
                    {item.category && <span className="block text-xs font-normal text-stone">{item.category}</span>}
                    <span className="mt-0.5 block text-xs font-normal text-stone sm:hidden">
                      {[item.color, item.size && `Size ${item.size}`, `${item.quantity} × ${m(item.unitPrice)}`]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                    {item.madeToMeasure && (
                      <MadeToMeasureLine
                        line={item.madeToMeasure}
                        surcharge={item.madeToMeasure.surcharge > 0 ? m(item.madeToMeasure.surcharge) : null}
                        className="font-normal"
                      />
                    )}
                  </div>
                </div>
              </th>
              <td className={cn(td, wide)}>{item.color ?? "—"}</td>
              <td className={cn(td, wide)}>{item.madeToMeasure ? "Made to measure" : (item.size ?? "—")}</td>
              <td className={cn(td, wide, "text-right tabular-nums")}>{item.quantity}</td>
              <td className={cn(td, wide, "text-right whitespace-nowrap tabular-nums")}>{m(item.unitPrice)}</td>
              <td className={cn(td, "text-right font-semibold whitespace-nowrap tabular-nums")}>{m(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-border text-sm">
          {totalRow("Subtotal", m(order.subtotalAmount))}
          {order.discountAmount > 0 &&
            totalRow(
              order.discountCode
                ? orderCodeLabels(order).discountLabel
                : `Discount${order.discountReason ? ` (${order.discountReason})` : ""}`,
              `−${m(order.discountAmount)}`,
            )}
          {totalRow(
            orderCodeLabels(order).shippingLabel,
            order.shippingAmount === 0
              ? order.discountCodeKind === "free_shipping"
                ? `Free (saved ${m(order.discountCodeSaving)})`
                : "Free"
              : m(order.shippingAmount),
          )}
          {totalRow("Total", `${m(order.totalAmount)} ${order.currency}`, true)}
        </tfoot>
      </table>
    </div>
  );
}
