import { z } from "zod";
import { parseMoney } from "~/lib/money";
import { plainText } from "~/lib/input";
import { isArea } from "./areas";

/**
 * The admin zone form (Shipping page), one schema for the browser and the action's guard. It
 * takes what the form posts (strings; "on" for the Pay on Delivery switch; one `areas` value
 * per country or Ghana region) and gives money in pesewas:
 *
 *   name "Europe"; areas ["GB", "FR", "GH-AA"]; fee "450" → 45000 (0 ships free);
 *   free over "" → null (never free), "1000" → 100000; days 0–365 with min ≤ max.
 *
 * Whether an area is already in another zone, and whether the name is taken, only the server
 * can tell (shipping-zones-admin.server.ts, inside its lock).
 */

/** The dearest fee or threshold the form takes, in cedis: a guard against a slipped finger. */
export const MAX_ZONE_AMOUNT_CEDIS = 1_000_000;
export const MAX_ZONE_DAYS = 365;
export const MAX_ZONE_NAME = 60;

type Scalar = string | number | null | undefined;
const scalar = (invalid: string) => z.union([z.string(), z.number()], { error: invalid }).nullish();
const textOf = (value: Scalar) => (value === null || value === undefined ? "" : String(value).trim());

function amount(label: string, options: { required: boolean; positive: boolean }) {
  const invalid = `${label} must be an amount, like 45.00`;
  return scalar(invalid).transform((value, ctx): number | null => {
    const issue = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const text = textOf(value);
    if (text === "") return options.required ? issue(`${label} is required (0 ships free)`) : null;
    if (text.startsWith("-")) return issue(`${label} cannot be negative`);
    const pesewas = parseMoney(text);
    if (pesewas === null) return issue(/\.\d{3,}$/.test(text) ? `${label} can have at most 2 decimal places` : invalid);
    if (pesewas > MAX_ZONE_AMOUNT_CEDIS * 100) return issue(`${label} must be at most ${MAX_ZONE_AMOUNT_CEDIS.toLocaleString("en-US")}`);
    if (options.positive && pesewas === 0) return issue(`${label} must be more than 0; leave it empty if shipping is never free`);
    return pesewas;
  });
}

function days(label: string) {
  return scalar(`${label} must be a whole number of days`).transform((value, ctx): number => {
    const text = textOf(value);
    const issue = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (text === "") return issue(`${label} is required`);
    if (!/^\d+$/.test(text)) return issue(`${label} must be a whole number of days`);
    const number = Number(text);
    if (number > MAX_ZONE_DAYS) return issue(`${label} can be at most ${MAX_ZONE_DAYS} days`);
    return number;
  });
}

/** One `areas` value arrives as a string, several as a list, none as nothing. */
const areas = z
  .union([z.string(), z.array(z.string())], { error: "Choose countries from the list" })
  .optional()
  .transform((value, ctx) => {
    const list = [...new Set((value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((area) => area !== ""))];
    const unknown = list.find((area) => !isArea(area));
    if (unknown !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${unknown.slice(0, 20)}" is not a country or Ghana region we know` });
      return z.NEVER;
    }
    return list;
  });

export const shippingZoneFormSchema = z
  .object({
    name: scalar("Name must be text")
      .transform((value) => textOf(value))
      .pipe(plainText("Name", MAX_ZONE_NAME).pipe(z.string().min(1, "Name is required"))),
    areas,
    fee: amount("Fee", { required: true, positive: false }).transform((v) => v as number),
    freeShippingThreshold: amount("Free shipping over", { required: false, positive: true }),
    deliveryMinDays: days("Fastest delivery"),
    deliveryMaxDays: days("Slowest delivery"),
    payOnDelivery: z
      .union([z.literal("on"), z.boolean()], { error: "Pay on Delivery is on or off" })
      .optional()
      .transform((value) => value === "on" || value === true),
  })
  .superRefine((zone, ctx) => {
    if (zone.deliveryMinDays > zone.deliveryMaxDays)
      ctx.addIssue({
        code: "custom",
        path: ["deliveryMaxDays"],
        message: "Slowest delivery cannot be sooner than the fastest",
      });
  });

/** A zone as staff define it, money in pesewas: what createShippingZone and updateShippingZone take. */
export type ShippingZoneInput = z.output<typeof shippingZoneFormSchema>;

/** The form as its fields hold it (strings), for Conform's defaultValue. */
export interface ShippingZoneFormValues {
  name: string;
  areas: string[];
  fee: string;
  freeShippingThreshold: string;
  deliveryMinDays: string;
  deliveryMaxDays: string;
  payOnDelivery: "on" | "";
}
