import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request exactly as written: any Host, X-Forwarded-* or Content-Length header a
 * browser or fetch would not let a test set (what an attacker's script sends).
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** The address to connect from, e.g. 127.0.0.23 (all of 127.0.0.0/8 is this machine): a client of its own behind a proxy. */
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * Streams a body of `totalBytes` without a Content-Length (chunked, as a script can) and says
 * how much was sent when the server answered or closed the connection: a server that counts
 * as bytes arrive stops it long before the end.
 */
export function streamChunkedBody(
  url: string,
  totalBytes: number,
  headers: Record<string, string> = {},
): Promise<{ status: number | null; bytesSent: number }> {
  const target = new URL(url);
  const chunk = Buffer.alloc(64 * 1024, "a");
  let bytesSent = 0;
  return new Promise((resolve) => {
    let status: number | null = null;
    const done = () => resolve({ status, bytesSent });
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { "Transfer-Encoding": "chunked", "Content-Type": "application/x-www-form-urlencoded", ...headers },
      },
      (response) => {
        status = response.statusCode ?? null;
        response.resume();
        response.on("end", done);
      },
    );
    request.on("error", done);
    const pump = () => {
      while (bytesSent < totalBytes && status === null && !request.destroyed) {
        bytesSent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}
