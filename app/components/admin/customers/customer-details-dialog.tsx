import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminStatusBadge } from "~/components/admin/admin-status-badge";
import { money, moneyWithCode } from "~/components/admin/admin-format";
import { formatDateTime } from "~/lib/dates";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import type { CustomerDetails } from "~/modules/customers/customers.server";

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-md border border-border bg-white p-3">
      <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-charcoal tabular-nums sm:text-lg">{children}</dd>
    </div>
  );
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-[0.1em] text-stone uppercase whitespace-nowrap";
const td = "px-3 py-2.5";

/**
 * The customer dialog (docs/product-rules.md): contact details, statistics (orders, spent, average, first
 * and last order) and the order history, for members and guests alike. Order numbers open
 * the order on the Orders page.
 */
export function CustomerDetailsDialog({
  state,
  customer,
  timeZone,
  onClose,
}: {
  state: "closed" | "loading" | "missing" | "shown";
  customer: CustomerDetails | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={state !== "closed"} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl p-6 md:p-8" aria-describedby="customer-details-description">
        {state === "shown" && customer ? (
          <>
            <DialogTitle className="pr-10">{customer.name}</DialogTitle>
            <DialogDescription id="customer-details-description">
              {customer.userId ? "Customer with a shop account" : "Guest customer (checked out without an account)"}
            </DialogDescription>

            <section aria-labelledby="customer-info-heading" className="mt-6">
              <h3 id="customer-info-heading" className="mb-3 font-display text-xl font-semibold">
                Contact
              </h3>
              <dl className="grid gap-x-6 gap-y-3 rounded-md border border-border bg-white p-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">Email</dt>
                  <dd className="mt-0.5 break-words">
                    <a className="text-forest underline-offset-4 hover:underline" href={`mailto:${customer.email}`}>
                      {customer.email}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">Phone</dt>
                  <dd className="mt-0.5">
                    <a className="text-forest underline-offset-4 hover:underline" href={`tel:${customer.phone.replace(/\s+/g, "")}`}>
                      {customer.phone}
                    </a>
                  </dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">Address</dt>
                  <dd className="mt-0.5 whitespace-pre-line">{customer.address}</dd>
                </div>
                {customer.account && (
                  <div className="sm:col-span-2">
                    <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">Account</dt>
                    <dd className="mt-0.5">
                      {customer.account.name ? `${customer.account.name} · ` : ""}
                      {customer.account.email}
                    </dd>
                  </div>
                )}
              </dl>
              <p className="mt-2 text-xs text-stone">Contact details from the newest order.</p>
            </section>

            <section aria-labelledby="customer-stats-heading" className="mt-7">
              <h3 id="customer-stats-heading" className="mb-3 font-display text-xl font-semibold">
                Statistics
              </h3>
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
                <Stat label="Total orders">{customer.totalOrders}</Stat>
                <Stat label="Total spent">{money(customer.totalSpent, customer.currency)}</Stat>
                <Stat label="Average order">{money(customer.averageOrder, customer.currency)}</Stat>
                <Stat label="First order">{formatDateTime(customer.firstOrderAt, timeZone)}</Stat>
                <Stat label="Last order">{formatDateTime(customer.lastOrderAt, timeZone)}</Stat>
                <Stat label="Cancelled">{customer.cancelledOrders}</Stat>
              </dl>
              <p className="mt-2 text-xs text-stone">
                Totals count orders that are not cancelled, in {customer.currency}
                {customer.otherCurrencyOrders > 0 ? `; ${customer.otherCurrencyOrders} in another currency are not added in` : ""}. Dates in{" "}
                {timeZone} time.
              </p>
            </section>

            <section aria-labelledby="customer-history-heading" className="mt-7">
              <h3 id="customer-history-heading" className="mb-3 font-display text-xl font-semibold">
                Order history
              </h3>
              <div className="relative overflow-x-auto rounded-md border border-border bg-white">
                <table className="w-full min-w-[34rem] border-collapse text-sm">
                  <caption className="sr-only">Orders of {customer.name}, newest first</caption>
                  <thead className="border-b border-border bg-sand/40">
                    <tr>
                      <th scope="col" className={th}>
                        Order #
                      </th>
                      <th scope="col" className={cn(th, "text-right")}>
                        Amount
                      </th>
                      <th scope="col" className={th}>
                        Status
                      </th>
                      <th scope="col" className={th}>
                        Payment
                      </th>
                      <th scope="col" className={th}>
                        Date
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border/70">
                    {customer.orders.map((order) => (
                      <tr key={order.id}>
                        <th scope="row" className={cn(td, "text-left font-semibold whitespace-nowrap")}>
                          <Link
                            to={`/admin/orders?q=${encodeURIComponent(order.orderNumber)}&order=${order.id}`}
                            className="text-forest underline-offset-4 hover:underline"
                          >
                            {order.orderNumber}
                          </Link>
                        </th>
                        <td className={cn(td, "text-right whitespace-nowrap tabular-nums")}>
                          {moneyWithCode(order.totalAmount, order.currency)}
                        </td>
                        <td className={td}>
                          <AdminStatusBadge status={order.orderStatus} />
                        </td>
                        <td className={td}>
                          <AdminStatusBadge kind="payment" status={order.paymentStatus} />
                        </td>
                        <td className={cn(td, "whitespace-nowrap tabular-nums")}>{formatDateTime(order.createdAt, timeZone)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {customer.orderCount > customer.orders.length && (
                <p className="mt-2 text-xs text-stone">
                  The newest {customer.orders.length} of {customer.orderCount} orders.{" "}
                  <Link className="text-forest underline" to={`/admin/orders?q=${encodeURIComponent(customer.email)}`}>
                    See all on the Orders page
                  </Link>
                </p>
              )}
            </section>
          </>
        ) : state === "missing" ? (
          <>
            <DialogTitle>Customer not found</DialogTitle>
            <DialogDescription id="customer-details-description" className="mt-2">
              No orders belong to this customer. It may have been opened from an old link.
            </DialogDescription>
          </>
        ) : (
          <div aria-busy="true">
            <DialogTitle className="sr-only">Loading customer details</DialogTitle>
            <DialogDescription id="customer-details-description" className="sr-only">
              Loading customer details...
            </DialogDescription>
            <div className="h-9 w-56 animate-pulse rounded-sm bg-sand" />
            <div className="mt-3 h-4 w-72 max-w-full animate-pulse rounded-sm bg-sand" />
            <div className="mt-8 h-32 animate-pulse rounded-md bg-sand" />
            <div className="mt-6 grid grid-cols-3 gap-3">
              <div className="h-20 animate-pulse rounded-md bg-sand" />
              <div className="h-20 animate-pulse rounded-md bg-sand" />
              <div className="h-20 animate-pulse rounded-md bg-sand" />
            </div>
            <div className="mt-6 h-40 animate-pulse rounded-md bg-sand" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
