import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Db } from "~db/client";
import { BackupInProgressError, streamBackup, takeBackup, type BackupPlace } from "~/modules/backups/take-backup.server";

/** Where `npm run backup` finds the running shop on the embedded database. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "shop.sock");
}

/**
 * The embedded database lives inside the shop's process, and only one process may open its
 * folder: so `npm run backup`, while the shop runs, asks the shop itself, over a Unix socket in
 * DATA_DIR (only the shop's user, and root, may connect: the folder's permissions are the
 * authentication). Never a network port. `POST /backup` takes a backup into DATA_DIR/backups as
 * Settings → System does (answering its record as JSON); `POST /backup?stream=NAME` streams one
 * to the caller (`--out FILE`), who checks the file it wrote.
 */
export function startControlSocket(options: {
  dataDir: string;
  db: Db;
  place: BackupPlace;
  log: { warn(obj: object, msg?: string): void };
}) {
  const socketPath = controlSocketPath(options.dataDir);
  // The data folder's lock is held by this process: a socket file left here is a dead one's.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://shop.sock");
    if (req.method !== "POST" || url.pathname !== "/backup") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Unknown command.\n");
      return;
    }
    const streamName = url.searchParams.get("stream");
    const refuse = (error: unknown) => {
      if (res.headersSent) return void res.destroy(error as Error);
      const status = error instanceof BackupInProgressError ? 409 : 500;
      res.writeHead(status, { "content-type": "text/plain" }).end(`${(error as Error).message}\n`);
    };
    if (streamName === null) {
      takeBackup(options.db, options.place, { kind: "manual" })
        .then((record) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(record)))
        .catch(refuse);
      return;
    }
    res.writeHead(200, { "content-type": "application/gzip" });
    streamBackup(options.db, options.place, streamName.slice(0, 500), res).catch((error: unknown) => {
      options.log.warn({ err: error }, "backup over the control socket failed");
      refuse(error);
    });
  });
  server.listen(socketPath, () => fs.chmodSync(socketPath, 0o600));
  server.on("error", (error) =>
    options.log.warn({ err: error }, `control socket ${socketPath} is not available: npm run backup needs the shop stopped`),
  );
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socketPath, { force: true });
      }),
  };
}
