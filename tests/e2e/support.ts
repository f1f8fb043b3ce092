import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { seedProducts, type CategorySlug, type SeedProduct } from "../../db/seed/catalog-data";

/** Shared helpers for the browser tests (not a spec file: Playwright only runs *.spec.ts). */

/** Active products of the seed, optionally of one category. */
export function activeProducts(category?: CategorySlug): SeedProduct[] {
  return seedProducts.filter((p) => p.active && (category === undefined || p.category === category));
}

/** 29999 -> "₵299.99", 119999 -> "₵1,199.99" (pesewas to the shop's display format). */
export function cedis(pesewas: number): string {
  const whole = Math.floor(pesewas / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `₵${whole}.${String(pesewas % 100).padStart(2, "0")}`;
}

/** "₵1,199.99" -> 119999 */
export function parseCedis(text: string): number {
  const match = /₵([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No ₵ amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number(match[2]);
}

/**
 * Waits until the page is hydrated: the header's first button then carries React's props (a page
 * React Router runs) or Preact's event handlers (a page of islands, decision 036: `__e` is
 * Preact 11's name for a node's `_listeners`). Clicking before that would hit server-rendered
 * HTML with no handlers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector("header button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps") || key === "__e");
  });
}

export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** The product cards inside a container (each card is an <article> named after the product). */
export function cards(scope: Page | Locator): Locator {
  return scope.getByRole("article", { name: /\S/ });
}

/** Names of the cards, in order. */
export async function cardNames(scope: Page | Locator): Promise<string[]> {
  return cards(scope).evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
}

/** The current price of every card, in pesewas, in order (the first ₵ amount on the card). */
export async function cardPrices(scope: Page | Locator): Promise<number[]> {
  const texts = await cards(scope).allInnerTexts();
  return texts.map(parseCedis);
}

/**
 * The header's cart button, whose name carries the item count. While a dialog is open the
 * rest of the page is hidden from assistive technology, so counts are read with includeHidden.
 */
export function cartButton(page: Page, includeHidden = false): Locator {
  return page.getByRole("banner", { includeHidden }).getByRole("button", { name: /^Open cart/, includeHidden });
}

export async function expectCartCount(page: Page, count: number): Promise<void> {
  const button = cartButton(page, true);
  await expect(button).toHaveAttribute("aria-label", `Open cart, ${count} item${count === 1 ? "" : "s"}`);
  if (count > 0) await expect(button).toHaveText(String(count));
  else await expect(button).toHaveText("");
}

/** A toast with this title (and description, when given). */
export function toast(page: Page, title: string, description?: string): Locator {
  let item = page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });
  if (description) item = item.filter({ hasText: description });
  return item.first();
}

/**
 * Presses Escape until `dialog` has gone. A dialog or panel loaded when first opened (the bag,
 * the picture zoom) can show a moment before its Escape handler is in place, and an Escape pressed
 * inside that moment does nothing; one that never closes still fails.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** The cart side panel, once open. */
export function cartPanel(page: Page): Locator {
  return page.getByRole("dialog", { name: /^Shopping Cart \(\d+\)$/ });
}

/** Adds product `id` from its product page with the default colour and size. */
export async function addFromProductPage(page: Page, id: number, quantity = 1, base = ""): Promise<void> {
  await gotoHydrated(page, `${base}/product/${id}`);
  for (let i = 1; i < quantity; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: /^Add to Cart - / }).click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
}

/**
 * Opens a page without the storefront header (/auth and the account pages) and waits until
 * React has hydrated it: the first button then carries React's props.
 */
export async function gotoHydratedWithoutHeader(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydrationWithoutHeader(page);
  return response;
}

/**
 * A page without the storefront's header (sign-in, password reset) is hydrated: on a page of
 * islands (decision 021), once each island of its `main` (or, where its main has none, the
 * toaster, the page's last island) has been hydrated (hydrate-islands.tsx measures each);
 * where React Router runs, once a button or link of its main has React's handlers.
 */
export async function waitForHydrationWithoutHeader(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.getElementById("root-data")) {
      const inMain = [...document.querySelectorAll<HTMLElement>("main [data-island]")].map((island) => island.dataset.island!);
      const names = inMain.length > 0 ? inMain : ["toaster"];
      return names.every((name) => performance.getEntriesByName(`hydrate island ${name}`, "measure").length > 0);
    }
    const button = document.querySelector("main button, main a");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

/** The plain-text part of a raw email as received over SMTP (quoted-printable or base64 decoded). */
export function emailText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split);
    const body = part.slice(split).replace(/^\s+/, "");
    if (boundary && !/content-type:\s*text\/plain/i.test(head)) continue;
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") {
      const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    return body;
  }
  throw new Error("No text/plain part in the email");
}

/** The first link in an email's text whose path starts with `pathPrefix`. */
export function linkInEmail(raw: string, pathPrefix: string): string {
  const link = emailText(raw)
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in the email:\n${emailText(raw)}`);
  return link;
}

/**
 * Signs in through /auth (then lands on `redirectTo`, default /); on a storefront page it
 * waits until the header shows the account menu.
 */
export async function signIn(page: Page, email: string, password: string, redirectTo = "/"): Promise<void> {
  await gotoHydratedWithoutHeader(page, redirectTo === "/" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
  if (!redirectTo.startsWith("/admin")) await page.getByRole("button", { name: /^Account menu, signed in as/ }).waitFor();
}

/** The e2e shop's outbox folder (no SMTP_URL there: each email is an .eml file). */
export function e2eOutboxDir(): string {
  return `.tmp/e2e-${process.env.E2E_PORT ?? 3210}/outbox`;
}

/**
 * Waits for the newest .eml of `kind` sent to `to` in the e2e shop's outbox (or in `dir`, a
 * shop of a test's own: `${shop.dataDir}/outbox`) and returns it.
 */
export async function waitForOutboxEmail(to: string, kind: string, timeoutMs = 15_000, dir = e2eOutboxDir()): Promise<string> {
  const fs = await import("node:fs");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.includes(`-${kind}-`) && f.endsWith(`${to.toLowerCase()}.eml`))
      : [];
    const newest = files.sort().at(-1);
    if (newest) return fs.readFileSync(`${dir}/${newest}`, "utf8");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${kind} email to ${to} in ${dir}`);
}

/**
 * The email of one kind to an address that mentions `text` (an order or request number), as its
 * readable text: for a shared inbox (the shop's own address) where other tests' emails arrive too.
 */
export async function waitForOutboxEmailAbout(to: string, kind: string, text: string, timeoutMs = 15_000): Promise<string> {
  const fs = await import("node:fs");
  const dir = e2eOutboxDir();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.includes(`-${kind}-`) && f.endsWith(`${to.toLowerCase()}.eml`))
      : [];
    for (const file of files.sort().reverse()) {
      const readable = emailText(fs.readFileSync(`${dir}/${file}`, "utf8"));
      if (readable.includes(text)) return readable;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${kind} email to ${to} about ${text} in ${dir}`);
}

/**
 * A pretend client address of its own (the shared test shop runs with TRUST_PROXY=1, see
 * playwright.config.ts), so the sign-ups and newsletter sign-ups tests make do not use up the
 * per-address limits (10 sign-ups, 5 newsletter sign-ups an hour) that one address would hit.
 */
export function ownClientAddress(): { "X-Forwarded-For": string } {
  const n = Math.floor(Math.random() * 0xffffff);
  return { "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/**
 * A verified customer account, signed in on `request` (its cookies): signs up through the
 * /auth form action and follows the verification link from the outbox.
 */
export async function createVerifiedCustomer(request: APIRequestContext, baseURL: string, email: string, password: string): Promise<void> {
  const signUp = await request.post("/auth", {
    form: { intent: "signUp", email, password, confirmPassword: password },
    headers: { Origin: baseURL, ...ownClientAddress() },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = linkInEmail(await waitForOutboxEmail(email, "verify-email"), "/api/auth/verify-email");
  // The link verifies, sets the session cookie and redirects to /auth/verified.
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  expect(verified.headers()["set-cookie"]).toContain("session_token");
}

/**
 * A checkout form as the checkout page posts it (to /checkout or /api/checkout): Pay on Delivery
 * to Greater Accra unless `fields` say otherwise. Scripts in the tests (faults, proxy, abuse,
 * security) place orders with it; `email` and `idempotencyKey` are each test's own.
 */
export function accraCheckoutForm(
  fields: { email: string; idempotencyKey: string; items: string } & Record<string, string>,
): URLSearchParams {
  return new URLSearchParams({
    name: "Ama Mensah",
    phone: "+233 24 000 0000",
    address: "14 Oxford Street, Osu, Accra",
    country: "GH",
    region: "GH-AA",
    paymentMethod: "pay_on_delivery",
    ...fields,
  });
}
