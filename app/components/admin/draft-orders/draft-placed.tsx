import { CircleCheck, ExternalLink, MessageCircle } from "lucide";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatDateTimeWithZone } from "~/lib/dates";
import { formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import type { DraftActionResult } from "~/modules/staff-orders/draft-action.server";

type Placed = Extract<DraftActionResult, { ok: true }>["placed"];

/**
 * What staff see once the draft is an order: its number and, for a payment link, the link to copy
 * and WhatsApp's message ready to send (shown once: the shop keeps only the token's hash; a new
 * link can be sent from the order).
 */
export function DraftPlaced({ placed, currency, timeZone }: { placed: Placed; currency: string; timeZone: string }) {
  const total = formatMoneyWithCode(placed.total, currency as CurrencyCode);
  return (
    <section
      aria-labelledby="placed-heading"
      className="mx-auto max-w-2xl rounded-sm border border-forest/30 bg-white p-6 md:p-8"
      role="status"
    >
      <Icon of={CircleCheck} className="size-10 text-forest" />
      <h1 id="placed-heading" className="mt-3 text-3xl font-semibold">
        Order {placed.orderNumber} placed
      </h1>
      <p className="mt-2 text-stone">
        {placed.link ? `Waiting for the customer to pay ${total}.` : `Total ${total}. The customer has been emailed.`}
      </p>
      {placed.link && (
        <div className="mt-6 grid gap-3">
          <label htmlFor="payment-link-url" className="text-sm font-medium">
            Payment link{placed.link.emailed ? " (also emailed to the customer)" : ""}
          </label>
          <input
            id="payment-link-url"
            readOnly
            value={placed.link.url}
            className="h-11 w-full rounded-sm border border-border bg-ivory px-3 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="text-xs text-stone">
            Open until {formatDateTimeWithZone(placed.link.expiresAt, timeZone)}. It is shown only now: from the order you can send a new
            one.
          </p>
          <a href={placed.link.whatsappUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "gold" })}>
            <Icon of={MessageCircle} /> Send on WhatsApp
          </a>
        </div>
      )}
      <Link to={`/admin/orders?order=${placed.orderId}`} className={`${buttonVariants({ variant: "outline" })} mt-4`}>
        <Icon of={ExternalLink} /> View the order
      </Link>
    </section>
  );
}
