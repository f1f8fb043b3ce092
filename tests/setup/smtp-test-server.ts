import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives. `failNext(n)` makes
 * the next n messages fail with a temporary error (451), as a struggling server would.
 */
export async function startSmtpTestServer() {
  const received: ReceivedEmail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          const error = Object.assign(new Error("Temporary local problem, try again later"), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n: number) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
