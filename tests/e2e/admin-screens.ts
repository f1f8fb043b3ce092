import { expect, type Browser, type Page } from "@playwright/test";
import { ADMIN_STATE, gotoAdmin, placeGuestOrder, uniqueGuest } from "./admin-support";
import { sendCustomRequest } from "./custom-request-support";
import { gotoHydratedWithoutHeader, ownClientAddress } from "./support";

/**
 * Every admin page and dialog, as the phone-layout test (admin-phone.spec.ts), the hydration
 * test (admin-hydration.spec.ts) and the 390 px screenshots (scripts/admin-screenshots.ts) visit
 * them. A new admin page or dialog is one more entry here.
 */
export interface AdminScreen {
  /** Names the screenshot: docs/screenshots/admin-390/<name>.png. */
  name: string;
  /** Where the screen is; `sample` holds records made for the run (an order, its customer). */
  path: (sample: ScreenSample) => string;
  /** Seen without the admin's session (the sign-in screen). */
  signedOut?: boolean;
  /** A printable document outside the admin frame (invoice, packing slip): no sidebar to wait for. */
  document?: boolean;
  /** Opens a dialog after the page has loaded (a click); URL dialogs open from `path`. */
  open?: (page: Page) => Promise<void>;
  /** The screen is a dialog: its role and the button that completes it (reachable on a phone; "Close" for read-only details). */
  dialog?: { role: "dialog" | "alertdialog"; primary: string | RegExp };
}

/** Records the screens show, made by the run (the seed has products but no order). */
export interface ScreenSample {
  orderId: string;
  customerEmail: string;
  productId: number;
  /** A newsletter sign-up (pending: its link is not followed). */
  subscriberEmail: string;
  /** A custom order request with measurements and a photo ("CR-482913"). */
  customRequestReference: string;
}

export const adminScreens: AdminScreen[] = [
  { name: "dashboard", path: () => "/admin" },
  {
    name: "menu",
    path: () => "/admin",
    open: (page) => page.getByRole("button", { name: "Toggle sidebar" }).click(),
    dialog: { role: "dialog", primary: "Sign Out" },
  },
  { name: "orders", path: () => "/admin/orders" },
  { name: "orders-cash-to-collect", path: () => "/admin/orders?view=cash-to-collect" },
  {
    name: "order-details",
    path: (s) => `/admin/orders?order=${s.orderId}`,
    dialog: { role: "dialog", primary: "Close" },
  },
  { name: "order-invoice", path: (s) => `/admin/orders/${s.orderId}/invoice`, document: true },
  { name: "order-packing-slip", path: (s) => `/admin/orders/${s.orderId}/packing-slip`, document: true },
  { name: "products", path: () => "/admin/products" },
  { name: "product-new", path: () => "/admin/products?product=new", dialog: { role: "dialog", primary: "Create Product" } },
  { name: "product-edit", path: (s) => `/admin/products?product=${s.productId}`, dialog: { role: "dialog", primary: "Save Changes" } },
  {
    name: "product-delete",
    path: () => "/admin/products",
    open: async (page) => {
      const list = page.getByRole("list", { name: "Products" }).or(page.getByRole("table")).first();
      await list
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
    },
    dialog: { role: "alertdialog", primary: "Delete" },
  },
  {
    name: "product-stock-import",
    path: () => "/admin/products",
    open: (page) => page.getByRole("button", { name: "Import stock" }).click(),
    dialog: { role: "dialog", primary: "Import stock" },
  },
  { name: "customers", path: () => "/admin/customers" },
  {
    name: "customer-details",
    path: (s) => `/admin/customers?customer=${encodeURIComponent(`email:${s.customerEmail}`)}`,
    dialog: { role: "dialog", primary: "Close" },
  },
  { name: "settings-general", path: () => "/admin/settings" },
  { name: "settings-payments", path: () => "/admin/settings?tab=payments" },
  { name: "settings-taxes", path: () => "/admin/settings?tab=taxes" },
  { name: "settings-currencies", path: () => "/admin/settings?tab=currencies" },
  { name: "settings-staff", path: () => "/admin/settings?tab=staff" },
  { name: "settings-notifications", path: () => "/admin/settings?tab=notifications" },
  { name: "settings-system", path: () => "/admin/settings?tab=system" },
  { name: "diagnostic", path: () => "/admin/diagnostic" },
  { name: "reviews", path: () => "/admin/reviews" },
  { name: "custom-requests", path: () => "/admin/custom-requests" },
  {
    name: "custom-request-details",
    path: (s) => `/admin/custom-requests?request=${s.customRequestReference}`,
    dialog: { role: "dialog", primary: "Save request" },
  },
  { name: "newsletter", path: () => "/admin/newsletter" },
  {
    name: "newsletter-remove",
    path: () => "/admin/newsletter",
    open: (page) =>
      page
        .getByRole("list", { name: "Newsletter sign-ups" })
        .or(page.getByRole("table"))
        .first()
        .getByRole("button", { name: /^Remove / })
        .first()
        .click(),
    dialog: { role: "alertdialog", primary: "Remove" },
  },
  { name: "discounts", path: () => "/admin/discounts" },
  { name: "discount-code-new", path: () => "/admin/discounts?code=new", dialog: { role: "dialog", primary: "Create code" } },
  { name: "shipping", path: () => "/admin/shipping" },
  { name: "shipping-zone-new", path: () => "/admin/shipping?zone=new", dialog: { role: "dialog", primary: "Add zone" } },
  // The migration's first zone (Greater Accra).
  { name: "shipping-zone-edit", path: () => "/admin/shipping?zone=1", dialog: { role: "dialog", primary: "Save zone" } },
  {
    name: "shipping-zone-delete",
    path: () => "/admin/shipping",
    open: (page) =>
      page
        .getByRole("list", { name: "Shipping zones" })
        .or(page.getByRole("table"))
        .first()
        .getByRole("button", { name: /^Delete / })
        .first()
        .click(),
    dialog: { role: "alertdialog", primary: "Delete" },
  },
  { name: "activity", path: () => "/admin/activity" },
  {
    name: "activity-entry",
    path: () => "/admin/activity",
    // The newest entry: the sample's staff note, or any change made since.
    open: (page) =>
      page
        .getByRole("link", { name: /^Details of / })
        .first()
        .click(),
    dialog: { role: "dialog", primary: "Close" },
  },
  { name: "sign-in", path: () => "/auth?redirectTo=%2Fadmin", signedOut: true },
];

/**
 * One guest order with a staff note and one newsletter sign-up (the seed has neither), so every
 * list and dialog has a row (the note is the activity log's).
 */
export async function makeSample(browser: Browser, shop: { baseURL?: string; adminState?: string } = {}): Promise<ScreenSample> {
  const at = shop.baseURL ? { baseURL: shop.baseURL } : {};
  const context = await browser.newContext({ ...at, reducedMotion: "reduce", storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const customer = uniqueGuest("Kwabena Phone");
  const orderNumber = await placeGuestOrder(page, customer, 1);
  await context.close();
  const admin = await browser.newContext({ ...at, storageState: shop.adminState ?? ADMIN_STATE });
  const search = await admin.request.get(`/admin/orders?q=${orderNumber}`);
  // The order's id is in the list's Details link (?order=<uuid>).
  const orderId = /order=([0-9a-f-]{36})/.exec(await search.text())?.[1];
  const subscriberEmail = uniqueGuest("Adjoa Letters").email;
  const origin = new URL(search.url()).origin;
  const signUp = await admin.request.post("/api/newsletter", {
    form: { email: subscriberEmail },
    headers: { Origin: origin, ...ownClientAddress() },
  });
  const customRequestReference = await sendCustomRequest(admin.request, origin, "Kojo Sample");
  if (!orderId) throw new Error(`Order ${orderNumber} not found in the admin list`);
  // One change made in the admin (a staff note on the order), so the activity log has an entry to open.
  const note = await admin.request.post("/admin/orders", {
    form: { intent: "staff-note", orderId, body: "Call before delivery: the gate is locked after 6 pm." },
    headers: { Origin: origin },
  });
  await admin.close();
  if (!note.ok()) throw new Error(`The sample's staff note failed: ${note.status()}`);
  // 429: this machine's sign-ups are rate limited (5 an hour per address); earlier ones give the list its rows.
  if (!signUp.ok() && signUp.status() !== 429) throw new Error(`The newsletter sign-up failed: ${signUp.status()}`);
  return { orderId, customerEmail: customer.email, productId: 1, subscriberEmail, customRequestReference };
}

/** What scrolls sideways: the page, or any box inside it (a table in its card, a dialog's content). */
export async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth) found.push(`the page: ${root.scrollWidth}px wide in ${innerWidth}px`);
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const { overflowX } = getComputedStyle(element);
      if (overflowX !== "auto" && overflowX !== "scroll") continue;
      if (element.getClientRects().length === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
      const name = element.getAttribute("aria-label") ?? element.getAttribute("role") ?? element.className.slice(0, 60);
      found.push(`<${element.tagName.toLowerCase()}> ${name}: ${element.scrollWidth}px of content in ${element.clientWidth}px`);
    }
    return found;
  });
}

export async function openScreen(page: Page, screen: AdminScreen, s: ScreenSample) {
  const path = screen.path(s);
  if (screen.signedOut) await gotoHydratedWithoutHeader(page, path);
  else if (screen.document) await page.goto(path, { waitUntil: "load" });
  else await gotoAdmin(page, path);
  await screen.open?.(page);
  if (!screen.dialog) return null;
  const dialog = page.getByRole(screen.dialog.role).last();
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // URL dialogs show a skeleton until their record has loaded.
  await expect(dialog.locator(`[aria-busy="true"]`)).toHaveCount(0, { timeout: 30_000 });
  return dialog;
}
