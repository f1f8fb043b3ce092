import { expect, test } from "@playwright/test";

test("the home page renders on the server with the hero and the collection", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Authentic Ghanaian Kaftans" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our Collection", exact: true })).toBeVisible();
});
