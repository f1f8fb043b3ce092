import { Banknote, Link2, MessageCircle } from "lucide";
import { useFetcher } from "react-router";
import { money } from "~/components/admin/admin-format";
import { FormAlert } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { notify } from "~/components/ui/toaster";
import { formatDateTime } from "~/lib/dates";
import type { AdminOrderDetails } from "~/modules/orders/order-types";
import { paymentPurposeLabels } from "~/modules/payments/order-balance";
import type { PaymentRequestResult } from "~/modules/payments/payment-request-action.server";
import { recordedPaymentMethods } from "~/modules/staff-orders/sales-channels";

/** What the orders loader gives the panel when an order's details are open. */
export interface PaymentRequestData {
  /** A fresh id for the Record payment form each time the details are shown. */
  recordId: string;
  paystackConnected: boolean;
  links: {
    id: string;
    amount: number;
    currency: string;
    expiresAt: string;
    revokedAt: string | null;
    revokedBy: string | null;
    paidAt: string | null;
    /** As the server saw it when the details were loaded. */
    state: "paid" | "closed" | "expired" | "open";
    emailedTo: string | null;
    createdBy: string;
    createdAt: string;
  }[];
}

function paymentRequestFetcherKeys(orderId: string) {
  return { link: `payment-link-${orderId}`, record: `record-payment-${orderId}`, revoke: `revoke-link-${orderId}` };
}

/**
 * Toasts the panel's answers. The order details dialog calls it, not the panel: a payment that
 * settles the order removes the panel in the same reload that brings the answer, and on a slow
 * machine React may never render the panel with the answer (its effect would not run).
 */
export function usePaymentRequestToasts(orderId: string | undefined) {
  const keys = paymentRequestFetcherKeys(orderId ?? "none");
  const toast = (result: PaymentRequestResult) =>
    result.ok ? notify.success(result.message) : notify.error("Not done", { description: result.message });
  useFetcherResult(useFetcher<PaymentRequestResult>({ key: keys.link }), toast);
  useFetcherResult(useFetcher<PaymentRequestResult>({ key: keys.record }), toast);
  useFetcherResult(useFetcher<PaymentRequestResult>({ key: keys.revoke }), toast);
}

/**
 * "Ask for payment" on an unpaid order (issue 46, part 2): a payment link to email and to send on
 * WhatsApp (shown once: only its hash is kept), the order's links with their state and Revoke,
 * and a payment staff took another way (cash, mobile money to the shop, bank transfer).
 */
export function PaymentRequestPanel({ order, data, timeZone }: { order: AdminOrderDetails; data: PaymentRequestData; timeZone: string }) {
  const keys = paymentRequestFetcherKeys(order.id);
  const link = useFetcher<PaymentRequestResult>({ key: keys.link });
  const record = useFetcher<PaymentRequestResult>({ key: keys.record });
  const revoke = useFetcher<PaymentRequestResult>({ key: keys.revoke });
  const sent = link.data?.ok ? link.data.link : undefined;
  const due = order.balance.due;
  const owed = money(due?.amount ?? order.balance.owed, order.currency);
  const asking = due && due.purpose !== "full" ? ` (${paymentPurposeLabels[due.purpose].toLowerCase()})` : "";
  const titleId = `ask-${order.id}-title`;
  return (
    <section aria-labelledby={titleId} className="mt-4 grid gap-4 rounded-md border border-gold/60 bg-ivory p-4">
      <div>
        <h3 id={titleId} className="font-display text-xl font-semibold text-charcoal">
          Ask for payment · <span className="tabular-nums">{owed}</span>
          {asking}
        </h3>
        {order.balance.paid > 0 && (
          <p className="mt-0.5 text-sm text-charcoal">
            Paid so far <span className="tabular-nums">{money(order.balance.paid, order.currency)}</span> of{" "}
            <span className="tabular-nums">{money(order.totalAmount, order.currency)}</span>; the balance of{" "}
            <span className="tabular-nums">{money(order.balance.owed, order.currency)}</span> is due.
          </p>
        )}
        <p className="mt-0.5 text-sm text-stone">
          Send a link the customer pays by card or mobile money, or record money they paid another way.
        </p>
      </div>
      <link.Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="send-link" />
        <input type="hidden" name="orderId" value={order.id} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="emailLink" defaultChecked className="size-4 accent-forest" /> Email it to {order.customerEmail}
        </label>
        <Button type="submit" disabled={link.state !== "idle" || !data.paystackConnected}>
          <Icon of={Link2} />{" "}
          {link.state !== "idle" ? "Sending…" : `Send ${due?.purpose === "full" || !due ? "payment" : due.purpose} link`}
        </Button>
      </link.Form>
      {!data.paystackConnected && <p className="text-xs text-stone">Payment links need Paystack (Settings → Payments).</p>}
      {link.data && !link.data.ok && <FormAlert inline title={link.data.message} />}
      {sent && (
        <div className="grid gap-2 rounded-sm border border-border bg-white p-3">
          <label htmlFor={`link-${order.id}`} className="text-sm font-medium">
            New payment link (open until {formatDateTime(sent.expiresAt, timeZone)})
          </label>
          <input
            id={`link-${order.id}`}
            readOnly
            value={sent.url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-10 w-full rounded-sm border border-border bg-ivory px-3 font-mono text-xs"
          />
          <a href={sent.whatsappUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "gold", size: "sm" })}>
            <Icon of={MessageCircle} /> Send on WhatsApp
          </a>
        </div>
      )}
      {data.links.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Payment links sent">
          {data.links.map((l) => {
            const state =
              l.state === "closed"
                ? `closed (${l.revokedBy ?? "revoked"})`
                : l.state === "open"
                  ? `open until ${formatDateTime(l.expiresAt, timeZone)}`
                  : l.state;
            const open = l.state === "open";
            return (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {money(l.amount, l.currency)} · sent by {l.createdBy} {formatDateTime(l.createdAt, timeZone)}
                  {l.emailedTo ? ` to ${l.emailedTo}` : ""} · <strong>{state}</strong>
                </span>
                {open && (
                  <revoke.Form method="post">
                    <input type="hidden" name="intent" value="revoke-link" />
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="linkId" value={l.id} />
                    <Button type="submit" size="sm" variant="ghost" disabled={revoke.state !== "idle"}>
                      Revoke
                    </Button>
                  </revoke.Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {/* Keyed by its id: a fresh form (and id) each time the details are loaded, while the
          panel itself stays, so a link just sent (shown once) is still on screen after the reload. */}
      <record.Form
        key={data.recordId}
        method="post"
        className="grid gap-3 border-t border-gold/40 pt-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="record-payment" />
        <input type="hidden" name="orderId" value={order.id} />
        <input type="hidden" name="paymentId" value={data.recordId} />
        {order.balance.recordable.length === 1 ? (
          <input type="hidden" name="amount" value={String(order.balance.recordable[0])} />
        ) : (
          <div className="grid gap-1.5 sm:col-span-3">
            <label htmlFor={`amount-${order.id}`} className="text-sm font-medium">
              Amount paid
            </label>
            <NativeSelect id={`amount-${order.id}`} name="amount" defaultValue={String(order.balance.recordable[0])} className="max-w-md">
              {order.balance.recordable.map((amount, index) => (
                <option key={amount} value={amount}>
                  {index === 0 && due ? `${paymentPurposeLabels[due.purpose]}: ` : "Everything owed: "}
                  {money(amount, order.currency)}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="grid gap-1.5">
          <label htmlFor={`method-${order.id}`} className="text-sm font-medium">
            Paid by
          </label>
          <NativeSelect id={`method-${order.id}`} name="method" defaultValue="cash">
            {recordedPaymentMethods.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`reference-${order.id}`} className="text-sm font-medium">
            Reference <span className="text-xs font-normal text-stone">optional</span>
          </label>
          <Input id={`reference-${order.id}`} name="reference" autoComplete="off" placeholder="Receipt or transaction id" />
        </div>
        <Button type="submit" variant="outline" disabled={record.state !== "idle"}>
          <Icon of={Banknote} /> {order.balance.recordable.length === 1 ? `Record ${owed} paid` : "Record payment"}
        </Button>
      </record.Form>
      {record.data && !record.data.ok && <FormAlert inline title={record.data.message} />}
    </section>
  );
}
