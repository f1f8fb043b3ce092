import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import selfsigned from "selfsigned";

/** Headers that belong to one connection, not to the request: HTTP/2 forbids them. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "http2-settings"]);

/**
 * A TLS front speaking HTTP/2 (and HTTP/1.1 to clients without it) that passes every request to
 * `target` over plain HTTP/1.1, as the proxy of a deployed shop does (Caddy, nginx, a load
 * balancer). It exists so Lighthouse can load the shop as shoppers do: a browser speaks HTTP/2
 * only over TLS, and over HTTP/1.1 it opens at most six connections to a host, so a page's
 * twenty-odd scripts queue behind each other on a slow link. Lighthouse's simulation copies
 * whichever protocol it saw. The certificate is made at start for localhost; the browser must be
 * told to accept it (`--ignore-certificate-errors`). Bodies pass through as they are: the shop
 * compresses, the front does not.
 */
export async function startHttpsFront(target: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const { private: key, cert } = await selfsigned.generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(":") && value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = request.headers[":authority"] ?? request.headers.host ?? upstream.host;
    headers["x-forwarded-proto"] = "https";
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        const answerHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  // Browsers keep their sessions open; stopping ends them rather than waiting for them.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    stop: async () => {
      agent.destroy();
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
