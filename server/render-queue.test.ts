import { describe, expect, it } from "vitest";
import { RenderQueue, TURNED_AWAY } from "./render-queue";

/** A render that finishes when told to. */
function gate() {
  let open = () => {};
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, done };
}

describe("RenderQueue", () => {
  it("runs at most its slots at once and starts the next when one finishes", async () => {
    const queue = new RenderQueue(2, 10_000);
    const started: string[] = [];
    const gates = { a: gate(), b: gate(), c: gate() };
    const runs = (["a", "b", "c"] as const).map((name) =>
      queue.run("page", async () => {
        started.push(name);
        await gates[name].done;
        return name;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["a", "b"]);
    expect(queue.queued).toBe(1);
    gates.a.open();
    await runs[0];
    await expect.poll(() => started).toEqual(["a", "b", "c"]);
    gates.b.open();
    gates.c.open();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
  });

  it("serves a shopper's own render before pages that waited longer", async () => {
    const queue = new RenderQueue(1, 10_000);
    const order: string[] = [];
    const first = gate();
    const busy = queue.run("page", () => first.done);
    const search = queue.run("page", async () => void order.push("search"));
    const checkout = queue.run("shopper", async () => void order.push("checkout"));
    first.open();
    await Promise.all([busy, search, checkout]);
    expect(order).toEqual(["checkout", "search"]);
  });

  it("turns a page away once it has waited its limit, and never a shopper's own render", async () => {
    const queue = new RenderQueue(1, 30);
    const slow = gate();
    const busy = queue.run("page", () => slow.done);
    const search = queue.run("page", async () => "rendered");
    const order = queue.run("shopper", async () => "placed");
    expect(await search).toBe(TURNED_AWAY);
    expect(queue.turnedAway).toBe(1);
    slow.open();
    await busy;
    expect(await order).toBe("placed");
    expect(queue.queued).toBe(0);
  });

  it("frees the slot of a render that failed", async () => {
    const queue = new RenderQueue(1, 10_000);
    await expect(queue.run("page", () => Promise.reject(new Error("loom jammed")))).rejects.toThrow("loom jammed");
    expect(await queue.run("page", async () => "next")).toBe("next");
  });

  it("counts a page's wait from when its request arrived, not from when it joined the line", async () => {
    const queue = new RenderQueue(1, 500);
    const slow = gate();
    const busy = queue.run("page", () => slow.done);
    // Its request arrived 600 ms ago (it waited for the server to read it): no time is left.
    const late = queue.run("page", async () => "rendered", performance.now() - 600);
    const fresh = queue.run("page", async () => "rendered");
    slow.open();
    await busy;
    expect(await late).toBe(TURNED_AWAY);
    expect(await fresh).toBe("rendered");
  });

  it("hands a freed slot on in a later turn of the event loop, so requests and timers are seen between renders", async () => {
    const queue = new RenderQueue(1, 10_000);
    const seen: string[] = [];
    // Renders that never wait on anything outside the process (the embedded database).
    const renders = [1, 2, 3].map((n) => queue.run("page", async () => void seen.push(`render ${n}`)));
    setImmediate(() => seen.push("the event loop's turn"));
    await Promise.all(renders);
    expect(seen.indexOf("the event loop's turn")).toBeLessThan(seen.indexOf("render 3"));
    expect(seen[0]).toBe("render 1");
  });

  it("counts every request read in a turn before rendering any, so renders that wait on nothing cannot hide a flood", async () => {
    const queue = new RenderQueue(1, 60_000);
    // Ten searches read one after another in one turn of the event loop (each socket is its own
    // callback, with promises settled in between), whose renders wait on nothing outside the
    // process (the embedded database): one renders, four wait (four pages a slot), five are
    // turned away at once. Started where each was read, all ten rendered in that one turn.
    const answers = await Promise.all(
      Array.from(
        { length: 10 },
        (_, n) => new Promise((resolve) => setImmediate(() => resolve(queue.run("page", async () => `search ${n}`)))),
      ),
    );
    expect(answers.slice(0, 5)).toEqual(["search 0", "search 1", "search 2", "search 3", "search 4"]);
    expect(answers.slice(5)).toEqual(Array(5).fill(TURNED_AWAY));
  });

  it("keeps one of three slots for shoppers' own renders: checkout never waits for a search to finish", async () => {
    const queue = new RenderQueue(3, 10_000);
    const started: string[] = [];
    const searches = gate();
    const pages = ["kente", "agbada", "smock"].map((word) =>
      queue.run("page", async () => {
        started.push(word);
        await searches.done;
      }),
    );
    const checkout = queue.run("shopper", async () => void started.push("checkout"));
    await checkout;
    expect(started).toEqual(["kente", "agbada", "checkout"]);
    searches.open();
    await Promise.all(pages);
    expect(started).toContain("smock");
  });

  it("turns a page away at once, without a wait, when the line of pages is full", async () => {
    const queue = new RenderQueue(1, 60_000);
    const searches = gate();
    const search = () => queue.run("page", () => searches.done.then(() => "rendered"));
    // One renders and four wait (four pages a slot): the line is full.
    const served = [search(), search(), search(), search(), search()];
    expect(queue.admitsPage()).toBe(false);
    expect(await search()).toBe(TURNED_AWAY);
    // A shopper's own render still joins the line, ahead of the pages.
    const order = queue.run("shopper", async () => "placed");
    searches.open();
    expect(await Promise.all(served)).toEqual(["rendered", "rendered", "rendered", "rendered", "rendered"]);
    expect(await order).toBe("placed");
    expect(queue.admitsPage()).toBe(true);
  });
});
