import { answerInJson } from "~/lib/answer-in-json.server";
import { resetPasswordAction } from "~/modules/auth/reset-password-action.server";

/** POST /api/reset-password: the new password, answered in JSON for the page's island (`{ redirect }` once saved). */
export const action = answerInJson(resetPasswordAction);
