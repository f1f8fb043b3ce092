/**
 * The carriers a shop in Accra ships with, and where each lets the customer follow a parcel.
 * Isomorphic: the admin form lists them, the server builds the tracking link from them.
 * Ghana Post EMS has no public tracking page that takes a number in its address, so its link
 * goes to 17TRACK, which follows EMS items worldwide.
 */
export const shippingCarriers = [
  { id: "dhl", name: "DHL Express", trackingUrl: "https://www.dhl.com/gh-en/home/tracking/tracking-express.html?submit=1&tracking-id=" },
  { id: "fedex", name: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr=" },
  { id: "ups", name: "UPS", trackingUrl: "https://www.ups.com/track?loc=en_GH&tracknum=" },
  { id: "ghana-post-ems", name: "Ghana Post EMS", trackingUrl: "https://t.17track.net/en#nums=" },
  { id: "aramex", name: "Aramex", trackingUrl: "https://www.aramex.com/gh/en/track/results?ShipmentNumber=" },
] as const;

export type KnownCarrierId = (typeof shippingCarriers)[number]["id"];
/** "other": a carrier typed by hand (a local courier, the shop's own rider). */
export const carrierChoices = [...shippingCarriers.map((c) => c.id), "other"] as const;
export type CarrierChoice = (typeof carrierChoices)[number];

/** The known carrier with this display name (as stored on the order), if any. */
export function knownCarrierNamed(name: string | null | undefined) {
  return shippingCarriers.find((c) => c.name.toLowerCase() === (name ?? "").trim().toLowerCase()) ?? null;
}

/** The carrier's public tracking page for a number; null for a carrier typed by hand. */
export function carrierTrackingUrl(carrierName: string, trackingNumber: string): string | null {
  const carrier = knownCarrierNamed(carrierName);
  if (!carrier || !trackingNumber) return null;
  return carrier.trackingUrl + encodeURIComponent(trackingNumber);
}

/** What the shipped email, the tracking page and the order page show. */
export interface Shipment {
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** The order's carrier and tracking once staff have entered them; null before. */
export function shipmentOf(order: {
  shippingCarrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): Shipment | null {
  if (!order.shippingCarrier) return null;
  return { carrier: order.shippingCarrier, trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl };
}
