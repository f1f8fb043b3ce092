import type { AppLoadContext } from "react-router";
import { answerInJson } from "~/lib/answer-in-json.server";
import { customRequestAction } from "~/modules/custom-requests/custom-request-action.server";

/** POST /api/custom-request: Request Custom Order answered in JSON (CustomRequestActionResult) for the page's island, photos and all. */
export const action = answerInJson(({ request, context }: { request: Request; context: AppLoadContext }) =>
  customRequestAction(request, context),
);
