import { data } from "react-router";
import { OrderDocument, type OrderDocumentData } from "~/components/admin/orders/print/order-document";
import { privatePageHeaders } from "~/lib/cache-control";
import { requireStaffPage } from "~/modules/auth/session.server";
import { paymentMethods } from "~/modules/orders/order-constants";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { getAdminOrderDetails } from "~/modules/orders/order-list.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { destinationName } from "~/modules/shipping/areas";
import { invoiceTaxOf } from "~/modules/taxes/invoice-tax";
import { orderTaxSnapshot } from "~/modules/taxes/tax-settings.server";
import type { Route } from "./+types/order-document";

// Someone's order, for staff: never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

const titles = { invoice: "Invoice", "packing-slip": "Packing slip" } as const;

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${titles[d.kind]} ${d.order.orderNumber} | ${d.shop.name}` : "Order not found" },
  { name: "robots", content: "noindex" },
];

/**
 * /admin/orders/:orderId/invoice and /admin/orders/:orderId/packing-slip: an order as a page to
 * print (opened from the order's details in a new tab). Admins only: a customer is sent home, a
 * visitor to sign in. The shop's name, address and contact come from Settings, dates are in the
 * store's time zone, money in the order's currency. The tax lines, TIN and zero rating come
 * from what the order kept when it was placed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/orders/:orderId/:document");
  const kind = params.document;
  if (kind !== "invoice" && kind !== "packing-slip") throw data("Not found", { status: 404 });
  const db = context.database.db;
  const [order, settings] = await Promise.all([
    getAdminOrderDetails(db, params.orderId).catch((e: unknown) => (e instanceof OrderNotFoundError ? null : Promise.reject(e))),
    getStoreSettings(db),
  ]);
  if (!order) throw data("Order not found", { status: 404 });
  // The taxes the order kept when placed, never today's (decision 045).
  const tax = invoiceTaxOf(await orderTaxSnapshot(db, order.id), order.totalAmount);
  return data(
    {
      kind,
      printedAt: new Date().toISOString(),
      timeZone: settings.timezone,
      shop: {
        name: settings.storeName,
        addressLines: settings.contactAddress.split("\n").filter(Boolean),
        phone: settings.contactPhone,
        email: settings.contactEmail,
      },
      tax,
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        createdAt: order.createdAt,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        customerPhone: order.customerPhone,
        customerAddress: order.customerAddress,
        country: destinationName(order.customerCountry, order.customerRegion),
        delivery: order.shippingZone
          ? [`${order.shippingZone} zone`, order.deliveryEstimate].filter(Boolean).join(" · ")
          : order.deliveryEstimate,
        notes: order.notes,
        currency: order.currency,
        subtotalAmount: order.subtotalAmount,
        discountAmount: order.discountAmount,
        discountCode: order.discountCode,
        discountCodeKind: order.discountCodeKind,
        shippingAmount: order.shippingAmount,
        totalAmount: order.totalAmount,
        paidAmount: order.balance.paid,
        balanceDue: order.balance.owed,
        paymentMethod: paymentMethods.find((m) => m.value === order.paymentMethod)?.label ?? order.paymentMethod,
        paymentStatus: order.paymentStatus,
        orderStatus: order.orderStatus,
        shipment: order.shipment && { carrier: order.shipment.carrier, trackingNumber: order.shipment.trackingNumber },
        items: order.items.map(({ id, name, size, color, madeToMeasure, quantity, unitPrice, lineTotal }) => ({
          id,
          name,
          size,
          color,
          madeToMeasure: madeToMeasure && { measurements: madeToMeasure.measurements, days: madeToMeasure.days },
          quantity,
          unitPrice,
          lineTotal,
        })),
      },
    } satisfies OrderDocumentData,
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OrderDocumentPage({ loaderData }: Route.ComponentProps) {
  return <OrderDocument doc={loaderData} />;
}
