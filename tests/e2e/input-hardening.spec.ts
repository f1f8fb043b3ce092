import { expect, test } from "@playwright/test";
import { createVerifiedCustomer } from "./support";

/**
 * Issue 10, what a visitor sees: bad input gets a page that says what is wrong instead of
 * "Something went wrong" (item 5), and a redirectTo that leaves the shop is dropped (item 8).
 * tests/e2e/fuzz.spec.ts sends thousands of malformed requests; this checks the answers read well.
 */
test.describe("bad input in the address (issue 10 item 5)", () => {
  test("/collections/constructor and /collections/__proto__ are unknown collections, not errors", async ({ page }) => {
    for (const slug of ["constructor", "__proto__"]) {
      const response = await page.goto(`/collections/${slug}`);
      expect(response?.status(), slug).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Collection", exact: true })).toBeVisible();
      await expect(page.getByText("No products found. Try adjusting your filters.")).toBeVisible();
    }
  });

  test("a search with a NUL or over 100 characters says so (400)", async ({ page }) => {
    for (const [query, message] of [
      ["q=kente%00", "Search cannot contain control characters"],
      [`q=${"k".repeat(101)}`, "Search can be at most 100 characters"],
    ] as const) {
      const response = await page.goto(`/collections/all?${query}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("alert")).toHaveText(message);
      await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/collections/all");
    }
  });
});

test("a redirectTo that leaves the shop is dropped: a signed-in shopper on /auth stays on the shop (issue 10 item 8)", async ({
  page,
  baseURL,
}) => {
  await createVerifiedCustomer(page.request, baseURL!, `redirect-${Date.now()}@example.com`, "kente-pass-1");
  // Browsers drop the tab and read "\" as "/": each of these was a link to http://evil.example/.
  // Signed in, /auth sends the shopper on (issue 12): to My Orders instead of any of them.
  for (const target of ["/%09/evil.example", "/%0A/evil.example", "/%5C/evil.example", "/.//evil.example"]) {
    await page.goto(`/auth?redirectTo=${target}`);
    await expect(page, target).toHaveURL(`${baseURL}/account/orders`);
  }
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/collections/kente")}`);
  await expect(page).toHaveURL(`${baseURL}/collections/kente`);
});
