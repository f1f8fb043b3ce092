import type { ShippingZone } from "~/modules/shipping/shipping-zones";

/** The zones a fresh shop starts with (db/migrations/0010_selling_worldwide.sql; docs/shipping.md). */
export const sampleZones: ShippingZone[] = [
  {
    id: 1,
    name: "Greater Accra",
    areas: ["GH-AA"],
    isRestOfWorld: false,
    fee: 3_000,
    freeShippingThreshold: 50_000,
    deliveryMinDays: 1,
    deliveryMaxDays: 2,
    payOnDelivery: true,
  },
  {
    id: 2,
    name: "Rest of Ghana",
    areas: ["GH"],
    isRestOfWorld: false,
    fee: 5_000,
    freeShippingThreshold: 50_000,
    deliveryMinDays: 2,
    deliveryMaxDays: 4,
    payOnDelivery: true,
  },
  {
    id: 3,
    name: "West Africa",
    areas: ["NG", "CI", "TG", "BJ", "BF", "SN", "SL", "LR", "GM", "GN", "GW", "ML", "NE", "CV", "MR"],
    isRestOfWorld: false,
    fee: 25_000,
    freeShippingThreshold: null,
    deliveryMinDays: 5,
    deliveryMaxDays: 8,
    payOnDelivery: false,
  },
  {
    id: 4,
    name: "Rest of the world",
    areas: [],
    isRestOfWorld: true,
    fee: 60_000,
    freeShippingThreshold: null,
    deliveryMinDays: 6,
    deliveryMaxDays: 10,
    payOnDelivery: false,
  },
];
