import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { listenOnCopies } from "./listening-socket";

const logger = createLogger("silent");
let servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

/** A server that answers with its own name, so a test can tell which handle accepted a connection. */
function namedServer(name: string): http.Server {
  const server = http.createServer((_request, response) => response.end(name));
  servers.push(server);
  return server;
}

/** Opens a connection, sends a GET and resolves with the answer's body. */
function ask(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n"));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer.split("\r\n\r\n")[1] ?? ""));
    socket.on("error", reject);
  });
}

describe("listenOnCopies", () => {
  it("accepts new connections on every copy of the listening socket, several a turn of the event loop", async () => {
    const first = namedServer("first");
    await new Promise<void>((resolve) => first.listen(0, "127.0.0.1", resolve));
    const { port } = first.address() as AddressInfo;
    let copyNumber = 0;
    const copies = await listenOnCopies(first, () => namedServer(`copy ${++copyNumber}`), 3, logger);
    expect(copies).toHaveLength(3);

    // Forty visitors connect while the event loop is busy (a render), so all wait to be accepted
    // at once: every one is answered, and more than one handle took them.
    const answers = Array.from({ length: 40 }, () => ask(port));
    // (Node starts a connect to an address on the next tick: let the forty start first.)
    await new Promise((resolve) => process.nextTick(resolve));
    const busyUntil = performance.now() + 50;
    while (performance.now() < busyUntil);
    const bodies = await Promise.all(answers);
    expect(bodies.every((body) => body === "first" || body.startsWith("copy "))).toBe(true);
    expect(new Set(bodies).size).toBeGreaterThan(1);
  });

  it("gives no copies, and leaves the one handle serving, for a server that does not listen", async () => {
    const idle = namedServer("idle");
    expect(await listenOnCopies(idle, () => namedServer("copy"), 3, logger)).toEqual([]);
  });

  it("frees the port once the server and its copies are closed", async () => {
    const first = namedServer("first");
    await new Promise<void>((resolve) => first.listen(0, "127.0.0.1", resolve));
    const { port } = first.address() as AddressInfo;
    await listenOnCopies(first, () => namedServer("copy"), 2, logger);
    expect(await ask(port)).toMatch(/^(first|copy)$/);
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    servers = [];
    await expect(ask(port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
