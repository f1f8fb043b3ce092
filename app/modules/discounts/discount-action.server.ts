import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { serialId } from "~/lib/input";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { CORRECT_DISCOUNT_FIELDS, type DiscountActionResult } from "~/components/admin/discounts/discount-action";
import { discountCodeFormSchema } from "./discount-code.schema";
import {
  createDiscountCode,
  deleteDiscountCode,
  DiscountCodeError,
  endDiscountCode,
  setDiscountCodePaused,
  updateDiscountCode,
} from "./discount-admin.server";

/**
 * Admin → Discounts' action: create, update, pause, resume, end and delete, admins only through
 * the guard (method, session, role, origin, input). A taken code comes back under its field.
 */
const INCOMPLETE = "The form was incomplete. Please reload the page and try again.";
const codeId = z.object({ id: serialId(INCOMPLETE) });

export const discountForms = {
  create: discountCodeFormSchema,
  update: z.intersection(codeId, discountCodeFormSchema),
  pause: codeId,
  resume: codeId,
  end: codeId,
  delete: codeId,
};

function refusal(refused: GuardFailure): DiscountActionResult {
  if (refused.reason === "input" && !refused.fieldErrors.id && (refused.intent === "create" || refused.intent === "update"))
    return { ok: false, message: refused.message ?? CORRECT_DISCOUNT_FIELDS, result: refused.result };
  return { ok: false, message: refused.message ?? (refused.reason === "origin" ? "This form must be sent from the shop." : INCOMPLETE) };
}

const answer = (result: DiscountActionResult, status = 200) => data<DiscountActionResult>(result, { status });

export async function runDiscountAction(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    { access: { route: "admin/discounts" }, intents: discountForms, unknownIntent: INCOMPLETE, reply: refusal },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  try {
    switch (guarded.intent) {
      case "create": {
        const { timezone } = await getStoreSettings(db);
        return answer({ ok: true, intent: "create", code: await createDiscountCode(db, guarded.value, timezone) });
      }
      case "update": {
        const { id, ...input } = guarded.value;
        const { timezone } = await getStoreSettings(db);
        return answer({ ok: true, intent: "update", code: await updateDiscountCode(db, id, input, timezone) });
      }
      case "pause":
      case "resume":
        return answer({
          ok: true,
          intent: guarded.intent,
          code: await setDiscountCodePaused(db, guarded.value.id, guarded.intent === "pause"),
        });
      case "end":
        return answer({ ok: true, intent: "end", code: await endDiscountCode(db, guarded.value.id) });
      case "delete":
        return answer({ ok: true, intent: "delete", code: await deleteDiscountCode(db, guarded.value.id) });
    }
  } catch (error) {
    if (error instanceof DiscountCodeError) {
      const result = error.field ? guarded.reply({ fieldErrors: { [error.field]: [error.message] } }) : undefined;
      return answer({ ok: false, message: error.message, result }, error.status);
    }
    context.log.error({ err: error, intent: guarded.intent }, "admin discount code action failed");
    return answer({ ok: false, message: "Something went wrong on our side. Please try again." }, 500);
  }
}
