import { expect, test } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import sharp from "sharp";
import { CUSTOM_REQUEST_LIMIT } from "~/modules/custom-requests/custom-request-action.server";
import { startShop, type Shop } from "./start-shop";

/**
 * Issue 41, finding 4: one address posting large bodies to the public custom-order form, junk and
 * real photos at once, against the production server. The form takes the address's slot before
 * reading a body and keeps it whatever the body holds, so after CUSTOM_REQUEST_LIMIT posts every
 * one is 429 unread; photos are decoded one at a time, so memory stays bounded (printed).
 */
let shop: Shop;
test.beforeAll(async () => {
  // A shop of its own starts in 20-60 s on a busy machine.
  test.setTimeout(150_000);
  shop = await startShop();
});
test.afterAll(async () => {
  await shop?.remove();
});

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};

/** A multipart form as a browser sends it: the request's fields and `photos`. */
function multipart(files: { name: string; bytes: Buffer }[]): { body: Buffer; type: string } {
  const boundary = `----abuse${Math.random().toString(16).slice(2)}`;
  const fields = {
    name: "Kofi Mensah",
    email: "kofi.mensah@example.com",
    phone: "+233 24 555 0100",
    garmentType: "Agbada",
    occasion: "A wedding",
    dateNeeded: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    budget: "2500-5000",
    notes: "Ivory with gold embroidery.",
  };
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** Posts the whole body (a script does not stop sending when the answer comes); the status, or 0 when the connection broke first. */
function post(url: string, form: { body: Buffer; type: string }): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let status = 0;
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { Origin: target.origin, "Content-Type": form.type, "Content-Length": form.body.length, Connection: "close" },
      },
      (response) => {
        status = response.statusCode ?? 0;
        response.resume();
        response.on("end", () => resolve(status));
        response.on("error", () => resolve(status));
      },
    );
    request.on("error", () => resolve(status));
    request.end(form.body);
  });
}

test("one address posting large junk bodies and large photos concurrently is stopped with 429 at the limit, memory bounded", async () => {
  test.setTimeout(180_000);
  // Three real ~3.5 MB phone-sized photos (noise does not compress), under the guest's 12 MB.
  const photo = await sharp({
    create: { width: 2400, height: 1800, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  const photos = multipart([1, 2, 3].map((i) => ({ name: `look-${i}.jpg`, bytes: photo })));
  // Junk: 11.5 MB of bytes that are no picture, as three "photos".
  const junkFile = Buffer.alloc(Math.floor((11.5 * 1024 * 1024) / 3), 0x5a);
  const junk = multipart([1, 2, 3].map((i) => ({ name: `junk-${i}.jpg`, bytes: junkFile })));
  const url = `${shop.url}/custom-orders/request`;

  // Warm the server up (sharp loaded, the page rendered once) so "before" is the server at work.
  expect((await fetch(url)).status).toBe(200);
  const before = rssMb(shop.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(shop.pid))), 25);

  const CONCURRENCY = 6;
  const ROUNDS = 5;
  const statuses: number[] = [];
  const cpuBefore = fs.readFileSync(`/proc/${shop.pid}/stat`, "utf8").split(" ");
  const started = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    const sent = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => post(url, i % 2 ? photos : junk)));
    statuses.push(...sent);
  }
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  const cpuAfter = fs.readFileSync(`/proc/${shop.pid}/stat`, "utf8").split(" ");
  // utime + stime, in clock ticks (100 per second on Linux).
  const cpuSeconds = (Number(cpuAfter[13]) + Number(cpuAfter[14]) - Number(cpuBefore[13]) - Number(cpuBefore[14])) / 100;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = rssMb(shop.pid);

  // A refusal is answered before its body is read, and the connection then closed: a client still
  // sending may see it reset before it reads the 429 (status 0, seen once in 30 posts in a slow
  // hour). Either way the server did not read that post.
  const refused = statuses.filter((status) => status === 429 || status === 0).length;
  const counts = statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
  console.log(
    `custom-order abuse: ${statuses.length} posts sent (${CONCURRENCY} at a time, ${photos.body.length >> 20} MB photos / ${junk.body.length >> 20} MB junk), ` +
      `${refused} refused with 429; answers ${JSON.stringify(counts)}; ${seconds.toFixed(1)} s, server CPU ${cpuSeconds.toFixed(1)} s; ` +
      `server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB`,
  );
  // Exactly the limit's worth of posts were read (stored or refused for their photos); every other one is 429.
  expect(statuses.length - refused).toBe(CUSTOM_REQUEST_LIMIT.limit);
  expect(statuses.every((status) => [0, 200, 400, 429].includes(status))).toBe(true);
  expect(statuses.filter((status) => status === 429).length, "refusals are answered, not only cut off").toBeGreaterThan(0);
  expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
  // Memory bounded (issue 41): before the fix the server grew by 267–361 MB at its peak and
  // kept 182–236 MB two seconds after (each waiting body held twice, the server run without
  // serve.sh's MALLOC_ARENA_MAX=2); after it, +195–206 MB at the peak and +52–162 MB after
  // (docs/performance.md, "2026-12-02"). Generous bounds the old code fails every time.
  expect(peak - before).toBeLessThan(250);
  expect(after - before).toBeLessThan(200);
});
