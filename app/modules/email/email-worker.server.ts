import path from "node:path";
import type { Db } from "~db/client";
import { claimDueEmails, markEmailFailed, markEmailSent } from "./email-outbox.server";
import type { EmailTransport } from "./email-transport.server";

export interface EmailWorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Delivers every due message once; returns how many were sent. Safe to run concurrently.
 *
 * `unmarked` holds messages sent whose "sent" could not be written (the database went away
 * between the two): they are marked first next round, rather than sent again when their lease
 * ends, or retried as failures.
 */
export async function deliverDueEmails(
  db: Db,
  transport: EmailTransport,
  log: EmailWorkerLog,
  batchSize = 10,
  unmarked: Set<number> = new Set(),
): Promise<number> {
  for (const id of unmarked) {
    await markEmailSent(db, id);
    unmarked.delete(id);
  }
  let sent = 0;
  for (;;) {
    const batch = await claimDueEmails(db, batchSize);
    if (batch.length === 0) return sent;
    for (const email of batch) {
      let location: string | undefined;
      try {
        ({ location } = await transport.send(email));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const status = await markEmailFailed(db, email.id, email.attempts, message);
        // Given up (after MAX_ATTEMPTS) it is an error: the server tells the owner of a failed job.
        if (status === "failed")
          log.error(
            { emailId: email.id, kind: email.kind, attempts: email.attempts, error: message },
            "email given up after its last attempt",
          );
        else log.warn({ emailId: email.id, kind: email.kind, attempts: email.attempts, status, error: message }, "email delivery failed");
        continue;
      }
      try {
        await markEmailSent(db, email.id);
      } catch (error) {
        unmarked.add(email.id);
        throw error;
      }
      sent++;
      // Ids, not addresses: the recipient is in the outbox row (and the file's name).
      log.info(
        { emailId: email.id, kind: email.kind, ...(location ? { folder: path.dirname(location) } : {}) },
        location ? "email written to the outbox folder" : "email sent",
      );
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
  // Sent, but the database was away when they were to be marked so (deliverDueEmails).
  const unmarked = new Set<number>();

  const tick = async (): Promise<void> => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    clearTimeout(timer);
    running = deliverDueEmails(db, transport, log, 10, unmarked).catch((error) => log.error({ err: error }, "email worker round failed"));
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
