import { expect, test } from "@playwright/test";

test("the home page renders on the server with the hero and the collection", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Authentic Ghanaian Kaftans" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our Collection", exact: true })).toBeVisible();
});

for (const path of ["/", "/collections/all", "/product/1", "/about"]) {
  test(`every image on ${path} loads`, async ({ page }) => {
    await page.goto(path);
    // Bring lazy images into view so the browser fetches them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    await page.waitForLoadState("networkidle");
    // Every eager picture has finished, loaded or not: the hero's later slides start theirs once
    // the page is idle, which on a busy machine can come after the network first goes quiet.
    await expect
      .poll(() => page.$$eval("img", (imgs) => imgs.every((img) => img.getAttribute("loading") === "lazy" || img.complete)))
      .toBe(true);
    const broken = await page.$$eval("img", (imgs) =>
      imgs
        .filter((img) => img.getAttribute("loading") !== "lazy" || img.complete)
        .filter((img) => img.naturalWidth === 0)
        .map((img) => img.currentSrc || img.src),
    );
    expect(broken).toEqual([]);
  });
}
