import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { serialId } from "~/lib/input";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import { shippingZoneFormSchema } from "~/modules/shipping/shipping-zone.schema";
import {
  createShippingZone,
  deleteShippingZone,
  ShippingZoneError,
  updateShippingZone,
} from "~/modules/shipping/shipping-zones-admin.server";
import { CORRECT_ZONE_FIELDS, type ZoneActionResult } from "~/components/admin/shipping/zone-action";

/**
 * The Shipping page's action: create (intent=create), edit (intent=update, id) and delete
 * (intent=delete, id), admins only through the guard (method, session, role, origin, input).
 * What only the server can tell (a country already in another zone, a taken name) comes back
 * under its field.
 */
const INCOMPLETE = "The form was incomplete. Please reload the page and try again.";
const zoneId = z.object({ id: serialId(INCOMPLETE) });

export const zoneForms = {
  create: shippingZoneFormSchema,
  update: z.intersection(zoneId, shippingZoneFormSchema),
  delete: zoneId,
};

function refusal(refused: GuardFailure): ZoneActionResult {
  if (refused.reason === "input" && !refused.fieldErrors.id && refused.intent !== "delete")
    return { ok: false, message: refused.message ?? CORRECT_ZONE_FIELDS, result: refused.result };
  return { ok: false, message: refused.message ?? (refused.reason === "origin" ? "This form must be sent from the shop." : INCOMPLETE) };
}

const answer = (result: ZoneActionResult, status = 200) => data<ZoneActionResult>(result, { status });

export async function runZoneAction(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    { access: { route: "admin/shipping" }, intents: zoneForms, unknownIntent: INCOMPLETE, reply: refusal },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  try {
    switch (guarded.intent) {
      case "create":
        return answer({ ok: true, intent: "create", zone: await createShippingZone(db, guarded.value) });
      case "update": {
        const { id, ...input } = guarded.value;
        return answer({ ok: true, intent: "update", zone: await updateShippingZone(db, id, input) });
      }
      case "delete":
        return answer({ ok: true, intent: "delete", zone: await deleteShippingZone(db, guarded.value.id) });
    }
  } catch (error) {
    if (error instanceof ShippingZoneError) {
      const result = error.field ? guarded.reply({ fieldErrors: { [error.field]: [error.message] } }) : undefined;
      return answer({ ok: false, message: error.message, result }, error.status);
    }
    context.log.error({ err: error, intent: guarded.intent }, "admin shipping zone action failed");
    return answer({ ok: false, message: "Something went wrong on our side. Please try again." }, 500);
  }
}
