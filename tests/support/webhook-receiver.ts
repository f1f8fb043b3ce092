import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received, as text: what a signature is computed over. */
  rawBody: string;
}

/**
 * A real HTTP server on a free port that keeps every request it gets and answers each with the
 * next status from `answerWith` (200 once the list is used up), to play the shop's webhook.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(statuses.shift() ?? 200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/paystack`,
    received,
    /** The next requests get these statuses, in order. */
    answerWith(...next: number[]) {
      statuses.push(...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
