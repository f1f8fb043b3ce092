import type { Server } from "node:http";
import type { Logger } from "./logger";

/** SIGINT/SIGTERM: stop accepting, let open requests finish, close the database, exit. */
export function handleShutdown(server: Server, logger: Logger, closeResources: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took over 10 s; exiting anyway");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    try {
      await closeResources();
      logger.flush();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
