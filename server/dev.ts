import { getRequestListener } from "@hono/node-server";
import http from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { boot } from "./boot";
import { createHttpApp } from "./http";
import { handleShutdown } from "./lifecycle";

/** `npm run dev`: Vite middleware (HMR) in front of the same Hono app production uses. */
const { config, logger, services, shutdown } = await boot();
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createHttpApp({
  services,
  logger,
  mode: "development",
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const listener = getRequestListener(app.fetch);
const server = http.createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
server.listen(config.port, config.host, () => logger.info(`Dev server on http://localhost:${config.port}`));
handleShutdown(server, logger, async () => {
  await vite.close();
  await shutdown();
});
