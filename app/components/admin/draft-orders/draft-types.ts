import type { DraftActionResult } from "~/modules/staff-orders/draft-action.server";
import type { CustomerMatch, ProductChoice, ProductMatch } from "~/modules/staff-orders/draft-lookups.server";
import type { PricedDraft } from "~/modules/staff-orders/draft-orders.server";

/** What the draft editor's loader gives its sections (routes/admin/draft-order.tsx). */
export interface DraftEditorData {
  draft: {
    id: string;
    reference: string;
    channel: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string;
    customerAddress: string;
    customerCountry: string;
    customerRegion: string | null;
    delivery: string;
    discountAmount: number;
    discountReason: string | null;
    /** auto | none | percent | amount (order-balance.ts), with its percentage or pesewas. */
    depositKind: string;
    depositValue: number;
    notes: string | null;
    createdBy: string;
    updatedBy: string;
    updatedAt: string;
    orderId: string | null;
  };
  priced: PricedDraft;
  currency: string;
  /** The shop's deposit on bespoke pieces (Settings → Payments). */
  depositPercent: number;
  timeZone: string;
  find: { text: string; products: ProductMatch[] } | null;
  product: ProductChoice | null;
  customers: { text: string; matches: CustomerMatch[] } | null;
  /** A fresh id for the "Record payment" form each time it is shown: sent twice, it records once. */
  paymentId: string;
  paystackConnected: boolean;
}

export type DraftErrors = Record<string, string>;

export function errorsOf(result: DraftActionResult | undefined): DraftErrors {
  return result && !result.ok ? (result.fieldErrors ?? {}) : {};
}
