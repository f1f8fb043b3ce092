import { z } from "zod";
import { formatMoney, parseMoney } from "~/lib/money";
import { CONFIRM_REFUNDS_ABOVE } from "~/modules/settings/store-settings";

/** The forms of Admin → Sign-in security (decision 048): one Zod schema in the browser and the action. */

const password = z.string({ error: "Enter your password" }).min(1, "Enter your password").max(128, "A password is at most 128 characters");

/** Six digits as the app shows them ("123 456" is fine). */
const appCode = z
  .string({ error: "Enter the 6-digit code your app shows" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code your app shows"));

export const passwordFormSchema = z.object({ password });
export const appCodeFormSchema = z.object({ code: appCode });

/** "Confirm it's you": the password, or the app's code for those who have one. */
export const confirmIdentitySchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("password"), secret: password }),
  z.object({ method: z.literal("app"), secret: appCode }),
]);

const CONFIRM_ABOVE_MESSAGE = `Enter an amount from 0 (every refund) to ${formatMoney(CONFIRM_REFUNDS_ABOVE.max)}, e.g. 1000`;

/** The owner's rules for every staff sign-in: the app required, and which refunds ask again. */
export const signInRulesSchema = z.object({
  staffTwoFactorRequired: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  confirmRefundsAbove: z
    .string({ error: CONFIRM_ABOVE_MESSAGE })
    .trim()
    .transform((value, ctx) => {
      const pesewas = parseMoney(value);
      if (pesewas === null || pesewas < CONFIRM_REFUNDS_ABOVE.min || pesewas > CONFIRM_REFUNDS_ABOVE.max) {
        ctx.addIssue({ code: "custom", message: CONFIRM_ABOVE_MESSAGE });
        return z.NEVER;
      }
      return pesewas;
    }),
});

export const securityForms = {
  "start-setup": passwordFormSchema,
  "finish-setup": appCodeFormSchema,
  "turn-off": passwordFormSchema,
  "new-codes": passwordFormSchema,
  "confirm-identity": confirmIdentitySchema,
  "sign-in-rules": signInRulesSchema,
};
export type SecurityIntent = keyof typeof securityForms;

/** What the page's action answers (one shape for every form; `setup` and `recoveryCodes` are shown once). */
export interface SecurityActionResult {
  intent: SecurityIntent;
  ok: boolean;
  message: string;
  setup?: { qrSvg: string; key: string; recoveryCodes: string[] };
  recoveryCodes?: string[];
  /** confirm-identity: until when the session counts as confirmed (ISO). */
  confirmedUntil?: string;
  /** Field errors as the guard found them. */
  fieldErrors?: Record<string, string>;
}
