import path from "node:path";
import type { Db } from "~db/client";
import { claimDueEmails, markEmailFailed, markEmailSent } from "./email-outbox.server";
import type { EmailTransport } from "./email-transport.server";

export interface EmailWorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Delivers every due message once; returns how many were sent. Safe to run concurrently. */
export async function deliverDueEmails(db: Db, transport: EmailTransport, log: EmailWorkerLog, batchSize = 10): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDueEmails(db, batchSize);
    if (batch.length === 0) return sent;
    for (const email of batch) {
      try {
        const { location } = await transport.send(email);
        await markEmailSent(db, email.id);
        sent++;
        // Ids, not addresses: the recipient is in the outbox row (and the file's name).
        log.info(
          { emailId: email.id, kind: email.kind, ...(location ? { folder: path.dirname(location) } : {}) },
          location ? "email written to the outbox folder" : "email sent",
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const status = await markEmailFailed(db, email.id, email.attempts, message);
        log.warn({ emailId: email.id, kind: email.kind, attempts: email.attempts, status, error: message }, "email delivery failed");
      }
    }
  }
}

/**
 * Polls the outbox every `intervalMs` in the server process. `nudge()` runs a round now;
 * `stop()` waits for the round in progress, so shutdown never cuts a delivery in half.
 */
export function startEmailWorker(options: { db: Db; transport: EmailTransport; log: EmailWorkerLog; intervalMs?: number }) {
  const { db, transport, log, intervalMs = 2_000 } = options;
  let stopped = false;
  let busy = false;
  let again = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = async (): Promise<void> => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    clearTimeout(timer);
    running = deliverDueEmails(db, transport, log).catch((error) => log.error({ err: error }, "email worker round failed"));
    await running;
    busy = false;
    if (stopped) return;
    if (again) {
      again = false;
      return tick();
    }
    timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), 0);

  return {
    nudge: () => void tick(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
