import { data, type AppLoadContext } from "react-router";
import { guardAction } from "~/modules/auth/action-guard.server";
import { removeSubscriber } from "~/modules/newsletter/subscribers.server";
import { removeSubscriberSchema } from "~/modules/newsletter/subscribers.schema";
import { REMOVE_FAILED, type SubscriberActionResult } from "~/components/admin/newsletter/subscriber-action";

/**
 * Remove (unsubscribe) one address: the guard checks method, admin session, origin and the id;
 * the delete is one statement, so a retried post finds the address gone and says so.
 */
export async function removeSubscriberFromList(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    {
      access: { route: "admin/newsletter", form: "remove" },
      schema: removeSubscriberSchema,
      reply: (refused): SubscriberActionResult => ({ ok: false, message: refused.firstMessage ?? REMOVE_FAILED }),
    },
  );
  if (!guarded.ok) return guarded.response;
  try {
    const { removed, email } = await removeSubscriber(context.database.db, guarded.value.id);
    if (removed) context.log.info({ subscriberId: guarded.value.id, by: guarded.viewer.id }, "newsletter: address removed by staff");
    return data<SubscriberActionResult>({ ok: true, removed, email });
  } catch (error) {
    context.log.error({ err: error }, "newsletter: removing an address failed");
    return data<SubscriberActionResult>({ ok: false, message: REMOVE_FAILED }, { status: 500 });
  }
}
