import { getRequestListener } from "@hono/node-server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError } from "~/env.server";
import { boot } from "./boot";
import { createShopHttp } from "./http";
import { limitHeapGrowth } from "./heap";
import { handleShutdown } from "./lifecycle";
import { LISTENING_HANDLES, listenOnCopies } from "./listening-socket";
import { createLogger, routeConsoleToLogger } from "./logger";
import { startMallocTrim } from "./malloc-trim";
import { optimiseHotCodeSooner } from "./v8-tiering";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Production entry: the built app on one port, on the configured database. */
async function main() {
  optimiseHotCodeSooner();
  const { config, logger, services, shutdown } = await boot();
  routeConsoleToLogger(logger);
  limitHeapGrowth(config.databaseUrl ? "postgres" : "pglite");
  await startMallocTrim(config.mallocTrimIntervalMs, logger);
  const buildPath = path.join(root, "build/server/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const lifecycle = { draining: false };
  const { app, answerBeforeApp } = createShopHttp({
    services,
    lifecycle,
    logger,
    build,
    mode: "production",
    clientDir: path.relative(process.cwd(), path.join(root, "build/client")) || ".",
  });
  // Pages the page cache holds are sent by Node's http layer itself, and new pages turned away
  // there when the renders are full; the rest go to the app through @hono/node-server's
  // listener (what its `serve` would have made).
  const appListener = getRequestListener(app.fetch, { hostname: config.host });
  const makeServer = () =>
    http.createServer((request, response) => {
      const toApp = () => void appListener(request, response);
      if (!answerBeforeApp(request, response, toApp)) toApp();
    });
  const server = makeServer();
  const servers = [server];
  handleShutdown(servers, logger, shutdown, lifecycle);
  server.listen(config.port, config.host, () => {
    const host = config.host === "0.0.0.0" ? "localhost" : config.host;
    logger.info(`Shop ready on http://${host}:${(server.address() as AddressInfo).port}`);
    // More handles on the same socket: new connections accepted several a turn, not one.
    void listenOnCopies(server, makeServer, LISTENING_HANDLES - 1, logger).then((copies) => {
      if (lifecycle.draining) for (const copy of copies) copy.close();
      else servers.push(...copies);
    });
  });
}

main().catch((error) => {
  // A configuration mistake is told to the operator as plain text (it names settings, not data);
  // any other failure goes through the logger, like every error (written at once: we exit next).
  if (error instanceof ConfigError) console.error(error.message);
  else createLogger("error", { sync: true }).fatal({ err: error }, "the shop could not start");
  process.exit(1);
});
