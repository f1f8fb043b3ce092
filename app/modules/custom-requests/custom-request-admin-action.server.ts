import { data, type AppLoadContext } from "react-router";
import { guardAction } from "~/modules/auth/action-guard.server";
import { customRequestStatusLabel, updateCustomRequestSchema } from "~/modules/custom-requests/custom-request.schema";
import { CustomRequestNotFoundError, updateCustomRequest } from "~/modules/custom-requests/custom-requests-admin.server";
import type { CustomRequestUpdateResult } from "~/components/admin/custom-requests/custom-request-update-result";

/** A request's status and notes (admins only, through the guard). */
export async function updateCustomRequestFromList(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    {
      access: { route: "admin/custom-requests", form: "update" },
      schema: updateCustomRequestSchema,
      reply: (refused): CustomRequestUpdateResult => ({
        ok: false,
        message: refused.firstMessage ?? "Please reload the page and try again.",
      }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const { value } = guarded;
  try {
    const { changed } = await updateCustomRequest(context.database.db, value.reference, value);
    const message = changed ? `${value.reference} is ${customRequestStatusLabel[value.status].toLowerCase()}.` : "Nothing had changed.";
    return data<CustomRequestUpdateResult>({ ok: true, changed, message });
  } catch (error) {
    if (error instanceof CustomRequestNotFoundError)
      return data<CustomRequestUpdateResult>({ ok: false, message: error.message }, { status: 404 });
    context.log.error({ err: error }, "admin custom requests: update failed");
    return data<CustomRequestUpdateResult>({ ok: false, message: "The request could not be saved. Please try again." }, { status: 500 });
  }
}
