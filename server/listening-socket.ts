import { spawn } from "node:child_process";
import type { Server } from "node:http";
import type { Logger } from "./logger";

/**
 * How many handles the shop keeps on its one listening socket: Node (libuv 1.45 and later, Node
 * 20's 1.46 included) accepts one new connection per handle per turn of the event loop. On the
 * embedded database a turn holds whole renders (its queries run in this process), 20–30 ms in a
 * slow hour: a hundred connections opened at once were accepted at about 40 a second, so a
 * visitor who came in a flood of new searches, or after one began (a kept page, checkout),
 * waited up to 2–5 s before the server even read their request. Eight handles accept eight a
 * turn (a hundred connections in about a third of a second, measured on a loop busy 20 ms a
 * turn). Node 20 has no `reusePort`; each copy is a second descriptor of the same socket, so the
 * kernel keeps one queue and the order of arrival.
 */
export const LISTENING_HANDLES = 8;

/**
 * A child that sends back every handle it is sent. Passing a handle between processes
 * duplicates its descriptor (SCM_RIGHTS): what comes back is the same listening socket under a
 * new descriptor, which this process's event loop watches as one more handle. The handle goes as
 * Node's raw TCP handle, which the child never listens on, so it accepts nothing meanwhile.
 */
const ECHO_HANDLES = `process.on("message", (message, handle) => { if (handle) process.send(message, handle); });
process.on("disconnect", () => process.exit(0));`;

/** How long the copies may take before the shop goes on with the one handle it has. */
const COPY_TIMEOUT_MS = 10_000;

/**
 * Listens on `server`'s socket with `extra` more servers (same handler, made by `makeServer`),
 * once `server` listens. Resolves with the extra servers that listen (none when the copies could
 * not be made: the shop then runs on the one handle, as before, and says so in its log).
 */
export async function listenOnCopies(server: Server, makeServer: () => Server, extra: number, logger: Logger): Promise<Server[]> {
  const handle = (server as unknown as { _handle?: object })._handle;
  if (!handle || extra <= 0) return [];
  const child = spawn(process.execPath, ["-e", ECHO_HANDLES], { stdio: ["ignore", "ignore", "inherit", "ipc"], env: {} });
  try {
    const copies = await new Promise<object[]>((resolve, reject) => {
      const received: object[] = [];
      // Never what keeps the process alive (the child failing first leaves it pending).
      const timer = setTimeout(
        () => reject(new Error(`no copies of the listening socket within ${COPY_TIMEOUT_MS} ms`)),
        COPY_TIMEOUT_MS,
      ).unref();
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`the copying process exited (${code})`)));
      child.on("message", (_message, copy?: object) => {
        if (copy) received.push(copy);
        if (received.length === extra) {
          clearTimeout(timer);
          resolve(received);
        }
      });
      // Typed for sockets and servers; Node sends its raw handles too ("net.Native").
      for (let i = 0; i < extra; i++) child.send("copy", handle as never, { keepOpen: true });
    });
    const listening = await Promise.allSettled(
      copies.map(
        (copy) =>
          new Promise<Server>((resolve, reject) => {
            const copyServer = makeServer();
            copyServer.once("error", reject);
            copyServer.listen(copy, () => resolve(copyServer));
          }),
      ),
    );
    const servers = listening.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    if (servers.length < extra) logger.warn(`${extra - servers.length} of ${extra} copies of the listening socket could not listen`);
    return servers;
  } catch (error) {
    logger.warn({ err: error }, "the listening socket has one handle: new connections are accepted one a turn");
    return [];
  } finally {
    // Gone before this resolves: until it exits, its own descriptors keep the socket listening
    // even once every server here is closed.
    const exited = child.exitCode !== null || child.signalCode !== null ? null : new Promise((resolve) => child.once("exit", resolve));
    if (child.connected) child.disconnect();
    child.kill();
    await exited;
  }
}
