import { Link2, MessageCircle } from "lucide";
import { useFetcher } from "react-router";
import { money } from "~/components/admin/admin-format";
import { FormAlert } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { notify } from "~/components/ui/toaster";
import type { AdminOrderDetails } from "~/modules/orders/order-types";
import type { PaymentRequestResult } from "~/modules/payments/payment-request-action.server";

/**
 * "Ready" can send the balance link (issue 46, parts 3 and 5): once the garment is ready, the
 * order's balance (or, if nothing came in, what it asks now) is one click away: the link is
 * emailed and given for WhatsApp, through the orders page's "send-link" intent (the same as the
 * Ask for payment panel). Nothing is shown when the order owes nothing.
 */
export function ProductionBalanceSpot({ order }: { order: AdminOrderDetails }) {
  const link = useFetcher<PaymentRequestResult>();
  useFetcherResult(link, (result) =>
    result.ok ? notify.success(result.message) : notify.error("Not sent", { description: result.message }),
  );
  const due = order.balance.due;
  if (order.orderStatus === "cancelled" || !due) return null;
  const sent = link.data?.ok ? link.data.link : undefined;
  const what = due.purpose === "balance" ? "balance" : "payment";
  return (
    <div className="grid gap-2 rounded-sm border border-gold/60 bg-ivory p-3 text-sm text-charcoal">
      <p>
        Ready, with <span className="font-semibold tabular-nums">{money(due.amount, order.currency)}</span> still to pay.
      </p>
      <link.Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="send-link" />
        <input type="hidden" name="orderId" value={order.id} />
        <input type="hidden" name="emailLink" value="on" />
        <Button type="submit" size="sm" disabled={link.state !== "idle"}>
          <Icon of={Link2} /> {link.state !== "idle" ? "Sending…" : `Email the ${what} link`}
        </Button>
        {sent && (
          <a href={sent.whatsappUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "gold", size: "sm" })}>
            <Icon of={MessageCircle} /> Send on WhatsApp
          </a>
        )}
      </link.Form>
      {link.data && !link.data.ok && <FormAlert inline title={link.data.message} />}
    </div>
  );
}
