import { ExternalLink, MessageSquareText, Truck } from "lucide";
import { Icon } from "~/components/ui/icon";
import type { Shipment } from "~/modules/orders/shipping-carriers";
import { OrderDate } from "./order-timeline";

/**
 * The parcel on its way, on the customer's order and tracking pages: carrier, tracking number
 * and the carrier's tracking link (opens in a new tab). Nothing until staff have shipped it.
 */
export function OrderShipment({ shipment, className = "" }: { shipment: Shipment | null; className?: string }) {
  if (!shipment) return null;
  return (
    <section aria-labelledby="shipment-heading" className={`rounded-sm border border-forest/25 bg-forest/5 p-6 ${className}`}>
      <h2 id="shipment-heading" className="flex items-center gap-2 text-2xl font-semibold">
        <Icon of={Truck} className="size-5 text-forest" /> Your Parcel
      </h2>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone">Carrier</dt>
          <dd className="font-semibold">{shipment.carrier}</dd>
        </div>
        {shipment.trackingNumber && (
          <div>
            <dt className="text-stone">Tracking number</dt>
            <dd className="font-mono font-semibold tracking-wide break-all">{shipment.trackingNumber}</dd>
          </div>
        )}
      </dl>
      {shipment.trackingUrl && (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-5 inline-flex h-11 items-center gap-2 rounded-sm bg-forest px-5 text-sm font-semibold tracking-wide text-ivory transition-colors hover:bg-forest-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold print:hidden"
        >
          Track your parcel <Icon of={ExternalLink} className="size-4" />
          <span className="sr-only">with {shipment.carrier} (opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}

/** The shop's messages about the order (written by staff, also emailed), oldest first. */
export function OrderMessages({ messages, className = "" }: { messages: { body: string; createdAt: string }[]; className?: string }) {
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="messages-heading" className={`rounded-sm border border-border bg-white/70 p-6 ${className}`}>
      <h2 id="messages-heading" className="flex items-center gap-2 text-2xl font-semibold">
        <Icon of={MessageSquareText} className="size-5 text-forest" /> Messages from Us
      </h2>
      <ol className="mt-4 grid gap-4">
        {messages.map((message, index) => (
          <li key={index} className="border-l-2 border-gold pl-4 text-sm">
            <p className="break-words whitespace-pre-line text-charcoal">{message.body}</p>
            <p className="mt-1 text-xs text-stone">
              <OrderDate iso={message.createdAt} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
