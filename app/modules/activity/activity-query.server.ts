import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { parseSerialId } from "~/lib/input";
import { isActivityArea } from "./activity-kinds";
import { decodeCursor, type ActivityCursor, type ActivityFilter } from "./activity-log.server";
import { ACTIVITY_PARAMS as P } from "./activity-params";

/** "2026-12-04", a real calendar day. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const text = z.string().max(200).optional().catch(undefined);
const schema = z.object({
  [P.person]: text,
  [P.kind]: text,
  [P.from]: text,
  [P.to]: text,
  [P.product]: text,
  [P.order]: text,
  [P.older]: text,
  [P.newer]: text,
  [P.entry]: text,
});

export interface ActivityQuery {
  filter: ActivityFilter;
  /** The page: after this entry (older) or before it (newer); neither: the newest. */
  older?: ActivityCursor;
  newer?: ActivityCursor;
  /** The entry whose details are open. */
  entryId: number | null;
}

/**
 * The Activity page's URL read (activity-params.ts). A value that cannot filter (an unknown
 * kind, a day that is not a date, a product id that is not a number, a cursor that does not
 * decode) is left out, so a hand-edited link still shows the log.
 */
export function activityQueryFromUrl(params: URLSearchParams): ActivityQuery {
  const q = parseQuery(schema, Object.fromEntries(params));
  const person = q[P.person]?.trim();
  const day = (value: string | undefined) => (value && isDay(value) ? value : undefined);
  const from = day(q[P.from]);
  const to = day(q[P.to]);
  const kind = q[P.kind];
  const productId = parseSerialId(q[P.product]);
  const order = q[P.order]?.toLowerCase();
  const filter: ActivityFilter = {
    ...(person ? { actorId: person } : {}),
    ...(isActivityArea(kind) ? { area: kind } : {}),
    ...(from ? { fromDay: from } : {}),
    ...(to ? { toDay: to } : {}),
    ...(productId !== null ? { productId } : {}),
    ...(order && z.uuid().safeParse(order).success ? { orderId: order } : {}),
  };
  const older = decodeCursor(q[P.older]);
  return {
    filter,
    older,
    newer: older ? undefined : decodeCursor(q[P.newer]),
    entryId: /^\d{1,15}$/.test(q[P.entry] ?? "") ? Number(q[P.entry]) : null,
  };
}
