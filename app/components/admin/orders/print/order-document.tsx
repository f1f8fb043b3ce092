import { Icon } from "~/components/ui/icon";
import { MadeToMeasureLine } from "~/components/measurements/made-to-measure-line";
import type { Measurements } from "~/modules/measurements/measurements";
import { ArrowLeft, Printer } from "lucide";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { money, moneyWithCode } from "~/components/admin/admin-format";
import { statusLabel } from "~/components/admin/admin-status-badge";
import { Button } from "~/components/ui/button";
import { formatDate, formatDateTimeWithZone } from "~/lib/dates";
import type { InvoiceTax } from "~/modules/taxes/invoice-tax";
import { orderCodeLabels } from "~/modules/discounts/discount-terms";

/** What the packing slip and the invoice print: the order, the shop (Settings) and when it was printed. */
export interface OrderDocumentData {
  kind: "invoice" | "packing-slip";
  printedAt: string;
  timeZone: string;
  shop: { name: string; addressLines: string[]; phone: string; email: string };
  /** The tax inside the total, the TIN and the zero rating, as the order kept them; null: none to print. */
  tax: InvoiceTax | null;
  order: {
    id: string;
    orderNumber: string;
    createdAt: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string;
    customerAddress: string;
    /** "Greater Accra, Ghana" */
    country: string;
    /** "Greater Accra zone · 1–2 working days", or null on orders placed before zones. */
    delivery: string | null;
    notes: string | null;
    currency: string;
    subtotalAmount: number;
    /** Staff's discount (issue 46), 0 when none. */
    discountAmount: number;
    /** The discount code the shopper used (issue 47) and its kind; null without one. */
    discountCode: string | null;
    discountCodeKind: string | null;
    shippingAmount: number;
    totalAmount: number;
    /** Paid in parts (docs/decisions/041): what came in so far, and what is still owed. */
    paidAmount: number;
    balanceDue: number;
    paymentMethod: string;
    paymentStatus: string;
    orderStatus: string;
    shipment: { carrier: string; trackingNumber: string | null } | null;
    items: {
      id: number;
      name: string;
      size: string | null;
      color: string | null;
      /** Cut to the customer's measurements: the workshop reads them here. */
      madeToMeasure: { measurements: Measurements; days: number } | null;
      quantity: number;
      unitPrice: number;
      lineTotal: number;
    }[];
  };
}

const label = "text-[0.65rem] font-bold tracking-[0.2em] uppercase text-neutral-600";
const cell = "border-b border-neutral-300 py-2.5 align-top";

/**
 * A printable A4 page for staff: the packing slip (no prices, a box to tick per line, the
 * shipping address) or the invoice (unit prices, line totals, subtotal, shipping, total,
 * payment). Black on white; on screen a sheet with Print and Back above it, which the print
 * leaves out.
 */
export function OrderDocument({ doc }: { doc: OrderDocumentData }) {
  const { order, shop, timeZone, tax } = doc;
  const invoice = doc.kind === "invoice";
  const title = invoice ? "Invoice" : "Packing slip";
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <div className="min-h-screen bg-sand/60 py-6 print:min-h-0 print:bg-white print:py-0">
      {/* A4 with margins the printer keeps; the sheet below fills the printable width. */}
      <style>{"@page { size: A4; margin: 14mm; } @media print { html, body { background: #fff !important; } }"}</style>
      <nav aria-label="Document" className="mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-between gap-3 px-4 print:hidden">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/admin/orders?order=${order.id}`}>
            <Icon of={ArrowLeft} /> Back to order
          </Link>
        </Button>
        <Button type="button" size="sm" onClick={() => window.print()}>
          <Icon of={Printer} /> Print {title.toLowerCase()}
        </Button>
      </nav>
      <main className="mx-auto max-w-[210mm] bg-white px-5 py-8 text-[13px] leading-relaxed text-black shadow-sm sm:px-[14mm] sm:py-[14mm] print:max-w-none print:p-0 print:shadow-none">
        <div className="flex flex-wrap items-start justify-between gap-6 border-b-2 border-black pb-5">
          <div>
            <p className="font-display text-3xl font-semibold tracking-[0.18em] uppercase">{shop.name}</p>
            <address className="mt-2 text-xs leading-5 not-italic">
              {shop.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              <span className="block">
                {shop.phone} · {shop.email}
              </span>
              {tax?.tin && (
                <span className="mt-1 block">
                  TIN <span className="font-semibold tracking-wide">{tax.tin}</span>
                </span>
              )}
            </address>
          </div>
          <div className="sm:text-right">
            <h1 className="font-display text-4xl font-semibold">{title}</h1>
            <dl className="mt-2 grid grid-cols-[auto_auto] justify-start gap-x-4 text-xs leading-5 sm:justify-end">
              <dt className="text-neutral-600">Order</dt>
              <dd className="font-semibold">{order.orderNumber}</dd>
              <dt className="text-neutral-600">Order date</dt>
              <dd>
                <time dateTime={order.createdAt}>{formatDate(order.createdAt, timeZone)}</time>
              </dd>
              {invoice && (
                <>
                  <dt className="text-neutral-600">Invoice date</dt>
                  <dd>
                    <time dateTime={doc.printedAt}>{formatDate(doc.printedAt, timeZone)}</time>
                  </dd>
                </>
              )}
            </dl>
          </div>
        </div>

        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          <Block title={invoice ? "Billed to" : "Ship to"}>
            <p className="font-semibold">{order.customerName}</p>
            <p className="whitespace-pre-line">{order.customerAddress}</p>
            <p>{order.country}</p>
            {order.delivery && <p>Shipping: {order.delivery}</p>}
            <p className="mt-1">{order.customerPhone}</p>
            {invoice && <p>{order.customerEmail}</p>}
          </Block>
          {invoice ? (
            <Block title="Payment">
              <p>{order.paymentMethod}</p>
              <p>
                Status: <span className="font-semibold">{statusLabel(order.paymentStatus)}</span>
              </p>
              <p>Currency: {order.currency}</p>
            </Block>
          ) : (
            <Block title="Shipping">
              {order.shipment ? (
                <>
                  <p>{order.shipment.carrier}</p>
                  {order.shipment.trackingNumber && <p className="font-mono">{order.shipment.trackingNumber}</p>}
                </>
              ) : (
                <p>Carrier not yet chosen</p>
              )}
              {tax?.zeroRated && <p className="font-semibold">{tax.zeroRated}</p>}
              <p className="mt-1">
                {units} {units === 1 ? "piece" : "pieces"} in {order.items.length} {order.items.length === 1 ? "line" : "lines"}
              </p>
            </Block>
          )}
        </div>

        <table className="mt-8 w-full border-collapse text-left">
          <caption className="sr-only">
            Items of order {order.orderNumber}
            {invoice ? ", with prices in " + order.currency : ""}
          </caption>
          <thead>
            <tr className={label}>
              {!invoice && (
                <th scope="col" className="w-10 border-b-2 border-black py-2">
                  <span className="sr-only">Packed</span>
                  <span aria-hidden>✓</span>
                </th>
              )}
              <th scope="col" className="border-b-2 border-black py-2">
                Item
              </th>
              {!invoice && (
                <>
                  <th scope="col" className="border-b-2 border-black py-2">
                    Colour
                  </th>
                  <th scope="col" className="border-b-2 border-black py-2">
                    Size
                  </th>
                </>
              )}
              <th scope="col" className="border-b-2 border-black py-2 text-right">
                Qty
              </th>
              {invoice && (
                <>
                  <th scope="col" className="border-b-2 border-black py-2 pl-3 text-right">
                    Unit price
                  </th>
                  <th scope="col" className="border-b-2 border-black py-2 pl-3 text-right">
                    Amount
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                {!invoice && (
                  <td className={cell}>
                    <span className="mt-0.5 inline-block size-4 border border-black" aria-hidden />
                  </td>
                )}
                <td className={`${cell} pr-3`}>
                  <span className="font-semibold">{item.name}</span>
                  {invoice && (item.color || item.size) && (
                    <span className="block text-xs text-neutral-700">
                      {[item.color, item.size && `Size ${item.size}`].filter(Boolean).join(" · ")}
                    </span>
                  )}
                  {item.madeToMeasure && <MadeToMeasureLine line={item.madeToMeasure} className="text-neutral-800" />}
                </td>
                {!invoice && (
                  <>
                    <td className={`${cell} pr-3`}>{item.color ?? "—"}</td>
                    <td className={`${cell} pr-3`}>{item.madeToMeasure ? "Made to measure" : (item.size ?? "—")}</td>
                  </>
                )}
                <td className={`${cell} text-right tabular-nums`}>{item.quantity}</td>
                {invoice && (
                  <>
                    <td className={`${cell} pl-3 text-right whitespace-nowrap tabular-nums`}>{money(item.unitPrice, order.currency)}</td>
                    <td className={`${cell} pl-3 text-right whitespace-nowrap tabular-nums`}>{money(item.lineTotal, order.currency)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>

        {invoice ? (
          <dl className="mt-4 ml-auto grid max-w-72 grid-cols-[1fr_auto] gap-y-1 tabular-nums [&>dd]:pl-6">
            <dt>Subtotal</dt>
            <dd className="text-right">{money(order.subtotalAmount, order.currency)}</dd>
            {order.discountAmount > 0 && (
              <>
                <dt>{orderCodeLabels(order).discountLabel}</dt>
                <dd className="text-right">−{money(order.discountAmount, order.currency)}</dd>
              </>
            )}
            <dt>{orderCodeLabels(order).shippingLabel}</dt>
            <dd className="text-right">{order.shippingAmount === 0 ? "Free" : money(order.shippingAmount, order.currency)}</dd>
            <dt className="mt-1 border-t-2 border-black pt-2 font-bold">Total</dt>
            <dd className="mt-1 border-t-2 border-black pt-2 text-right font-bold whitespace-nowrap">
              {moneyWithCode(order.totalAmount, order.currency)}
            </dd>
            {tax && <TaxIncluded tax={tax} currency={order.currency} />}
            {order.balanceDue > 0 && order.paidAmount > 0 && (
              <>
                <dt>Paid</dt>
                <dd className="text-right">{money(order.paidAmount, order.currency)}</dd>
                <dt className="font-bold">Balance due</dt>
                <dd className="text-right font-bold whitespace-nowrap">{moneyWithCode(order.balanceDue, order.currency)}</dd>
              </>
            )}
          </dl>
        ) : (
          <p className="mt-3 text-right text-xs">
            Total pieces: <span className="font-semibold tabular-nums">{units}</span>
          </p>
        )}

        {order.notes && (
          <Block title="Customer's notes" className="mt-8">
            <p className="whitespace-pre-line">{order.notes}</p>
          </Block>
        )}
        {!invoice && (
          <div className="mt-10 grid grid-cols-2 gap-8 text-xs">
            <p className="border-t border-black pt-1.5">Packed by</p>
            <p className="border-t border-black pt-1.5">Checked by</p>
          </div>
        )}
        <p className="mt-10 border-t border-neutral-300 pt-3 text-center text-xs text-neutral-700">
          {invoice
            ? `${tax && tax.lines.length > 0 && !tax.zeroRated ? "Prices include tax, delivery included. " : ""}Thank you for choosing ${shop.name}. Questions about this invoice: ${shop.email}, ${shop.phone}.`
            : `Printed ${formatDateTimeWithZone(doc.printedAt, timeZone)}. Status when printed: ${statusLabel(order.orderStatus)}.`}
        </p>
      </main>
    </div>
  );
}

/** Under the total: the tax it holds, line by line, and the net (decision 045), or its zero rating. */
function TaxIncluded({ tax, currency }: { tax: InvoiceTax; currency: string }) {
  if (tax.zeroRated)
    return (
      <>
        <dt className="pt-2 text-xs text-neutral-700">{tax.zeroRated}</dt>
        <dd className="pt-2 text-right text-xs text-neutral-700">{money(0, currency)} tax</dd>
      </>
    );
  if (tax.lines.length === 0) return null;
  return (
    <>
      <dt className="col-span-2 pt-2 text-[0.65rem] font-bold tracking-[0.2em] text-neutral-600 uppercase">Tax included</dt>
      {tax.lines.map((line) => (
        <div key={line.label} className="contents text-xs text-neutral-800">
          <dt>{line.label}</dt>
          <dd className="text-right">{money(line.amount, currency)}</dd>
        </div>
      ))}
      <dt className="text-xs text-neutral-800">Net of tax</dt>
      <dd className="text-right text-xs text-neutral-800">{money(tax.net, currency)}</dd>
    </>
  );
}

function Block({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className} aria-label={title}>
      <h2 className={`${label} mb-1.5`}>{title}</h2>
      <div className="text-[13px] leading-5">{children}</div>
    </section>
  );
}
