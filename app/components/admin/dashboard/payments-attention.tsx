import { AlertTriangle, ChevronRight, Scale, Undo2 } from "lucide";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { money } from "~/components/admin/admin-format";
import { Icon, type IconNode } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { disputeKind, disputeStatusWords } from "~/modules/payments/dispute-words";
import type { AttentionDispute, AttentionRefund, PaymentsAttention } from "~/modules/payments/payments-attention.server";

const refundWords: Record<AttentionRefund["status"], { label: string; colour: string }> = {
  failed: { label: "Not refunded", colour: "bg-red-100 text-red-900 ring-red-300" },
  needs_attention: { label: "Needs your attention", colour: "bg-red-100 text-red-900 ring-red-300" },
  unconfirmed: { label: "Not confirmed by Paystack", colour: "bg-amber-100 text-amber-900 ring-amber-300" },
};

const pill = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset";

/** The order's details on the orders page (the list searched for it, its dialog open). */
const orderHref = (orderNumber: string, orderId: string) =>
  `/admin/orders?q=${encodeURIComponent(orderNumber)}&order=${encodeURIComponent(orderId)}`;

/**
 * "Payments that need you", at the top of the dashboard when there is any: disputes
 * (chargebacks) to answer in Paystack's dashboard before their due date, overdue ones in red,
 * and refunds that did not go through, need the customer's details, or were never confirmed
 * by Paystack. Each line opens the order's details, where its Payments say what to do.
 */
export function PaymentsAttentionPanel({ attention, timeZone }: { attention: PaymentsAttention; timeZone: string }) {
  const { disputes, refunds } = attention;
  const overdue = disputes.filter((d) => d.overdue).length;
  return (
    <section aria-labelledby="payments-attention-title" className="rounded-md border border-red-200 bg-ivory p-4 md:p-6">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-800" aria-hidden>
          <Icon of={AlertTriangle} className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="payments-attention-title" className="font-sans text-base font-semibold text-charcoal">
            Payments that need you
          </h2>
          <p className="mt-0.5 text-sm text-stone">{summary(disputes.length, overdue, refunds.length, attention)}</p>
        </div>
      </div>
      <div className={cn("mt-4 grid gap-5", disputes.length > 0 && refunds.length > 0 && "lg:grid-cols-2")}>
        {disputes.length > 0 && (
          <AttentionList
            title="Disputes to answer in Paystack"
            icon={Scale}
            more={attention.moreDisputes}
            note="Answer each in the Paystack dashboard (Disputes) before it is due, or Paystack gives the money back to the customer."
          >
            {disputes.map((d) => (
              <DisputeLine key={d.id} dispute={d} timeZone={timeZone} />
            ))}
          </AttentionList>
        )}
        {refunds.length > 0 && (
          <AttentionList
            title="Refunds to look at"
            icon={Undo2}
            more={attention.moreRefunds}
            note="Open the order to see what happened and what to do."
          >
            {refunds.map((r) => (
              <RefundLine key={r.id} refund={r} timeZone={timeZone} />
            ))}
          </AttentionList>
        )}
      </div>
    </section>
  );
}

function summary(disputes: number, overdue: number, refunds: number, attention: PaymentsAttention): string {
  const parts: string[] = [];
  const plus = (more: boolean) => (more ? " or more" : "");
  if (disputes > 0)
    parts.push(
      `${disputes}${plus(attention.moreDisputes)} open dispute${disputes === 1 ? "" : "s"}` + (overdue > 0 ? ` (${overdue} overdue)` : ""),
    );
  if (refunds > 0) parts.push(`${refunds}${plus(attention.moreRefunds)} refund${refunds === 1 ? "" : "s"} that did not go through cleanly`);
  return `${parts.join(" and ")}.`;
}

function AttentionList({
  title,
  icon,
  note,
  more,
  children,
}: {
  title: string;
  icon: IconNode;
  note: string;
  more: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <h3 className="flex items-center gap-2 font-sans text-sm font-semibold text-charcoal">
        <Icon of={icon} className="size-4 text-stone" />
        {title}
      </h3>
      <p className="mt-0.5 text-xs text-stone">{note}</p>
      <ul className="mt-2 divide-y divide-border rounded-sm border border-border bg-white" aria-label={title}>
        {children}
      </ul>
      {more && <p className="mt-2 text-xs text-stone">Only the first ones are shown: deal with these and the others appear here.</p>}
    </div>
  );
}

const lineLink =
  "group flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-sand/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold";
/** What a line says, and its due date or state beside it, or under it when the line is narrow. */
const lineBody = "flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1.5";
const lineText = "min-w-[11rem] flex-1";

function DisputeLine({ dispute, timeZone }: { dispute: AttentionDispute; timeZone: string }) {
  const due = dispute.dueAt ? formatDateTime(dispute.dueAt, timeZone) : null;
  return (
    <li>
      <Link to={orderHref(dispute.orderNumber, dispute.orderId)} className={lineLink}>
        <span className={lineBody}>
          <span className={lineText}>
            <OrderAndAmount orderNumber={dispute.orderNumber} amount={money(dispute.amount, dispute.currency)} />
            <span className="block text-xs text-stone">
              {disputeKind(dispute.category)} · {disputeStatusWords(dispute.status, null)}
            </span>
          </span>
          <span className="text-xs sm:text-right">
            {due ? (
              dispute.overdue ? (
                <span className="text-red-800">
                  <span className="font-semibold">Overdue</span>{" "}
                  <span className="tabular-nums sm:block">
                    was due <time dateTime={dispute.dueAt ?? undefined}>{due}</time>
                  </span>
                </span>
              ) : (
                <span className="text-charcoal">
                  Answer by{" "}
                  <time className="font-semibold tabular-nums sm:block" dateTime={dispute.dueAt ?? undefined}>
                    {due}
                  </time>
                </span>
              )
            ) : (
              <span className="text-stone">No due date given</span>
            )}
          </span>
        </span>
        <Icon of={ChevronRight} className="size-4 shrink-0 text-stone" />
      </Link>
    </li>
  );
}

function RefundLine({ refund, timeZone }: { refund: AttentionRefund; timeZone: string }) {
  const words = refundWords[refund.status];
  return (
    <li>
      <Link to={orderHref(refund.orderNumber, refund.orderId)} className={lineLink}>
        <span className={lineBody}>
          <span className={lineText}>
            <OrderAndAmount orderNumber={refund.orderNumber} amount={money(refund.amount, refund.currency)} />
            <span className="block text-xs text-stone tabular-nums">
              Refund, <time dateTime={refund.at}>{formatDateTime(refund.at, timeZone)}</time>
            </span>
          </span>
          <span className={cn(pill, words.colour)}>{words.label}</span>
        </span>
        <Icon of={ChevronRight} className="size-4 shrink-0 text-stone" />
      </Link>
    </li>
  );
}

/** The order number (the link's name first) and the amount, kept on one line each. */
function OrderAndAmount({ orderNumber, amount }: { orderNumber: string; amount: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold whitespace-nowrap text-forest tabular-nums group-hover:underline">{orderNumber}</span>
      <span className="font-semibold whitespace-nowrap text-charcoal tabular-nums">{amount}</span>
    </span>
  );
}
