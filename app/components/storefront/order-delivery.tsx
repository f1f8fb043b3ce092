import { destinationName } from "~/modules/shipping/areas";

/**
 * Where an order goes and how long it takes, as recorded when it was placed (a later zone edit
 * does not change it): "Greater Accra zone · Delivery in 1–2 working days". Orders placed before
 * zones have neither and show nothing.
 */
export function OrderDelivery({
  order,
  className,
}: {
  order: { shippingZone: string | null; deliveryEstimate: string | null };
  className?: string;
}) {
  if (!order.shippingZone && !order.deliveryEstimate) return null;
  return (
    <div className={className ?? "text-sm"} data-testid="order-delivery">
      {order.shippingZone && (
        <p>
          <span className="text-stone">Shipping zone:</span> <span className="font-semibold">{order.shippingZone}</span>
        </p>
      )}
      {order.deliveryEstimate && (
        <p>
          <span className="text-stone">Delivery time:</span> <span className="font-semibold">{order.deliveryEstimate} from dispatch</span>
        </p>
      )}
    </div>
  );
}

/** The address's country, with the region for Ghana: "Greater Accra, Ghana". */
export function orderDestination(order: { customerCountry: string; customerRegion: string | null }): string {
  return destinationName(order.customerCountry, order.customerRegion);
}
