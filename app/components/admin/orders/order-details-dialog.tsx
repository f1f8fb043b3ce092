import { AdminStatusBadge } from "~/components/admin/admin-status-badge";
import { money, moneyWithCode } from "~/components/admin/admin-format";
import { ContactFields, DetailsDialog, DetailsField as Field, DetailsSection } from "~/components/admin/list/details-dialog";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import { formatDateTime } from "~/lib/dates";
import { destinationName } from "~/modules/shipping/areas";
import type { AdminOrderDetails } from "~/modules/orders/order-types";
import { paymentMethods } from "~/modules/orders/order-constants";
import type { StaffOrderPayments } from "~/modules/payments/order-payments.server";
import { CashCollectionPrompt, useCashCollectionToast } from "./cash-collection-prompt";
import { OrderFulfilment } from "./order-fulfilment";
import { OrderHistory } from "./order-history";
import { OrderNotes } from "./order-notes";
import { OrderItemsTable } from "./order-items-table";
import { OrderPayments } from "./order-payments";
import { PaymentRequestPanel, usePaymentRequestToasts, type PaymentRequestData } from "./payment-request-panel";
import { orderSourceLabel, staffPaymentMethodLabels } from "~/modules/staff-orders/sales-channels";
import type { StaffProduction } from "~/modules/production/production.server";
import { ProductionPanel } from "./production/production-panel";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";
import { RecordHistory } from "~/components/admin/activity/record-history";
import type { RecordHistory as History } from "~/modules/activity/activity-read.server";
import { currencySymbols, type CurrencyCode } from "~/lib/money";

const methodLabel = (method: string) => paymentMethods.find((m) => m.value === method)?.label ?? staffPaymentMethodLabels[method] ?? method;
const box = "rounded-md border border-border bg-white p-4";

/**
 * The order details dialog (docs/product-rules.md): customer, order facts, items as a table with totals,
 * the "Cash collected?" prompt of a delivered, unpaid Pay on Delivery order, the Production panel of a made-to-measure
 * or custom order, the customer's checkout notes, shipping (packing slip, invoice, carrier and tracking), payments
 * (online attempts, refunds, the refund form), messages to the customer, internal staff notes
 * and the status history with who changed what.
 */
export function OrderDetailsDialog({
  dialog,
  order,
  payments,
  refundId,
  paymentRequest,
  production,
  history,
  timeZone,
}: {
  dialog: UrlDialog;
  order: AdminOrderDetails | null;
  payments: StaffOrderPayments | null;
  refundId: string | null;
  paymentRequest: PaymentRequestData | null;
  /** Made-to-measure and custom orders' workshop steps (null for an order of standard sizes). */
  production: StaffProduction | null;
  /** The order's latest changes in the activity log, for a role that reads it (else null). */
  history: History | null;
  timeZone: string;
}) {
  usePaymentRequestToasts(order?.id);
  // What the role may do here (decision 047): the rest is shown, not offered.
  const { can } = useAdminViewer();
  useCashCollectionToast(order?.id);
  return (
    <DetailsDialog
      id="order-details"
      state={dialog.state}
      onClose={dialog.close}
      title={order && `Order ${order.orderNumber}`}
      description={
        order && `Placed ${formatDateTime(order.createdAt, timeZone)} (${timeZone}) · ${moneyWithCode(order.totalAmount, order.currency)}`
      }
      loadingLabel="Loading order details"
      missing={{ title: "Order not found", body: "This order does not exist. It may have been opened from an old link." }}
    >
      {order && (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-stone">Status</span> <AdminStatusBadge status={order.orderStatus} />
            <span className="ml-3 text-stone">Payment</span> <AdminStatusBadge kind="payment" status={order.paymentStatus} />
          </div>
          {order.cash.due !== null && can("payments.record") && (
            <CashCollectionPrompt
              key={`${order.id}-${order.cash.due}`}
              orderId={order.id}
              amount={order.cash.due}
              currency={order.currency}
              carrier={order.shipment?.carrier ?? null}
            />
          )}
          {paymentRequest &&
            order.orderStatus !== "cancelled" &&
            order.balance.due !== null &&
            (can("payments.links") || can("payments.record")) && (
              <PaymentRequestPanel key={order.id} order={order} data={paymentRequest} timeZone={timeZone} />
            )}
          {production && can("production.manage") && <ProductionPanel order={order} production={production} timeZone={timeZone} />}
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <DetailsSection title="Customer" className={box}>
              <dl className="grid gap-3">
                <Field label="Name">{order.customerName}</Field>
                <ContactFields email={order.customerEmail} phone={order.customerPhone} />
                <Field label="Address">
                  <span className="whitespace-pre-line">{order.customerAddress}</span>
                  {order.customerCountry && <span className="block">{destinationName(order.customerCountry, order.customerRegion)}</span>}
                </Field>
                {order.shippingZone && (
                  <Field label="Shipping zone">
                    {order.shippingZone}
                    {order.deliveryEstimate && <span className="block text-stone">Delivery in {order.deliveryEstimate}</span>}
                  </Field>
                )}
              </dl>
            </DetailsSection>
            <DetailsSection title="Order" className={box}>
              <dl className="grid gap-3">
                <Field label="Order number">{order.orderNumber}</Field>
                <Field label="Payment method">{methodLabel(order.paymentMethod)}</Field>
                {order.source !== "storefront" && (
                  <Field label="Taken by">
                    {order.placedBy ?? "Staff"} · {orderSourceLabel(order.source)}
                  </Field>
                )}
                <Field label="Total">
                  <span className="font-semibold tabular-nums">{moneyWithCode(order.totalAmount, order.currency)}</span>
                  {order.balance.deposit !== null && (
                    <span className="block text-stone">
                      Deposit asked <span className="tabular-nums">{money(order.balance.deposit, order.currency)}</span>
                    </span>
                  )}
                </Field>
                {(order.balance.paid > 0 || order.balance.deposit !== null) && order.balance.owed > 0 && (
                  <Field label="Paid so far">
                    <span className="tabular-nums">{money(order.balance.paid, order.currency)}</span>
                    <span className="block font-semibold text-charcoal">
                      Balance due <span className="tabular-nums">{money(order.balance.owed, order.currency)}</span>
                    </span>
                  </Field>
                )}
                <Field label="Date">{formatDateTime(order.createdAt, timeZone)}</Field>
                {order.cash.collectedAt && (
                  <Field label="Cash on delivery">
                    Cash collected: {money(order.totalAmount, order.currency)}
                    <span className="block text-stone">
                      Recorded {formatDateTime(order.cash.collectedAt, timeZone)}
                      {order.cash.collectedBy ? ` by ${order.cash.collectedBy}` : ""}
                    </span>
                  </Field>
                )}
              </dl>
            </DetailsSection>
          </div>
          <DetailsSection title="Items">
            <OrderItemsTable order={order} />
          </DetailsSection>
          {order.notes && (
            <DetailsSection title="Customer's notes">
              <p className={`${box} text-sm whitespace-pre-line`}>{order.notes}</p>
            </DetailsSection>
          )}
          <DetailsSection title="Shipping">
            <OrderFulfilment order={order} canFulfil={can("orders.fulfil")} />
          </DetailsSection>
          {payments && (
            <DetailsSection title="Payments">
              <OrderPayments
                orderId={order.id}
                orderNumber={order.orderNumber}
                customerName={order.customerName}
                currency={order.currency}
                paymentStatus={order.paymentStatus}
                payments={payments}
                refundId={refundId}
                timeZone={timeZone}
              />
            </DetailsSection>
          )}
          <DetailsSection title="Messages to the customer">
            <OrderNotes
              orderId={order.id}
              intent="customer-message"
              notes={order.customerMessages}
              timeZone={timeZone}
              canWrite={can("orders.notes")}
            />
          </DetailsSection>
          <DetailsSection title="Staff notes">
            <OrderNotes
              orderId={order.id}
              intent="staff-note"
              notes={order.staffNotes}
              timeZone={timeZone}
              canWrite={can("orders.notes")}
            />
          </DetailsSection>
          <DetailsSection title="Status history">
            <OrderHistory history={order.history} timeZone={timeZone} />
          </DetailsSection>
          {history && (
            <DetailsSection title="Change history">
              <RecordHistory
                history={history}
                of={{ orderId: order.id }}
                options={{ currency: order.currency in currencySymbols ? (order.currency as CurrencyCode) : "GHS", timeZone }}
              />
            </DetailsSection>
          )}
        </>
      )}
    </DetailsDialog>
  );
}
