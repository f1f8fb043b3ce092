import { money } from "~/components/admin/admin-format";
import { ExternalLink, FileText, Package, PencilLine } from "lucide";
import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { DetailsField } from "~/components/admin/list/details-dialog";
import { Button } from "~/components/ui/button";
import type { AdminOrderDetails } from "~/modules/orders/order-types";
import { ShipmentForm } from "./shipment-form";

const box = "rounded-md border border-border bg-white p-4";

/**
 * The order's shipping in its details: the packing slip and invoice (printable pages, in a new
 * tab), then the carrier and tracking once shipped (with Edit), or the form that marks the
 * order shipped with them.
 */
export function OrderFulfilment({ order, canFulfil = true }: { order: AdminOrderDetails; canFulfil?: boolean }) {
  const [editing, setEditing] = useState(false);
  const shipped = order.orderStatus === "shipped" || order.orderStatus === "delivered";
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={`/admin/orders/${order.id}/packing-slip`} target="_blank" rel="noopener">
            <Icon of={Package} /> Packing slip <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={`/admin/orders/${order.id}/invoice`} target="_blank" rel="noopener">
            <Icon of={FileText} /> Invoice <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </div>
      {shipped && order.shipment && !editing ? (
        <div className={box}>
          <dl className="grid gap-3 sm:grid-cols-2">
            <DetailsField label="Carrier">{order.shipment.carrier}</DetailsField>
            <DetailsField label="Tracking number">
              <span className="font-mono">{order.shipment.trackingNumber ?? "None"}</span>
            </DetailsField>
            {order.shipment.trackingUrl && (
              <DetailsField label="Tracking link" className="sm:col-span-2">
                <a
                  href={order.shipment.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-1 break-all text-forest underline-offset-4 hover:underline"
                >
                  {order.shipment.trackingUrl}
                  <Icon of={ExternalLink} className="size-3.5 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </DetailsField>
            )}
          </dl>
          {canFulfil && (
            <Button type="button" variant="ghost" size="sm" className="mt-3 -ml-3" onClick={() => setEditing(true)}>
              <Icon of={PencilLine} /> Edit tracking
            </Button>
          )}
        </div>
      ) : !canFulfil ? (
        <p className="text-sm text-stone">{shipped ? "Shipped without tracking." : "Not shipped yet."}</p>
      ) : shipped ? (
        <div className={box}>
          <p className="mb-4 text-sm text-stone">
            {order.shipment
              ? "Correct the carrier or tracking. The customer is not emailed again; their tracking page shows the change at once."
              : "This order was marked shipped without tracking. Add it here: the customer's tracking page shows it at once (no email)."}
          </p>
          <ShipmentForm orderId={order.id} intent="tracking" current={order.shipment} onDone={() => setEditing(false)} />
        </div>
      ) : order.orderStatus === "cancelled" ? (
        <p className="text-sm text-stone">This order is cancelled. Change its status in the list to ship it.</p>
      ) : (
        <div className={box}>
          <p className="mb-4 text-sm text-stone">
            Mark the order shipped with its tracking: the customer&apos;s shipped email, tracking page and order page show them.
          </p>
          <ShipmentForm
            orderId={order.id}
            intent="ship"
            current={null}
            balanceDue={order.balance.blocksShipping ? money(order.balance.owed, order.currency) : null}
          />
        </div>
      )}
    </div>
  );
}
