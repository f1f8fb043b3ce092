import { answerInJson } from "~/lib/answer-in-json.server";
import { trackOrderAction } from "~/modules/orders/track-order-action.server";

/** POST /api/track-order: /track-order's lookup answered in JSON (TrackResult) for the page's island. */
export const action = answerInJson(trackOrderAction);
