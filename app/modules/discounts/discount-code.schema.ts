import { z } from "zod";
import { parseMoney } from "~/lib/money";
import { CODE_PATTERN, normalizeCode, type DiscountKind, type DiscountScope } from "./discount-terms";

/**
 * Admin → Discounts' form (issue 47), one schema for the browser and the action's guard. It
 * takes what the form posts (strings; "on" for switches; one value per chosen collection or
 * product) and gives money in pesewas and times as the store's local "YYYY-MM-DDTHH:MM" (the
 * server reads them in the store's timezone: discount-admin.server.ts):
 *
 *   code " welcome-10 " → "WELCOME-10"; kind percentage, percent "15"; fixed, amount "50" → 5000;
 *   minimum "" → null, "500" → 50000; uses "" → unlimited; scope collections with collectionIds.
 *
 * Whether the code is taken (ignoring case) only the server can tell.
 */
export const MAX_DISCOUNT_CEDIS = 1_000_000;

type Scalar = string | number | null | undefined;
const scalar = z.union([z.string(), z.number()]).nullish();
const textOf = (value: Scalar) => (value === null || value === undefined ? "" : String(value).trim());
const issueWith = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

function cedis(label: string) {
  return scalar.transform((value, ctx): number | null => {
    const text = textOf(value);
    if (text === "") return null;
    const pesewas = parseMoney(text);
    if (pesewas === null || text.startsWith("-")) return issueWith(ctx, `${label} must be an amount, like 50.00`);
    if (pesewas === 0) return issueWith(ctx, `${label} must be more than 0`);
    if (pesewas > MAX_DISCOUNT_CEDIS * 100) return issueWith(ctx, `${label} must be at most ${MAX_DISCOUNT_CEDIS.toLocaleString("en-US")}`);
    return pesewas;
  });
}

function count(label: string) {
  return scalar.transform((value, ctx): number | null => {
    const text = textOf(value);
    if (text === "") return null;
    if (!/^\d+$/.test(text) || Number(text) < 1) return issueWith(ctx, `${label} must be a whole number from 1`);
    if (Number(text) > 1_000_000) return issueWith(ctx, `${label} can be at most 1,000,000`);
    return Number(text);
  });
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
function localTime(label: string) {
  return scalar.transform((value, ctx): string | null => {
    const text = textOf(value);
    if (text === "") return null;
    if (!LOCAL_TIME.test(text) || Number.isNaN(Date.parse(`${text}:00Z`))) return issueWith(ctx, `${label} must be a date and time`);
    return text;
  });
}

const ids = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    const list = (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((v) => v !== "");
    if (list.some((v) => !/^\d{1,9}$/.test(v))) return issueWith(ctx, "Choose from the list");
    return [...new Set(list.map(Number))];
  });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emails = scalar.transform((value, ctx): string[] => {
  const list = [
    ...new Set(
      textOf(value)
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((e) => e.toLowerCase()),
    ),
  ];
  const wrong = list.find((e) => !EMAIL.test(e) || e.length > 254);
  if (wrong) return issueWith(ctx, `"${wrong.slice(0, 40)}" is not an email address`);
  if (list.length > 500) return issueWith(ctx, "At most 500 customers");
  return list;
});

const on = z
  .union([z.literal("on"), z.literal(""), z.boolean()])
  .optional()
  .transform((v) => v === "on" || v === true);

export const discountCodeFormSchema = z
  .object({
    code: scalar.transform((value, ctx) => {
      const code = normalizeCode(textOf(value));
      if (code === "") return issueWith(ctx, "Code is required");
      if (!CODE_PATTERN.test(code)) return issueWith(ctx, "Use 3 to 32 letters, digits or dashes");
      return code;
    }),
    kind: z.enum(["percentage", "fixed", "free_shipping"], { error: "Choose what the code gives" }),
    percent: scalar,
    amount: cedis("Amount off"),
    minimumSubtotal: cedis("Minimum spend"),
    startsAt: localTime("Starts"),
    endsAt: localTime("Ends"),
    usageLimit: count("Total uses"),
    perCustomerLimit: count("Uses per customer"),
    scope: z.enum(["order", "collections", "products"], { error: "Choose what the code applies to" }).default("order"),
    collectionIds: ids,
    productIds: ids,
    excludeSaleItems: on,
    customerEmails: emails,
  })
  .transform((form, ctx) => {
    const at = (path: string, message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    let value = 0;
    if (form.kind === "percentage") {
      const text = textOf(form.percent);
      if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 100)
        return at("percent", "Percentage must be a whole number from 1 to 100");
      value = Number(text);
    } else if (form.kind === "fixed") {
      if (form.amount === null) return at("amount", "Amount off is required");
      value = form.amount;
    }
    if (form.startsAt && form.endsAt && form.endsAt <= form.startsAt) return at("endsAt", "Ends must be after it starts");
    if (form.scope === "collections" && form.collectionIds.length === 0) return at("collectionIds", "Choose at least one collection");
    if (form.scope === "products" && form.productIds.length === 0) return at("productIds", "Choose at least one product");
    return {
      code: form.code,
      kind: form.kind as DiscountKind,
      value,
      minimumSubtotal: form.minimumSubtotal,
      startsAt: form.startsAt,
      endsAt: form.endsAt,
      usageLimit: form.usageLimit,
      perCustomerLimit: form.perCustomerLimit,
      scope: form.scope as DiscountScope,
      collectionIds: form.scope === "collections" ? form.collectionIds : [],
      productIds: form.scope === "products" ? form.productIds : [],
      excludeSaleItems: form.excludeSaleItems,
      customerEmails: form.customerEmails,
    };
  });

/** A code as staff define it (money in pesewas, times local to the store): what the admin module takes. */
export type DiscountCodeInput = z.output<typeof discountCodeFormSchema>;

/** The form as its fields hold it (strings), for Conform's defaultValue. */
export interface DiscountCodeFormValues {
  code: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  minimumSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  scope: DiscountScope;
  collectionIds: string[];
  productIds: string[];
  excludeSaleItems: "on" | "";
  customerEmails: string;
}

/** The list's search and paging (?q=, ?status=, ?page=). */
export const discountStatuses = ["active", "paused", "scheduled", "expired", "used-up"] as const;
