import { afterEach, describe, expect, it, vi } from "vitest";
import { DatabaseAvailability, isDatabaseUnavailableError } from "./database-availability";
import { databaseOutageAnswer, databaseOutagePage } from "./database-outage";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** Drizzle's wrapper: "Failed query: …" with the driver's error as its cause. */
const failedQuery = (cause: unknown) => new Error("Failed query: select 1\nparams: ", { cause });

describe("which errors mean the database is away", () => {
  it.each([
    ["a restart ending the session (57P01)", withCode("terminating connection due to administrator command", "57P01")],
    ["a crash of another backend (57P02)", withCode("terminating connection because of crash of another server process", "57P02")],
    ["the server starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["too many connections (53300)", withCode("sorry, too many clients already", "53300")],
    ["a connection exception (class 08)", withCode("connection failure", "08006")],
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["a broken pipe", withCode("write EPIPE", "EPIPE")],
    ["a timed-out socket", withCode("connect ETIMEDOUT", "ETIMEDOUT")],
    ["an unknown host", withCode("getaddrinfo ENOTFOUND db", "ENOTFOUND")],
    ["node-postgres losing its connection", new Error("Connection terminated unexpectedly")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a connection timing out", new Error("Connection terminated due to connection timeout")],
    ["a client already broken", new Error("Client has encountered a connection error and is not queryable")],
    ["the embedded database's file gone (58P01)", withCode('could not open file "base/5/2691": No such file or directory', "58P01")],
    ["the embedded database's folder a file (42809)", withCode('could not open file "base/5/2691": Not a directory', "42809")],
    ["the embedded database's folder unreadable (42501)", withCode('could not open file "base/5/2691": Permission denied', "42501")],
    ["the embedded database aborted", new WebAssembly.RuntimeError("unreachable")],
  ])("%s", (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
    expect(isDatabaseUnavailableError(failedQuery(error))).toBe(true);
  });

  it("sees through Node's happy-eyeballs AggregateError", () => {
    const both = new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"), withCode("x", "ECONNREFUSED")]);
    expect(isDatabaseUnavailableError(both)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode('duplicate key value violates unique constraint "orders_pkey"', "23505")],
    ["a syntax error", withCode('syntax error at or near "selec"', "42601")],
    ["a permission refused to a statement", withCode("permission denied for table orders", "42501")],
    ["a wrong object type in a statement", withCode('"orders" is not a view', "42809")],
    ["a serialization failure", withCode("could not serialize access due to concurrent update", "40001")],
    ["a plain error", new Error("Something else went wrong")],
    ["not an error at all", "Connection terminated"],
    ["nothing", undefined],
  ])("not %s", (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
    expect(isDatabaseUnavailableError(failedQuery(error))).toBe(false);
  });

  it("stops on a cycle of causes", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    a.cause = new Error("b", { cause: a });
    expect(isDatabaseUnavailableError(a)).toBe(false);
  });
});

describe("the database's availability, probed back", () => {
  afterEach(() => vi.useRealTimers());

  function logSpy() {
    return { warn: vi.fn(), error: vi.fn() };
  }

  it("goes down on an outage error, logs it once, probes one at a time and comes back on the first answer", async () => {
    vi.useFakeTimers();
    const log = logSpy();
    let answering = false;
    let inFlight = 0;
    let most = 0;
    const probe = vi.fn(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // slower than the interval
      inFlight--;
      if (!answering) throw withCode("connect ECONNREFUSED", "ECONNREFUSED");
    });
    const availability = new DatabaseAvailability({ probe, log, probeIntervalMs: 1_000 });
    expect(availability.notice(new Error("duplicate key"))).toBe(false);
    expect(availability.down).toBe(false);

    expect(availability.notice(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(availability.notice(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(availability.down).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(availability.down).toBe(true);
    expect(probe.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);

    answering = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(availability.down).toBe(false);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(1);

    // Up again: no more probes.
    const probes = probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe.mock.calls.length).toBe(probes);
  });

  it("counts a probe that never answers as failed, and tries again", async () => {
    vi.useFakeTimers();
    let hang = true;
    const probe = vi.fn(() => (hang ? new Promise(() => {}) : Promise.resolve()));
    const availability = new DatabaseAvailability({ probe, log: logSpy(), probeIntervalMs: 1_000, probeTimeoutMs: 2_000 });
    availability.notice(withCode("connect ETIMEDOUT", "ETIMEDOUT"));
    await vi.advanceTimersByTimeAsync(7_000);
    expect(availability.down).toBe(true);
    expect(probe.mock.calls.length).toBeGreaterThanOrEqual(2);
    hang = false;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(availability.down).toBe(false);
  });

  it("probes no more once stopped", async () => {
    vi.useFakeTimers();
    const probe = vi.fn(() => Promise.reject(new Error("no")));
    const availability = new DatabaseAvailability({ probe, log: logSpy() });
    availability.notice(withCode("x", "ECONNREFUSED"));
    availability.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe).not.toHaveBeenCalled();
  });
});

describe("the answer while the database is away", () => {
  it("gives a page a self-contained 503 page that says when to come back", async () => {
    const response = databaseOutageAnswer(new Request("http://shop.test/checkout"), "Kente & Co <Accra>");
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/style-src 'sha256-[^']+'/);
    const html = await response.text();
    expect(html).toContain("back in a moment");
    expect(html).toContain("Kente &#38; Co &#60;Accra&#62;");
    expect(html).not.toMatch(/<script|<link/);
    expect(html).toContain('http-equiv="refresh"');
  });

  it("gives the API and data requests JSON", async () => {
    for (const url of ["http://shop.test/api/checkout", "http://shop.test/api/health", "http://shop.test/account.data"]) {
      const response = databaseOutageAnswer(new Request(url, { method: "POST" }), "Ahenfie");
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      const body = (await response.json()) as { error: string; ok: boolean; message: string };
      expect(body.error).toMatch(/back in a moment/);
      // The checkout form shows `message` when `ok` is false.
      expect(body).toMatchObject({ ok: false, message: body.error });
    }
  });

  it("names the fallback store when none is known, and does not refresh a form's answer", () => {
    expect(databaseOutagePage("", { refresh: false })).toContain("Ahenfie");
    expect(databaseOutagePage("Ahenfie", { refresh: false })).not.toContain("refresh");
  });
});
