import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminStatusBadge } from "~/components/admin/admin-status-badge";
import { money, moneyWithCode } from "~/components/admin/admin-format";
import { DataTable, type Column } from "~/components/admin/list/data-table";
import { ContactFields, DetailsDialog, DetailsField as Field, DetailsSection } from "~/components/admin/list/details-dialog";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import { formatDateTime } from "~/lib/dates";
import type { CustomerDetails, CustomerOrder } from "~/modules/customers/customer-details.server";

const link = "text-forest underline-offset-4 hover:underline";

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-md border border-border bg-white p-3">
      <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-charcoal tabular-nums sm:text-lg">{children}</dd>
    </div>
  );
}

/** The customer's orders; an order number opens that order on the Orders page. */
const historyColumns = (timeZone: string): Column<CustomerOrder>[] => [
  {
    header: "Order #",
    rowHeader: true,
    className: "font-semibold whitespace-nowrap",
    cell: (o) => (
      <Link to={`/admin/orders?q=${encodeURIComponent(o.orderNumber)}&order=${o.id}`} className={link}>
        {o.orderNumber}
      </Link>
    ),
    phone: "title",
  },
  {
    header: "Amount",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (o) => moneyWithCode(o.totalAmount, o.currency),
    phone: "trailing",
  },
  { header: "Status", cell: (o) => <AdminStatusBadge status={o.orderStatus} /> },
  { header: "Payment", cell: (o) => <AdminStatusBadge kind="payment" status={o.paymentStatus} /> },
  {
    header: "Date",
    className: "whitespace-nowrap tabular-nums",
    cell: (o) => formatDateTime(o.createdAt, timeZone),
    phone: "subtitle",
  },
];

/**
 * The customer dialog (docs/product-rules.md): contact details, statistics (orders, spent, average, first
 * and last order) and the order history, for members and guests alike.
 */
export function CustomerDetailsDialog({
  dialog,
  customer,
  timeZone,
}: {
  dialog: UrlDialog;
  customer: CustomerDetails | null;
  timeZone: string;
}) {
  return (
    <DetailsDialog
      id="customer-details"
      state={dialog.state}
      onClose={dialog.close}
      title={customer?.name ?? null}
      description={customer?.userId ? "Customer with a shop account" : "Guest customer (checked out without an account)"}
      loadingLabel="Loading customer details"
      missing={{ title: "Customer not found", body: "No orders belong to this customer. It may have been opened from an old link." }}
    >
      {customer && (
        <>
          <DetailsSection title="Contact" className="mt-6">
            <dl className="grid gap-x-6 gap-y-3 rounded-md border border-border bg-white p-4 text-sm sm:grid-cols-2">
              <ContactFields email={customer.email} phone={customer.phone} />
              <Field label="Address" className="sm:col-span-2">
                <span className="whitespace-pre-line">{customer.address}</span>
              </Field>
              {customer.account && (
                <Field label="Account" className="sm:col-span-2">
                  {customer.account.name ? `${customer.account.name} · ` : ""}
                  {customer.account.email}
                </Field>
              )}
            </dl>
            <p className="mt-2 text-xs text-stone">Contact details from the newest order.</p>
          </DetailsSection>

          <DetailsSection title="Statistics">
            {/* Eight figures: two rows of four on a desktop, four rows of two on a phone. */}
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Stat label="Total orders">{customer.totalOrders}</Stat>
              <Stat label="Total spent">{money(customer.totalSpent, customer.currency)}</Stat>
              <Stat label="Average order">{money(customer.averageOrder, customer.currency)}</Stat>
              <Stat label="Outstanding">{money(customer.outstanding, customer.currency)}</Stat>
              <Stat label="Cancelled">{customer.cancelledOrders}</Stat>
              <Stat label="Refunded">{money(customer.refunded, customer.currency)}</Stat>
              <Stat label="First order">{formatDateTime(customer.firstOrderAt, timeZone)}</Stat>
              <Stat label="Last order">{formatDateTime(customer.lastOrderAt, timeZone)}</Stat>
            </dl>
            <p className="mt-2 text-xs text-stone">
              Total spent is what the customer paid minus refunds (orders not paid yet count nothing); orders counted are those not
              cancelled, in {customer.currency}
              {customer.otherCurrencyOrders > 0 ? `; ${customer.otherCurrencyOrders} in another currency are not added in` : ""}. Dates in{" "}
              {timeZone} time.
            </p>
          </DetailsSection>

          <DetailsSection title="Order history">
            <div className="overflow-hidden rounded-md border border-border bg-white">
              <DataTable
                rows={customer.orders}
                columns={historyColumns(timeZone)}
                rowKey={(o) => o.id}
                caption={`Orders of ${customer.name}, newest first`}
                label={`Orders of ${customer.name}`}
                minWidth="min-w-[34rem]"
              />
            </div>
            {customer.orderCount > customer.orders.length && (
              <p className="mt-2 text-xs text-stone">
                The newest {customer.orders.length} of {customer.orderCount} orders.{" "}
                <Link className="text-forest underline" to={`/admin/orders?q=${encodeURIComponent(customer.email)}`}>
                  See all on the Orders page
                </Link>
              </p>
            )}
          </DetailsSection>
        </>
      )}
    </DetailsDialog>
  );
}
