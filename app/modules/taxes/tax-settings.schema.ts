import { z } from "zod";
import { basisPointsOf, MAX_BASIS_POINTS } from "./tax-lines";
import { MAX_TAX_LINES, normaliseTin, TAX_NAME_MAX, TIN_MESSAGE, TIN_PATTERN, type TaxSettings } from "./tax-settings";

/**
 * Settings → Taxes: how the settings are stored (one row of the settings table, key "taxes") and
 * what the tab posts (Conform: lines[0].name, lines[0].rate, tin, zeroRateExports,
 * zeroRatedZoneIds). Shared by the browser's check and the action; pure.
 */

export const TAX_NAME_MESSAGE = "Name this tax, e.g. VAT";
export const TAX_RATE_MESSAGE = "Enter the rate as a percentage from 0 to 100 with at most two decimals, e.g. 15 or 2.5";
export const duplicateTaxNameMessage = (name: string) => `Another tax is already named “${name}”: give each tax its own name`;
export const TOO_MANY_TAX_LINES = `At most ${MAX_TAX_LINES} taxes`;

/** How the value is kept; reading falls back to the defaults when it does not match. */
export const storedTaxSettingsSchema = z.object({
  lines: z
    .array(z.object({ name: z.string().trim().min(1).max(TAX_NAME_MAX), basisPoints: z.number().int().min(0).max(MAX_BASIS_POINTS) }))
    .max(MAX_TAX_LINES),
  tin: z.union([z.literal(""), z.string().regex(TIN_PATTERN)]),
  zeroRateExports: z.boolean(),
  zeroRatedZoneIds: z.array(z.number().int().positive()),
}) satisfies z.ZodType<TaxSettings>;

/** A form switch: "on"/"true" when set; absent or "" when not. */
const formSwitch = z.preprocess((value) => value === true || value === "on" || value === "true" || value === "1", z.boolean());

/** Checkboxes sharing a name: absent, one value or several. */
const zoneIds = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(
    z
      .string()
      .regex(/^\d{1,9}$/, "Choose zones from the list")
      .transform(Number),
  ),
);

const taxLineForm = z.object({
  name: z
    .string({ error: TAX_NAME_MESSAGE })
    .trim()
    .min(1, TAX_NAME_MESSAGE)
    .max(TAX_NAME_MAX, `A tax's name can be at most ${TAX_NAME_MAX} characters`),
  rate: z.string({ error: TAX_RATE_MESSAGE }).transform((text, ctx) => {
    const basisPoints = basisPointsOf(text);
    if (basisPoints === null) {
      ctx.addIssue({ code: "custom", message: TAX_RATE_MESSAGE });
      return z.NEVER;
    }
    return basisPoints;
  }),
});

/** The Taxes tab as posted; its output is what is stored. */
export const taxSettingsFormSchema = z
  .object({
    lines: z
      .array(taxLineForm)
      .max(MAX_TAX_LINES, TOO_MANY_TAX_LINES)
      .optional()
      .transform((lines) => lines ?? [])
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        lines.forEach((line, index) => {
          const key = line.name.toLocaleLowerCase("en");
          if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "name"], message: duplicateTaxNameMessage(line.name) });
          seen.add(key);
        });
      }),
    tin: z
      .string()
      .optional()
      .transform((text) => normaliseTin(text ?? ""))
      .refine((tin) => tin === "" || TIN_PATTERN.test(tin), TIN_MESSAGE),
    zeroRateExports: formSwitch,
    zeroRatedZoneIds: zoneIds,
  })
  .transform(({ lines, tin, zeroRateExports, zeroRatedZoneIds }): TaxSettings => ({
    lines: lines.map((line) => ({ name: line.name, basisPoints: line.rate })),
    tin,
    zeroRateExports,
    zeroRatedZoneIds: [...new Set(zeroRatedZoneIds)],
  }));
export type TaxSettingsForm = z.input<typeof taxSettingsFormSchema>;
