import type { Db } from "~db/client";
import { sendBackInStockEmails } from "~/modules/catalog/back-in-stock.server";
import { sendDueReviewInvitations } from "~/modules/reviews/review-invitations.server";
import { onStorefrontChange } from "~/modules/storefront/storefront-changes.server";

export interface ReminderWorkerLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The shopper reminders, every `intervalMs` (a minute) in the server process: back-in-stock
 * emails and invitations to review (docs/product-rules.md §13 "Bringing shoppers back"). A storefront change (stock
 * saved, an order cancelled) runs a round a moment later, so a restock is told within seconds.
 * Each round is safe on any number of instances (the modules claim their rows). `stop()` waits
 * for the round in progress.
 */
export function startReminderWorker(options: {
  db: Db;
  origin: string;
  /** The auth secret (the opt-out link's key), read once it is needed. */
  secret: () => Promise<string>;
  log: ReminderWorkerLog;
  /** The email worker's nudge, after emails were queued. */
  onQueued?: () => void;
  intervalMs?: number;
}) {
  const { db, origin, log, onQueued, intervalMs = 60_000 } = options;
  let stopped = false;
  let busy = false;
  let again = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const round = async () => {
    const restocked = await sendBackInStockEmails(db, { origin });
    const invited = await sendDueReviewInvitations(db, { origin, secret: await options.secret() });
    if (restocked + invited > 0) {
      log.info({ restocked, invited }, "reminders: emails queued");
      onQueued?.();
    }
  };
  const tick = async (): Promise<void> => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    clearTimeout(timer);
    running = round().catch((error: unknown) => log.error({ err: error }, "reminders round failed"));
    await running;
    busy = false;
    if (stopped) return;
    if (again) {
      again = false;
      return tick();
    }
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref?.();
  };
  let soon: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = onStorefrontChange(db, () => {
    if (stopped || soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      void tick();
    }, 1_000);
    soon.unref?.();
  });
  timer = setTimeout(() => void tick(), 0);
  timer.unref?.();

  return {
    nudge: () => void tick(),
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(soon);
      await running;
    },
  };
}
