import type { Route } from "./+types/health";

/**
 * Liveness and database reachability, for load balancers and uptime checks. `ping` asks the
 * database itself: PostgreSQL a `select 1`, the embedded database its folder too (its `select 1`
 * answers from memory with the folder gone).
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    await context.database.ping();
    return Response.json({ status: "ok", database: context.database.driver }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The database away: the server answers its 503 (back in a moment) and logs the outage once, not per check.
    if (context.noticeDatabaseError(error)) throw error;
    context.log.error({ err: error }, "health check: database unreachable");
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
