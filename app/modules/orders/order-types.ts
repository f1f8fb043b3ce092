import type { AmountDue } from "~/modules/payments/order-balance";
import type { LineMadeToMeasure } from "./order-line-made-to-measure";
import type { OrderNoteKind } from "./fulfilment.schema";
import type { Shipment } from "./shipping-carriers";

/** What the admin orders screens get back; money in pesewas, dates as ISO strings. */
export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  totalAmount: number;
  currency: string;
  orderStatus: string;
  paymentStatus: string;
  paymentMethod: string;
  createdAt: string;
  /** In the list only: a customer's dispute (chargeback) on one of its payments is still open. */
  openDispute?: boolean;
}

export interface AdminOrderListing {
  items: AdminOrderRow[];
  /** Matches, at most ORDER_LIST_COUNT_CAP (see totalIsCapped). */
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The search was shorter than MIN_ORDER_SEARCH_LENGTH and was not run (no items). */
  searchTooShort: boolean;
}

/**
 * The payment ledger in one currency (orders keep the currency they were placed in): paid,
 * refunded, net, outstanding (app/modules/reports/sales-totals.server.ts, docs/decisions/031).
 */
export interface CurrencyRevenue {
  currency: string;
  paid: number;
  refunded: number;
  net: number;
  outstanding: number;
}

/** The four cards of the admin orders page. */
export interface OrderSummary {
  totalOrders: number;
  /** Orders in processing (docs/product-rules.md's "Pending Orders"). */
  pendingOrders: number;
  /** Orders whose payment status is paid or partially refunded, whatever their order status. */
  paidOrders: number;
  /** One entry per currency, largest first; empty without orders. */
  revenue: CurrencyRevenue[];
}

export interface AdminOrderItem {
  id: number;
  productId: number | null;
  name: string;
  category: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  imageUrl: string | null;
  /** Cut to the customer's measurements (no stock taken), or null for a standard size. */
  madeToMeasure: LineMadeToMeasure | null;
}

export interface AdminOrderHistoryEntry {
  status: string;
  paymentStatus: string | null;
  notes: string | null;
  /** Who made the change: an admin's name or email, "customer", "guest" or "system". */
  changedBy: string | null;
  createdAt: string;
}

export interface AdminOrderDetails extends AdminOrderRow {
  userId: string | null;
  customerAddress: string;
  customerCountry: string;
  /** Ghana region code ("GH-AA"), null elsewhere. */
  customerRegion: string | null;
  /** The zone's name and delivery estimate as they were when the order was placed (null on older orders). */
  shippingZone: string | null;
  deliveryEstimate: string | null;
  subtotalAmount: number;
  /** Staff's discount (issue 46) and why; 0 and null otherwise. */
  discountAmount: number;
  discountReason: string | null;
  /** The discount code the shopper used (issue 47), its kind and what it saved (pesewas); null and 0 without one. */
  discountCode: string | null;
  discountCodeKind: string | null;
  discountCodeSaving: number;
  shippingAmount: number;
  notes: string | null;
  updatedAt: string;
  /** "storefront", or the channel staff took it through (sales-channels.ts), and who placed it. */
  source: string;
  placedBy: string | null;
  items: AdminOrderItem[];
  /** Newest first. */
  history: AdminOrderHistoryEntry[];
  /** Carrier and tracking, once shipped with them. */
  shipment: Shipment | null;
  /**
   * Pay on Delivery: `due` is the cash still to collect (pesewas) when the order is delivered and
   * unpaid, else null; who recorded it and when, once recorded.
   */
  cash: { due: number | null; collectedAt: string | null; collectedBy: string | null };
  /**
   * Paid in parts (docs/decisions/041): what came in, the deposit asked (null: paid in full at
   * once), what it still owes, what it asks for now (null once paid), the amounts staff may
   * record now, and whether its balance stops it shipping without a reason.
   */
  balance: {
    paid: number;
    deposit: number | null;
    owed: number;
    due: AmountDue | null;
    recordable: number[];
    blocksShipping: boolean;
  };
  /** Internal notes, oldest first; never shown to the customer. */
  staffNotes: OrderNoteEntry[];
  /** Messages emailed to the customer and shown on their order page, oldest first. */
  customerMessages: OrderNoteEntry[];
}

/** A staff note or a message to the customer (order_notes), as admin sees it. */
export interface OrderNoteEntry {
  id: number;
  kind: OrderNoteKind;
  body: string;
  authorName: string;
  createdAt: string;
}
