import { describe, expect, it } from "vitest";
import { safeError, safeLogArgs } from "~/lib/log-privacy.server";
import { createLogger, requestLogger } from "./logger";

function captured() {
  const lines: string[] = [];
  const logger = createLogger("info", { destination: { write: (line: string) => void lines.push(line) } });
  return { logger, text: () => lines.join("") };
}

describe("what a log line may hold", () => {
  it("masks the value a PostgreSQL data exception quotes, keeps the names of things", () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "024 555 0199"'), {
      code: "22P02",
      routine: "pg_strtoint32",
    });
    expect(safeError(error)).toMatchObject({
      message: 'invalid input syntax for type integer: "[redacted]"',
      code: "22P02",
      routine: "pg_strtoint32",
    });
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "orders_pkey"'), {
      code: "23505",
      detail: "Key (customer_email)=(ama@example.com) already exists.",
      where: "SQL statement …",
      hint: "…",
      constraint: "orders_pkey",
    });
    const safe = safeError(unique) as Record<string, unknown>;
    expect(safe).toMatchObject({ message: 'duplicate key value violates unique constraint "orders_pkey"', constraint: "orders_pkey" });
    expect(safe).not.toHaveProperty("detail");
    expect(safe).not.toHaveProperty("where");
    expect(JSON.stringify(safe)).not.toContain("ama@example.com");
  });

  it("keeps ids and codes of the shop's own errors, drops their other strings, masks emails in messages", () => {
    const error = Object.assign(new Error("No account for kofi@example.com"), { productId: 12, reason: "out-of-stock", name2: "Kofi" });
    const safe = safeError(error) as Record<string, unknown>;
    expect(safe).toMatchObject({ message: "No account for [email]", productId: 12, reason: "out-of-stock" });
    expect(safe).not.toHaveProperty("name2");
    expect(String(safe.stack)).not.toContain("kofi@example.com");
  });

  it("redacts personal fields wherever they are logged, and emails in messages", () => {
    const { logger, text } = captured();
    logger.info(
      { orderId: "0b7c", customerEmail: "ama@example.com", order: { phone: "+233 24 000 0000", id: 7 } },
      "order for ama@example.com",
    );
    const line = JSON.parse(text()) as Record<string, unknown>;
    expect(line).toMatchObject({
      orderId: "0b7c",
      customerEmail: "[redacted]",
      order: { phone: "[redacted]", id: 7 },
      msg: "order for [email]",
    });
  });

  it("a library's logger arguments: the error under err, objects only by their keys", () => {
    const error = new Error("boom");
    expect(safeLogArgs(["step", error, { email: "ama@example.com", name: "Ama" }, 3])).toEqual({
      err: error,
      args: ["step", { keys: ["email", "name"] }, 3],
    });
  });
});

describe("a request's logger", () => {
  it("binds every line to the request's id, and makes pino's child only when the request first logs", () => {
    const { logger, text } = captured();
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof logger.child;
    const log = requestLogger(logger, "req-7f3a");
    expect(children).toBe(0);
    log.warn({ orderId: 41 }, "payment held for staff");
    log.error("refund refused");
    log.info({ email: "ama@example.com" });
    expect(children).toBe(1);
    const lines = text()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { level: 40, requestId: "req-7f3a", orderId: 41, msg: "payment held for staff" },
      { level: 50, requestId: "req-7f3a", msg: "refund refused" },
      { level: 30, requestId: "req-7f3a", email: "[redacted]" },
    ]);
    expect(lines[2]).not.toHaveProperty("msg");
  });
});
