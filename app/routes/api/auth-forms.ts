import { answerInJson } from "~/lib/answer-in-json.server";
import { authPageAction } from "~/modules/auth/auth-page-action.server";

/** POST /api/auth-forms: /auth's forms answered in JSON (AuthActionResult) for the page's island, with the session cookie. */
export const action = answerInJson(authPageAction);
