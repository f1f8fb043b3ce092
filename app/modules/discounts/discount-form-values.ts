import { localInputValue } from "~/lib/dates";
import { toDecimalString } from "~/lib/money";
import type { DiscountCodeFormValues } from "./discount-code.schema";
import type { DiscountKind, DiscountScope } from "./discount-terms";

/** A code as the admin list carries it to the form (dates as ISO strings). */
export interface DiscountCodeFields {
  code: string;
  kind: DiscountKind;
  value: number;
  minimumSubtotal: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  scope: DiscountScope;
  collectionIds: number[];
  productIds: number[];
  excludeSaleItems: boolean;
  customerEmails: string[];
}

export const blankDiscountCode: DiscountCodeFormValues = {
  code: "",
  kind: "percentage",
  percent: "",
  amount: "",
  minimumSubtotal: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  perCustomerLimit: "",
  scope: "order",
  collectionIds: [],
  productIds: [],
  excludeSaleItems: "",
  customerEmails: "",
};

/** The form's fields for an existing code (times in the store's timezone). */
export function discountFormValues(row: DiscountCodeFields, timeZone: string): DiscountCodeFormValues {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.kind === "percentage" ? String(row.value) : "",
    amount: row.kind === "fixed" ? toDecimalString(row.value) : "",
    minimumSubtotal: row.minimumSubtotal === null ? "" : toDecimalString(row.minimumSubtotal),
    startsAt: row.startsAt ? localInputValue(row.startsAt, timeZone) : "",
    endsAt: row.endsAt ? localInputValue(row.endsAt, timeZone) : "",
    usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
    perCustomerLimit: row.perCustomerLimit === null ? "" : String(row.perCustomerLimit),
    scope: row.scope,
    collectionIds: row.collectionIds.map(String),
    productIds: row.productIds.map(String),
    excludeSaleItems: row.excludeSaleItems ? "on" : "",
    customerEmails: row.customerEmails.join("\n"),
  };
}
