import type { Db } from "~db/client";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";

let sequence = 0;

export interface OrderItemOverrides {
  productId?: number | null;
  name?: string;
  unitPrice?: number;
  quantity?: number;
  size?: string | null;
  color?: string | null;
  /** The variant the line took stock from (what cancelling gives back to); none by default. */
  variantId?: number | null;
  /** standard (default), made_to_measure or custom; with the working days to make it. */
  kind?: "standard" | "made_to_measure" | "custom";
  madeToMeasureDays?: number | null;
  productionDays?: number | null;
}

export interface OrderOverrides {
  orderNumber?: string;
  userId?: string | null;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  customerAddress?: string;
  customerRegion?: string | null;
  shippingZone?: string | null;
  deliveryEstimate?: string | null;
  currency?: string;
  orderStatus?: string;
  paymentStatus?: string;
  paymentMethod?: string;
  notes?: string | null;
  /** Defaults to the sum of the items (or ₵100.00 without items); no shipping. */
  totalAmount?: number;
  createdAt?: Date;
  items?: OrderItemOverrides[];
}

/**
 * An order written straight to the tables (no stock taken, no email queued): for admin list,
 * summary and export tests that need many orders in known states. Money in pesewas.
 * Placing real orders is placeOrder's job (see orders.test.ts).
 */
export async function createOrder(db: Db, overrides: OrderOverrides = {}) {
  const n = ++sequence;
  const items = (overrides.items ?? []).map((item, index) => ({
    productId: item.productId ?? null,
    name: item.name ?? `Test Item ${n}.${index + 1}`,
    unitPrice: item.unitPrice ?? 10_000,
    quantity: item.quantity ?? 1,
    size: item.size ?? null,
    color: item.color ?? null,
    variantId: item.variantId ?? null,
    kind: item.kind ?? "standard",
    madeToMeasureDays: item.madeToMeasureDays ?? null,
    productionDays: item.productionDays ?? null,
  }));
  const itemsTotal = items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
  const total = overrides.totalAmount ?? (items.length ? itemsTotal : 10_000);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: overrides.orderNumber ?? `ORD-${String(800_000 + n).padStart(6, "0")}`,
      userId: overrides.userId ?? null,
      customerName: overrides.customerName ?? `Customer ${n}`,
      customerEmail: overrides.customerEmail ?? `customer${n}@example.com`,
      customerPhone: overrides.customerPhone ?? `+233 20 000 ${String(n).padStart(4, "0")}`,
      customerAddress: overrides.customerAddress ?? `${n} Ring Road, Accra`,
      customerRegion: overrides.customerRegion ?? null,
      shippingZone: overrides.shippingZone ?? null,
      deliveryEstimate: overrides.deliveryEstimate ?? null,
      subtotalAmount: total,
      shippingAmount: 0,
      totalAmount: total,
      currency: overrides.currency ?? "GHS",
      orderStatus: overrides.orderStatus ?? "processing",
      paymentStatus: overrides.paymentStatus ?? "pending",
      paymentMethod: overrides.paymentMethod ?? "pay_on_delivery",
      notes: overrides.notes ?? null,
      createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000),
    })
    .returning();
  if (items.length) await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: order!.id })));
  await db.insert(orderStatusHistory).values({
    orderId: order!.id,
    status: order!.orderStatus,
    paymentStatus: order!.paymentStatus,
    notes: "Order placed",
    changedBy: "guest",
    isInitial: true,
    createdAt: order!.createdAt,
  });
  return order!;
}
