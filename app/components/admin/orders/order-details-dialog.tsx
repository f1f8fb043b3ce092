import type { ReactNode } from "react";
import { AdminStatusBadge } from "~/components/admin/admin-status-badge";
import { moneyWithCode } from "~/components/admin/admin-format";
import { formatDateTime } from "~/lib/dates";
import { countries } from "~/components/storefront/checkout/countries";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { AdminOrderDetails } from "~/modules/orders/order-types";
import { paymentMethods } from "~/modules/orders/order-constants";
import { OrderHistory } from "./order-history";
import { OrderItemsTable } from "./order-items-table";

const countryName = (code: string) => countries.find(([c]) => c === code)?.[1] ?? code;
const methodLabel = (method: string) => paymentMethods.find((m) => m.value === method)?.label ?? method;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-charcoal">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-7">
      <h3 className="mb-3 font-display text-xl font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The order details dialog (docs/product-rules.md): customer, order facts, items as a table with totals,
 * notes, and the status history with who changed what. `state` is "loading" while the
 * order is being fetched (the dialog opens at once), "missing" when there is no such order.
 */
export function OrderDetailsDialog({
  state,
  order,
  timeZone,
  onClose,
}: {
  state: "closed" | "loading" | "missing" | "shown";
  order: AdminOrderDetails | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={state !== "closed"} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl p-6 md:p-8" aria-describedby="order-details-description">
        {state === "shown" && order ? (
          <>
            <DialogTitle className="pr-10">Order {order.orderNumber}</DialogTitle>
            <DialogDescription id="order-details-description">
              Placed {formatDateTime(order.createdAt, timeZone)} ({timeZone}) · {moneyWithCode(order.totalAmount, order.currency)}
            </DialogDescription>
            <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-stone">Status</span> <AdminStatusBadge status={order.orderStatus} />
              <span className="ml-3 text-stone">Payment</span> <AdminStatusBadge kind="payment" status={order.paymentStatus} />
            </div>

            <div className="mt-6 grid gap-6 md:grid-cols-2">
              <section aria-labelledby="order-customer-heading" className="rounded-md border border-border bg-white p-4">
                <h3 id="order-customer-heading" className="mb-3 font-display text-xl font-semibold">
                  Customer
                </h3>
                <dl className="grid gap-3">
                  <Field label="Name">{order.customerName}</Field>
                  <Field label="Email">
                    <a className="text-forest underline-offset-4 hover:underline" href={`mailto:${order.customerEmail}`}>
                      {order.customerEmail}
                    </a>
                  </Field>
                  <Field label="Phone">
                    <a className="text-forest underline-offset-4 hover:underline" href={`tel:${order.customerPhone.replace(/\s+/g, "")}`}>
                      {order.customerPhone}
                    </a>
                  </Field>
                  <Field label="Address">
                    <span className="whitespace-pre-line">{order.customerAddress}</span>
                    {order.customerCountry && <span className="block">{countryName(order.customerCountry)}</span>}
                  </Field>
                </dl>
              </section>
              <section aria-labelledby="order-facts-heading" className="rounded-md border border-border bg-white p-4">
                <h3 id="order-facts-heading" className="mb-3 font-display text-xl font-semibold">
                  Order
                </h3>
                <dl className="grid gap-3">
                  <Field label="Order number">{order.orderNumber}</Field>
                  <Field label="Payment method">{methodLabel(order.paymentMethod)}</Field>
                  <Field label="Total">
                    <span className="font-semibold tabular-nums">{moneyWithCode(order.totalAmount, order.currency)}</span>
                  </Field>
                  <Field label="Date">{formatDateTime(order.createdAt, timeZone)}</Field>
                </dl>
              </section>
            </div>

            <Section title="Items">
              <OrderItemsTable order={order} />
            </Section>

            {order.notes && (
              <Section title="Notes">
                <p className="rounded-md border border-border bg-white p-4 text-sm whitespace-pre-line">{order.notes}</p>
              </Section>
            )}

            <Section title="Status history">
              <OrderHistory history={order.history} timeZone={timeZone} />
            </Section>
          </>
        ) : state === "missing" ? (
          <>
            <DialogTitle>Order not found</DialogTitle>
            <DialogDescription id="order-details-description" className="mt-2">
              This order does not exist. It may have been opened from an old link.
            </DialogDescription>
          </>
        ) : (
          <div aria-busy="true">
            <DialogTitle className="sr-only">Loading order details</DialogTitle>
            <DialogDescription id="order-details-description" className="sr-only">
              Loading order details...
            </DialogDescription>
            <div className="h-9 w-64 animate-pulse rounded-sm bg-sand" />
            <div className="mt-3 h-4 w-80 max-w-full animate-pulse rounded-sm bg-sand" />
            <div className="mt-8 grid gap-6 md:grid-cols-2">
              <div className="h-52 animate-pulse rounded-md bg-sand" />
              <div className="h-52 animate-pulse rounded-md bg-sand" />
            </div>
            <div className="mt-8 h-40 animate-pulse rounded-md bg-sand" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
