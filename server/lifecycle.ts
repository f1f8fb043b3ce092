import type { Server } from "node:http";
import type { Logger } from "./logger";

/** Whether this instance is on its way out: `/api/ready` answers 503 from the first signal. */
export interface Lifecycle {
  draining: boolean;
}

/** How long a shutdown may take (requests in flight, then background jobs and the database) before the process exits anyway. */
export const SHUTDOWN_BOUND_MS = 20_000;

/**
 * SIGINT/SIGTERM: drain. `/api/ready` says so at once (a load balancer stops sending), the
 * servers stop accepting connections and closes idle keep-alive ones, the requests in flight
 * finish, then background jobs stop (each finishes the item in hand) and the database closes;
 * then exit 0. Past SHUTDOWN_BOUND_MS the process exits 1 regardless: compose and platforms
 * wait 30 s before their SIGKILL.
 */
export function handleShutdown(
  /** Every server on the shop's port (server/listening-socket.ts adds its copies to the list as they listen). */
  servers: Server | Server[],
  logger: Logger,
  closeResources: () => Promise<void>,
  lifecycle: Lifecycle = { draining: false },
) {
  const stop = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.error(`shutdown took over ${SHUTDOWN_BOUND_MS / 1000} s; exiting anyway`);
      logger.flush();
      process.exit(1);
    }, SHUTDOWN_BOUND_MS);
    force.unref();
    const all = Array.isArray(servers) ? servers : [servers];
    const closed = Promise.all(all.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    for (const server of all) server.closeIdleConnections();
    try {
      await closed;
      await closeResources();
      logger.info("shut down cleanly");
      logger.flush();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "error while shutting down");
      logger.flush();
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
