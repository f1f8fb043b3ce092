import { expect, test } from "@playwright/test";
import { rawRequest } from "./raw-http";
import { startShop, type Shop } from "./start-shop";

/**
 * Issue 41, finding 5: a client's 4xx is not logged as an error, and every line the production
 * server writes (React Router's own URL warnings included) is JSON an operator's tools can read.
 */
let shop: Shop;
test.beforeAll(async () => {
  // A shop of its own starts in 20-60 s on a busy machine.
  test.setTimeout(150_000);
  shop = await startShop({ logLevel: "debug" });
});
test.afterAll(async () => {
  await shop?.remove();
});

const lines = () =>
  shop
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "");

test("a 405 logs no error-level line, and bad URLs produce only JSON lines", async () => {
  const before = lines().length;
  // A method no page takes, on a page and on its client-navigation data.
  const put = await rawRequest(`${shop.url}/`, { method: "PUT", headers: { Origin: shop.url } });
  expect(put.status).toBe(405);
  const patch = await rawRequest(`${shop.url}/track-order`, { method: "PATCH", headers: { Origin: shop.url } });
  expect(patch.status).toBe(405);
  // URLs React Router warns about: a malformed percent-encoding, no route, an odd path.
  for (const path of ["/%E0%A4%A", "/product/%E0%A4%A", "/collections/%", "/nowhere/at/all?x=%", "//double//slashes", "/product/1%00"]) {
    const answer = await rawRequest(`${shop.url}${path}`);
    expect(answer.status, path).toBeLessThan(500);
  }
  // The asynchronous log writer has flushed once every request's line is out: the PUT, the PATCH and the 6 addresses.
  const requestLines = () =>
    lines()
      .slice(before)
      .filter((line) => line.includes('"status":')).length;
  await expect.poll(requestLines, { timeout: 5_000 }).toBeGreaterThanOrEqual(8);
  const written = lines().slice(before);
  const notJson = written.filter((line) => {
    try {
      return typeof JSON.parse(line) !== "object";
    } catch {
      return true;
    }
  });
  console.log(`json logs: ${written.length} lines written for the bad requests, ${notJson.length} not JSON`);
  expect(notJson).toEqual([]);
  const parsed = written.map((line) => JSON.parse(line) as { level: number; msg?: string; status?: number });
  // pino: 50 is error, 60 fatal.
  expect(parsed.filter((line) => line.level >= 50)).toEqual([]);
  expect(parsed.some((line) => line.status === 405)).toBe(true);
});
