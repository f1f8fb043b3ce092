import sharp from "sharp";
import { expect, type Page } from "@playwright/test";
import { gotoAdmin, guestContext, testOnOwnShop as test } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { gotoHydrated, toast } from "./support";

/**
 * Issue 45 point 2: whatever the store name (10, 24 and 40 characters), the storefront header,
 * footer and admin sidebar hold it at 390 and 1440 px: no sideways scroll, the main navigation on
 * one line, the name on two lines at most and nothing of it cut; and the owner's logo, uploaded
 * with a preview, stands in for the name (decision 032). On a shop of its own: the name changes
 * every page.
 */
const names = ["Ahenfie Co", "Ahenfie Tailoring House", "Ahenfie Tailoring House of Osu, Accra GH"] as const;
const widths = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

test.describe.configure({ timeout: 240_000 });
test.use({ reducedMotion: "reduce" });

async function saveStoreName(page: Page, name: string) {
  await gotoAdmin(page, "/admin/settings");
  await page.getByLabel("Store name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page, "Settings saved").last()).toBeVisible();
}

/** Lines an element's text takes, and whether any of it is cut (by line-clamp or overflow). */
function wordmarkLayout(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const box = element.getBoundingClientRect();
    return {
      lines: tops.size,
      cut: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
      right: box.right,
      text: element.textContent,
    };
  });
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("names of 10, 24 and 40 characters fit the header, footer and admin sidebar at 390 and 1440 px", async ({ page, browser }) => {
  try {
    for (const name of names) {
      await saveStoreName(page, name);
      const guest = await guestContext(browser);
      const shopper = await guest.newPage();
      for (const viewport of widths) {
        const at = `${name.length} characters at ${viewport.width} px`;
        await shopper.setViewportSize(viewport);
        await gotoHydrated(shopper, "/");
        const header = shopper.getByRole("banner");
        await expect(header.locator("[data-wordmark]"), at).toHaveText(name);
        expect(await noSidewaysScroll(shopper), at).toBe(true);
        const wordmark = await wordmarkLayout(shopper, "header [data-wordmark]");
        expect(wordmark.lines, at).toBeLessThanOrEqual(2);
        expect(wordmark.cut, at).toBe(false);
        // The name stays clear of the buttons on its right.
        const buttonsLeft = await shopper
          .locator("header [data-wordmark]")
          .evaluate((element) => element.closest("a")!.parentElement!.lastElementChild!.getBoundingClientRect().left);
        expect(wordmark.right, at).toBeLessThanOrEqual(buttonsLeft);
        if (viewport.width === 1440) {
          // Every link of the main navigation on one line ("Track Order" included), clear of the name.
          const links = header.getByRole("navigation", { name: "Main" }).getByRole("link");
          await expect(links).toHaveCount(6);
          for (const link of await links.all()) {
            const lines = await link.evaluate((a) => a.getClientRects().length);
            const box = (await link.boundingBox())!;
            expect(lines, `${await link.textContent()} (${at})`).toBe(1);
            expect(box.x, at).toBeGreaterThan(wordmark.right);
          }
        }
        const footer = await wordmarkLayout(shopper, "footer [data-wordmark]");
        expect(footer.lines, `footer, ${at}`).toBeLessThanOrEqual(2);
        expect(footer.cut, `footer, ${at}`).toBe(false);
      }
      await guest.close();

      // The admin sidebar: on a desktop, and in the phone's sliding menu.
      await page.setViewportSize(widths[1]);
      await gotoAdmin(page, "/admin");
      const sidebar = await wordmarkLayout(page, "aside [data-wordmark]");
      expect(sidebar, `sidebar, ${name.length} characters`).toMatchObject({ text: name, cut: false });
      expect(sidebar.lines).toBeLessThanOrEqual(2);
      expect(await page.locator("aside [data-wordmark]").evaluate((p) => p.getBoundingClientRect().right)).toBeLessThanOrEqual(256);
      // The sidebar's name block and the top bar end on one line, whatever the name.
      const nameBlockBottom = await page
        .locator("aside [data-wordmark]")
        .evaluate((p) => p.parentElement!.parentElement!.getBoundingClientRect().bottom);
      const topBarBottom = await page
        .locator("header")
        .first()
        .evaluate((h) => h.getBoundingClientRect().bottom);
      expect(Math.abs(nameBlockBottom - topBarBottom), `sidebar header and top bar, ${name.length} characters`).toBeLessThanOrEqual(1);
      await page.setViewportSize(widths[0]);
      await page.getByRole("button", { name: "Toggle sidebar" }).click();
      const sheet = page.getByRole("dialog");
      await expect(sheet.locator("[data-wordmark]")).toHaveText(name);
      const phoneSidebar = await wordmarkLayout(page, "[role=dialog] [data-wordmark]");
      expect(phoneSidebar.lines, `phone sidebar, ${name.length} characters`).toBeLessThanOrEqual(2);
      expect(phoneSidebar.cut).toBe(false);
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.keyboard.press("Escape");
      await page.setViewportSize(widths[1]);
    }
  } finally {
    await saveStoreName(page, "Ahenfie");
  }
});

test("the owner uploads a logo with a preview; the header and footer show it named by the store; removing it brings the name back", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(widths[1]);
  await saveStoreName(page, "Ahenfie Tailoring House");
  await gotoAdmin(page, "/admin/settings");
  const logoSection = page.getByRole("region", { name: "Logo" });
  await expect(logoSection.getByText("No logo: the store name is shown, sized to fit.")).toBeVisible();

  // A file of another kind is refused in the browser, before anything is sent.
  await logoSection.getByLabel("Logo file").setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(logoSection.getByRole("alert")).toHaveText("The logo must be a PNG, JPEG or WebP image.");
  await expect(logoSection.getByRole("button", { name: "Save logo" })).toBeDisabled();

  const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 15, g: 61, b: 46, alpha: 1 } } })
    .png()
    .toBuffer();
  await logoSection.getByLabel("Logo file").setInputFiles({ name: "ahenfie-logo.png", mimeType: "image/png", buffer: png });
  // The preview shows the picked file at once, as the header and footer will.
  await expect(logoSection.getByText("Preview (not saved yet)")).toBeVisible();
  await expect(logoSection.getByRole("img", { name: "Ahenfie Tailoring House logo in the header" })).toHaveAttribute("src", /^blob:/);
  await expect(logoSection.getByRole("img", { name: "Ahenfie Tailoring House logo in the footer" })).toBeVisible();
  await expectNoSeriousViolations(page, "Settings → General with a logo preview");
  await logoSection.getByRole("button", { name: "Save logo" }).click();
  await expect(toast(page, "Logo saved: it shows in the header and footer.")).toBeVisible();
  await expect(logoSection.getByRole("img", { name: "Ahenfie Tailoring House logo in the header" })).toHaveAttribute(
    "src",
    /^\/uploads\/logos\/[0-9a-f]{32}\.webp$/,
  );

  const guest = await guestContext(browser);
  const shopper = await guest.newPage();
  for (const viewport of widths) {
    await shopper.setViewportSize(viewport);
    await gotoHydrated(shopper, "/");
    const home = shopper.getByRole("banner").getByRole("link", { name: "Ahenfie Tailoring House , home" });
    const logo = home.getByRole("img", { name: "Ahenfie Tailoring House" });
    await expect(logo).toHaveAttribute("src", /^\/uploads\/logos\/[0-9a-f]{32}\.webp$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    expect(await noSidewaysScroll(shopper)).toBe(true);
    await expect(shopper.getByRole("contentinfo").getByRole("img", { name: "Ahenfie Tailoring House" })).toBeVisible();
    await expectNoSeriousViolations(shopper, `the header with a logo at ${viewport.width} px`, "header");
  }

  await logoSection.getByRole("button", { name: "Remove logo" }).click();
  await expect(toast(page, "Logo removed: the store name shows instead.")).toBeVisible();
  await gotoHydrated(shopper, "/");
  await expect(shopper.getByRole("banner").getByRole("img", { name: "Ahenfie Tailoring House" })).toHaveCount(0);
  await expect(shopper.getByRole("banner").locator("[data-wordmark]")).toHaveText("Ahenfie Tailoring House");
  await guest.close();
  await saveStoreName(page, "Ahenfie");
});
