import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN_STATE, gotoAdmin } from "./admin-support";
import { gotoHydrated, toast } from "./support";

/** A 600×750 PNG in one colour; the shop names an upload by the SHA-256 of its bytes. */
async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 600, height: 750, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return {
    file: { name, mimeType: "image/png", buffer },
    base: `/uploads/products/${crypto.createHash("sha256").update(buffer).digest("hex").slice(0, 32)}`,
  };
}

const productDialog = (page: Page) => page.getByRole("dialog", { name: "Add New Product" });

test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });
test.describe.configure({ timeout: 180_000 });

test("staff upload several photos for a colour, reorder them with the keyboard, and the storefront follows", async ({ page }) => {
  const name = `Gallery Test Kaftan ${Date.now().toString(36)}`;
  const [front, side, back] = await Promise.all([
    photo("front.png", "#C9A227"),
    photo("side.png", "#0F3D2E"),
    photo("back.png", "#A84A31"),
  ]);

  await gotoAdmin(page, "/admin/products?new=1");
  const add = productDialog(page);
  await add.getByLabel(/^Name/).first().fill(name);
  await add.getByLabel(/^Price/).fill("420.00");
  await add.getByLabel("Stock, M", { exact: true }).fill("4");
  await add.getByRole("button", { name: "Add colour" }).click();
  await add.getByLabel("Colour 1 name").fill("Royal Gold");
  await add.getByLabel("Add photos to Colour 1 (Royal Gold)").setInputFiles([front.file, side.file, back.file]);
  const gallery = add.getByRole("list", { name: "Colour 1 (Royal Gold) gallery" });
  await expect(gallery.getByRole("img")).toHaveCount(3);
  await expect(gallery.getByRole("img").first()).toHaveAccessibleName("Colour 1 (Royal Gold), picture 1 of 3 (cover)");
  await expectNoSeriousViolations(page, "the gallery editor", '[role="dialog"]');

  // The back view becomes the cover: two moves left, by keyboard; focus stays on the moved picture.
  const moveLeft = add.getByRole("button", { name: "Move picture 3 of 3 of Colour 1 (Royal Gold) left" });
  await moveLeft.focus();
  await page.keyboard.press("Enter");
  await expect(add.getByRole("button", { name: "Move picture 2 of 3 of Colour 1 (Royal Gold) left" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(add.getByRole("button", { name: "Move picture 1 of 3 of Colour 1 (Royal Gold) right" })).toBeFocused();
  // …and the side view is removed.
  await add.getByRole("button", { name: "Remove picture 3 of 3 of Colour 1 (Royal Gold)" }).click();
  await expect(gallery.getByRole("img")).toHaveCount(2);

  await add.getByRole("button", { name: "Create Product" }).click();
  await expect(toast(page, "Product created successfully")).toBeVisible();
  const link = page.getByRole("link", { name: `Edit ${name}` }).first();
  const id = new URL((await link.getAttribute("href"))!, page.url()).searchParams.get("product");

  // The storefront: back first (the cover), then front; the side view is gone.
  await gotoHydrated(page, `/product/${id}`);
  const thumbs = page.getByRole("main").getByRole("button", { name: /^Show picture \d of 2$/ });
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.nth(0).locator("img")).toHaveAttribute("src", `${back.base}-480.webp`);
  await expect(thumbs.nth(1).locator("img")).toHaveAttribute("src", `${front.base}-480.webp`);
  await expect(page.getByRole("main").getByRole("img", { name: `${name} in Royal Gold`, exact: true })).toHaveAttribute(
    "src",
    `${back.base}-960.webp`,
  );
});
