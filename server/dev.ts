import { getRequestListener } from "@hono/node-server";
import http from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createIslandsDevServer } from "../vite-islands";
import { boot } from "./boot";
import { createHttpApp } from "./http";
import { ISLANDS_DEV_BASE } from "./islands-manifest";
import { handleShutdown } from "./lifecycle";

/**
 * `npm run dev`: Vite middleware (HMR) in front of the same Hono app production uses. Two Vite
 * dev servers, as production has two browser builds (decision 036): the router's, on React with
 * Fast Refresh, which also renders every page on the server; and the islands', on Preact, which
 * serves the pages of islands' entries and everything they import under ISLANDS_DEV_BASE.
 */
const { config, logger, services, shutdown } = await boot();
// Requests come once the server listens, with both dev servers made. Their hot updates go through
// its WebSocket (the router's at /, the islands' under ISLANDS_DEV_BASE): no port of their own.
const server = http.createServer((req, res) => {
  const next = () => listener(req, res);
  if (req.url?.startsWith(`${ISLANDS_DEV_BASE}/`)) islands.middlewares(req, res, next);
  else vite.middlewares(req, res, next);
});
const vite = await createViteServer({ server: { middlewareMode: true, ws: { server } }, appType: "custom" });
const islands = await createIslandsDevServer(vite, { base: ISLANDS_DEV_BASE, httpServer: server });
const app = createHttpApp({
  services,
  logger,
  mode: "development",
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const listener = getRequestListener(app.fetch);
server.listen(config.port, config.host, () => logger.info(`Dev server on http://localhost:${config.port}`));
handleShutdown(server, logger, async () => {
  await islands.close();
  await vite.close();
  await shutdown();
});
