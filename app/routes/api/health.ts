import { sql } from "drizzle-orm";
import type { Route } from "./+types/health";

/** Liveness and database reachability, for load balancers and uptime checks. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    await context.database.db.execute(sql`select 1`);
    return Response.json({ status: "ok", database: context.database.driver }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The database away: the server answers its 503 and logs the outage once, not per check.
    if (context.noticeDatabaseError(error)) throw error;
    context.log.error({ err: error }, "health check: database unreachable");
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
