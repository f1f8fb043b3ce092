import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productReviews } from "~db/schema/customers";
import { customRequests } from "~db/schema/custom";
import { refunds } from "~db/schema/payments";
import { paymentLinks } from "~db/schema/staff-orders";
import { newsletterSubscribers, userRoles } from "~db/schema/store";
import { discountCodes } from "~db/schema/discounts";
import { shippingZones } from "~db/schema/shipping";
import { localDay } from "~/lib/dates";
import { ADMIN_ROUTES, type AdminRoutePath } from "~/modules/auth/admin-access";
import { createOrPromoteAdmin } from "~/modules/auth/admin-account.server";
import { signIn } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { setUserRole } from "~/modules/auth/roles.server";
import { changeStaffMember } from "~/modules/auth/staff.server";
import { inviteStaff } from "~/modules/auth/staff-invitations.server";
import { finishTwoFactorSetup, startTwoFactorSetup, turnOffTwoFactor, twoFactorEnabled } from "~/modules/auth/two-factor.server";
import { sendPaymentLink } from "~/modules/payments/payment-links.server";
import { applyVerifiedTransaction, createPaymentAttempt } from "~/modules/payments/payment-attempts.server";
import { initializeTransaction, verifyTransaction } from "~/modules/payments/paystack-client.server";
import { addDays } from "~/modules/quotes/quote-lines";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { addDraftLine, createDraft, getDraft, pricedDraft, saveDraftDetails } from "~/modules/staff-orders/draft-orders.server";
import { allRoutes } from "../setup/route-table";
import { createProduct, variantOf } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { entriesSince, inActivityScope, lastActivityId } from "../setup/activity";
import { createTestAuth, signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { totpCode } from "../setup/totp";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * The activity log's completeness (issue 48 part 4, decision 049), generated like the access
 * matrix: every form of every admin route in ADMIN_ROUTES either records its change (a real,
 * valid submission as the owner, through the route's action, leaves at least one entry whose
 * action is "<route>#<form>", every entry of it that member's, from their address) or is listed
 * in CHANGES_NOTHING with the reason. A form in neither fails here: a new admin form must say how
 * its change is recorded. (This is what found the admin writes made outside a transaction, which
 * the log cannot see.)
 */

/** Forms whose valid submission changes no audited row, and why. */
const CHANGES_NOTHING: Record<string, string> = {
  "admin/security#confirm-identity": "marks the member's own session as confirmed (sessions are not audited)",
};

type Fields = Record<string, string | string[]>;

/** What a case posts: a form (the intent is added), the query string and route params, and who posts when not the owner. */
interface Submission {
  body: Fields | FormData;
  query?: string;
  params?: Record<string, string>;
  /** A context of its own (the Diagnostic page's claim is made by someone who is not staff yet). */
  context?: AppLoadContext;
  /** Who acts, when not the owner. */
  actorId?: string;
}

const routeFiles = new Map(allRoutes.map((r) => [r.path, r.file]));
const routeModules = import.meta.glob<{ action?: unknown }>("../../app/routes/admin/*.{ts,tsx}");

const formCases = Object.entries(ADMIN_ROUTES).flatMap(([route, rule]) =>
  Object.keys((rule as { forms?: Record<string, string> }).forms ?? {}).map((form) => ({ route: route as AdminRoutePath, form })),
);
const key = (route: string, form: string) => `${route}#${form}`;

const IP = "203.0.113.48";
const SECRET_KEY = "sk_test_activity_0123456789abcdef";
const PASSWORD = "kente-pass-1";

describeWithDatabase("every admin form records its change in the activity log", (database) => {
  const db = () => database.db;
  let auth: AppLoadContext["auth"];
  let config: AppLoadContext["config"];
  let standIn: PaystackStandIn;
  let dataDir: string;
  const owner = { id: "", email: "", cookie: "", key: "" };
  let serial = 0;
  const next = () => ++serial;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-activity-"));
    standIn = await startPaystackStandIn({ secretKey: SECRET_KEY });
    auth = createTestAuth(db());
    const base = testLoadContext(database, { auth });
    config = { ...base.config, dataDir, paystack: { secretKey: SECRET_KEY, publicKey: "pk_test_activity_0123", apiUrl: standIn.url } };
    owner.email = "adwoa.owner@activity.test";
    await createOrPromoteAdmin(auth, db(), { email: owner.email, password: PASSWORD });
    const signedIn = await signIn(auth, authHeaders(), { email: owner.email, password: PASSWORD });
    if (!signedIn.ok) throw new Error(signedIn.message.title);
    owner.cookie = sessionCookieOf(signedIn.headers);
    const { users } = await import("~db/schema/auth");
    owner.id = (await db().select({ id: users.id }).from(users).where(eq(users.email, owner.email)))[0]!.id;
  });
  afterAll(async () => {
    await standIn?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function authHeaders(cookie = "") {
    const headers = new Headers({ origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: `10.9.0.${next() % 250}` });
    if (cookie) headers.set("cookie", cookie);
    return headers;
  }
  const sessionCookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .find((line) => line.startsWith("ahenfie.session_token="))
      ?.split(";")[0] ?? "";
  const ownerContext = () => testLoadContext(database, { auth, config, clientIp: IP });

  // ---- what the cases need, made outside any activity scope (so it records nothing) ----

  const product = (overrides: Parameters<typeof createProduct>[1] = {}) =>
    createProduct(db(), { name: `Kente Kaftan ${next()}`, sizes: ["M", "L"], stock: 8, ...overrides });
  const order = (overrides: Parameters<typeof createOrder>[1] = {}) =>
    createOrder(db(), { customerEmail: `ama${next()}@example.com`, ...overrides });
  const by = { name: "Adwoa", userId: null };
  const draftDetails = (notes: string): Fields => ({
    channel: "phone",
    customerName: "Yaw Darko",
    customerEmail: "yaw.darko@example.com",
    customerPhone: "+233 24 555 0101",
    delivery: "collect",
    customerCountry: "GH",
    notes,
  });
  const draftDetailsSaved = {
    channel: "phone",
    customerName: "Yaw Darko",
    customerEmail: "yaw.darko@example.com",
    customerPhone: "+233 24 555 0101",
    delivery: "collect",
    customerAddress: "",
    customerCountry: "GH",
    customerRegion: null,
    discountAmount: 0,
    discountReason: null,
    depositKind: "auto",
    depositValue: 0,
    notes: "typed before",
  } as const;
  /** A draft with one catalogue line, ready to place. */
  async function draftWithLine() {
    const piece = await product();
    const draft = await createDraft(db(), "phone", by);
    await addDraftLine(
      db(),
      draft.id,
      { kind: "product", productId: piece.id, colorIndex: null, size: "M", quantity: 1, measurements: null },
      by,
    );
    return draft;
  }
  const draftCase = async (form: string, extra: Fields = {}, query = ""): Promise<Submission> => {
    const draft = await draftWithLine();
    return { body: { ...draftDetails(`${form} ${next()}`), ...extra }, params: { draftId: draft.id }, query };
  };
  const staffMember = async (suspended = false) => {
    const member = await createUser(db());
    await setUserRole(db(), member.id, "staff");
    if (suspended) await changeStaffMember(db(), { actorUserId: owner.id, targetUserId: member.id, change: { kind: "suspend" } });
    return member;
  };
  const zoneForm = (name: string, areas: string[]): Fields => ({ name, areas, fee: "450", deliveryMinDays: "4", deliveryMaxDays: "7" });
  const discountForm = (code: string): Fields => ({ code, kind: "percentage", percent: "10", scope: "order" });
  const discount = async () =>
    (
      await db()
        .insert(discountCodes)
        .values({ code: `SAVE-${next()}`, kind: "percentage", value: 10 })
        .returning()
    )[0]!;
  const customRequest = async () => {
    const reference = `CR-${String(700_000 + next()).padStart(6, "0")}`;
    await db()
      .insert(customRequests)
      .values({
        reference,
        name: "Kwabena Ofori",
        email: `${reference.toLowerCase()}@example.com`,
        phone: "024 411 8820",
        garmentType: "Agbada",
      });
    return reference;
  };
  /** An order paid by card through the Paystack stand-in (as the refunds tests pay one). */
  async function paidOnlineOrder(total = 20_000) {
    const paid = await order({ totalAmount: total, paymentMethod: "card" });
    const attempt = await createPaymentAttempt(db(), { orderId: paid.id, amount: total, currency: "GHS", channel: "card" });
    const paystack = { secretKey: SECRET_KEY, apiUrl: standIn.url, timeoutMs: 2_000 };
    await initializeTransaction(paystack, {
      email: paid.customerEmail,
      amount: total,
      currency: "GHS",
      reference: attempt.reference,
      callbackUrl: `${TEST_ORIGIN}/order-confirmation/${paid.id}`,
      channels: ["card"],
    });
    standIn.approve(attempt.reference, { channel: "card" });
    const sender = { origin: TEST_ORIGIN, storeName: "Ahenfie" };
    expect(await applyVerifiedTransaction(db(), attempt.reference, await verifyTransaction(paystack, attempt.reference), sender)).toBe(
      "paid",
    );
    return { order: paid, attempt };
  }
  /** The owner's authenticator app, on or off, set through better-auth (outside any scope: recorded nowhere). */
  async function ownerApp(on: boolean) {
    if ((await twoFactorEnabled(db(), owner.id)) === on) return;
    if (on) {
      const started = await startTwoFactorSetup(auth, authHeaders(owner.cookie), { password: PASSWORD, issuer: "Ahenfie" });
      if (!started.ok) throw new Error(started.message);
      owner.key = started.key;
      const done = await finishTwoFactorSetup(auth, authHeaders(owner.cookie), totpCode(owner.key));
      if (!done.ok) throw new Error(done.message);
      owner.cookie = sessionCookieOf(done.headers) || owner.cookie;
    } else {
      const done = await turnOffTwoFactor(auth, authHeaders(owner.cookie), PASSWORD);
      if (!done.ok) throw new Error(done.message);
      owner.cookie = sessionCookieOf(done.headers) || owner.cookie;
    }
  }
  const productForm = (name: string, price: string, stock: string, variantId?: number, stockSeen?: string): Fields => ({
    name,
    price,
    sizes: ["M"],
    "variants[0].color": "",
    "variants[0].size": "M",
    "variants[0].stock": stock,
    ...(variantId ? { "variants[0].id": String(variantId), "variants[0].stockSeen": stockSeen ?? stock } : {}),
    isActive: "on",
  });

  /** A valid submission of every form that changes something, built when its case runs. */
  const SUBMISSIONS: Record<string, () => Promise<Submission>> = {
    // Products and stock
    "admin/products#create": async () => ({ body: productForm(`Adinkra Shirt ${next()}`, "120.00", "5") }),
    "admin/products#update": async () => {
      const piece = await product({ sizes: ["M"] });
      const cell = await variantOf(db(), piece.id, "M");
      return { body: { id: String(piece.id), ...productForm(piece.name, "149.99", "3", cell.id, "8") } };
    },
    "admin/products#delete": async () => ({ body: { id: String((await product()).id) } }),
    "admin/products#import-stock": async () => {
      const piece = await product();
      const form = new FormData();
      form.set("file", new File([`SKU,Stock\n${(await variantOf(db(), piece.id, "M")).sku},2\n`], "stock.csv", { type: "text/csv" }));
      return { body: form };
    },
    // Orders
    "admin/orders#status": async () => ({ body: { orderId: (await order()).id, status: "confirmed" } }),
    "admin/orders#ship": async () => ({
      body: {
        orderId: (await order()).id,
        carrier: "dhl",
        trackingNumber: "JD0146000012345",
        carrierOther: "",
        trackingUrl: "",
        balanceReason: "",
      },
    }),
    "admin/orders#tracking": async () => ({
      body: {
        orderId: (await order({ orderStatus: "shipped" })).id,
        carrier: "other",
        carrierOther: "Kofi (rider)",
        trackingNumber: "",
        trackingUrl: "",
      },
    }),
    "admin/orders#staff-note": async () => ({ body: { orderId: (await order()).id, body: "Customer asked for gift wrapping." } }),
    "admin/orders#customer-message": async () => ({ body: { orderId: (await order()).id, body: "Your kaftan is being pressed." } }),
    "admin/orders#payment": async () => ({ body: { orderId: (await order()).id, paymentStatus: "failed" } }),
    "admin/orders#record-payment": async () => {
      const unpaid = await order({ totalAmount: 35_000 });
      return {
        body: { orderId: unpaid.id, paymentId: crypto.randomUUID(), method: "bank_transfer", reference: "GCB 7781", amount: "35000" },
      };
    },
    "admin/orders#cash-collected": async () => {
      const delivered = await order({ totalAmount: 42_000, orderStatus: "delivered", paymentMethod: "pay_on_delivery" });
      return { body: { orderId: delivered.id, amount: "42000" } };
    },
    "admin/orders#send-link": async () => ({ body: { orderId: (await order()).id } }),
    "admin/orders#revoke-link": async () => {
      const unpaid = await order();
      await sendPaymentLink(db(), unpaid.id, { by, email: false, origin: TEST_ORIGIN, storeName: "Ahenfie" });
      const [link] = await db().select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.orderId, unpaid.id));
      return { body: { orderId: unpaid.id, linkId: link!.id } };
    },
    "admin/orders#refund": async () => {
      const { order: paid } = await paidOnlineOrder();
      return { body: { orderId: paid.id, refundId: crypto.randomUUID(), amount: "50.00", reason: "Returned unworn" } };
    },
    "admin/orders#check-refund": async () => {
      // A refund sent long ago whose answer was lost, which Paystack does not list: it was not made.
      const { order: paid, attempt } = await paidOnlineOrder();
      const [lost] = await db()
        .insert(refunds)
        .values({
          orderId: paid.id,
          paymentAttemptId: attempt.id,
          provider: "paystack",
          transactionReference: attempt.reference,
          amount: 5_000,
          currency: "GHS",
          status: "unconfirmed",
          reason: "Returned unworn",
          requestedBy: "Adwoa",
          createdAt: new Date(Date.now() - 3_600_000),
        })
        .returning();
      return { body: { orderId: paid.id, refundId: lost!.id } };
    },
    "admin/orders#production": async () => {
      const bespoke = await order({ items: [{ name: "Wedding agbada", kind: "custom", productionDays: 20, unitPrice: 250_000 }] });
      return { body: { orderId: bespoke.id, step: "cutting" } };
    },
    // Drafts: every button saves the form as typed (here with new notes), then does its own part.
    "admin/orders/drafts#new": async () => ({ body: { channel: "whatsapp" } }),
    "admin/orders/drafts/:draftId#save": () => draftCase("save"),
    "admin/orders/drafts/:draftId#find-product": () => draftCase("find-product", { productSearch: "kaftan" }),
    "admin/orders/drafts/:draftId#choose-product": async () => draftCase("choose-product", {}, `?product=${(await product()).id}`),
    "admin/orders/drafts/:draftId#find-customer": () => draftCase("find-customer", { customerSearch: "ama" }),
    "admin/orders/drafts/:draftId#use-customer": async () => {
      const earlier = await order({ customerName: "Efua Sarpong", customerEmail: "efua.sarpong@example.com" });
      return draftCase("use-customer", {}, `?pick=${encodeURIComponent(earlier.customerEmail)}`);
    },
    "admin/orders/drafts/:draftId#add-product": async () =>
      draftCase("add-product", { pickProduct: String((await product()).id), pickSize: "L", pickQuantity: "1" }),
    "admin/orders/drafts/:draftId#add-custom": () =>
      draftCase("add-custom", { customDescription: "Smock in northern fugu", customPrice: "450", customQuantity: "1", customDays: "10" }),
    "admin/orders/drafts/:draftId#remove-line": () => draftCase("remove-line", {}, "?line=0"),
    "admin/orders/drafts/:draftId#place-link": () => draftCase("place-link"),
    "admin/orders/drafts/:draftId#place-recorded": async () => {
      const submission = await draftCase("place-recorded");
      // Priced as placing will price it: with the customer and the collection already saved.
      await saveDraftDetails(db(), submission.params!.draftId!, draftDetailsSaved, by);
      const total = (await pricedDraft(db(), await getDraft(db(), submission.params!.draftId!))).totals!.total;
      return {
        ...submission,
        body: { ...(submission.body as Fields), paymentMethod: "cash", paymentId: crypto.randomUUID(), seenTotal: String(total) },
      };
    },
    "admin/orders/drafts/:draftId#place-on-delivery": () => draftCase("place-on-delivery"),
    "admin/orders/drafts/:draftId#discard": () => draftCase("discard"),
    // Reviews
    "admin/reviews#moderate": async () => {
      const reviewer = await createUser(db());
      const [review] = await db()
        .insert(productReviews)
        .values({ productId: (await product()).id, userId: reviewer.id, authorName: "Ama", rating: 5, body: "Beautiful weave." })
        .returning();
      return { body: { reviewId: String(review!.id), status: "approved" } };
    },
    // Sign-in security (the owner's own app: a real better-auth session)
    "admin/security#start-setup": async () => {
      await ownerApp(false);
      return { body: { password: PASSWORD } };
    },
    "admin/security#finish-setup": async () => {
      await ownerApp(false);
      const started = await startTwoFactorSetup(auth, authHeaders(owner.cookie), { password: PASSWORD, issuer: "Ahenfie" });
      if (!started.ok) throw new Error(started.message);
      return { body: { code: totpCode(started.key) } };
    },
    "admin/security#turn-off": async () => {
      await ownerApp(true);
      return { body: { password: PASSWORD } };
    },
    "admin/security#new-codes": async () => {
      await ownerApp(true);
      return { body: { password: PASSWORD } };
    },
    "admin/security#sign-in-rules": async () => ({ body: { staffTwoFactorRequired: "", confirmRefundsAbove: String(2_000 + next()) } }),
    // Discounts
    "admin/discounts#create": async () => ({ body: discountForm(`WELCOME-${next()}`) }),
    "admin/discounts#update": async () => {
      const code = await discount();
      return { body: { id: String(code.id), ...discountForm(code.code), percent: "15" } };
    },
    "admin/discounts#pause": async () => ({ body: { id: String((await discount()).id) } }),
    "admin/discounts#resume": async () => {
      const code = await discount();
      await db().update(discountCodes).set({ paused: true }).where(eq(discountCodes.id, code.id));
      return { body: { id: String(code.id) } };
    },
    "admin/discounts#end": async () => ({ body: { id: String((await discount()).id) } }),
    "admin/discounts#delete": async () => ({ body: { id: String((await discount()).id) } }),
    // Shipping
    "admin/shipping#create": async () => ({ body: zoneForm(`Nordics ${next()}`, ["SE"]) }),
    "admin/shipping#update": async () => {
      const [zone] = await db().select().from(shippingZones).where(eq(shippingZones.name, "Greater Accra"));
      return { body: { id: String(zone!.id), ...zoneForm("Greater Accra", zone!.areas), fee: String(30 + next()) } };
    },
    "admin/shipping#delete": async () => {
      const [zone] = await db()
        .insert(shippingZones)
        .values({ name: `Benelux ${next()}`, areas: [], fee: 40_000, deliveryMinDays: 4, deliveryMaxDays: 7, position: 50 })
        .returning();
      return { body: { id: String(zone!.id) } };
    },
    // Settings
    "admin/settings#general": async () => {
      const settings = await getStoreSettings(db());
      return {
        body: {
          currency: settings.currency,
          timezone: settings.timezone,
          storeName: `Ahenfie ${next()}`,
          contactEmail: settings.contactEmail,
        },
      };
    },
    "admin/settings#currencies": async () => ({ body: { USD: `0.0${900 + next()}` } }),
    "admin/settings#notifications": async () => ({
      body: { emailNotifications: "on", orderNotifications: "", customerNotifications: "", reviewInvitationDays: String(next() % 30) },
    }),
    "admin/settings#payments": async () => ({
      body: { paymentHoldMinutes: String(60 + next()), paymentLinkHours: "48", depositPercent: "30" },
    }),
    "admin/settings#taxes": async () => ({
      body: { "lines[0].name": "VAT", "lines[0].rate": String(10 + (next() % 10)), zeroRateExports: "on" },
    }),
    "admin/settings#backup-schedule": async () => ({
      body: { backupTime: `0${next() % 10}:30`, backupKeepDaily: "7", backupKeepWeekly: "4", alertEmail: "" },
    }),
    "admin/settings#back-up-now": async () => ({ body: {} }),
    "admin/settings#invite-staff": async () => ({ body: { email: `kojo${next()}@activity.test`, role: "staff" } }),
    "admin/settings#revoke-invitation": async () => {
      const invited = await inviteStaff(db(), {
        email: `esi${next()}@activity.test`,
        role: "manager",
        invitedBy: { id: owner.id, name: "Adwoa", email: owner.email },
        origin: TEST_ORIGIN,
        storeName: "Ahenfie",
      });
      return { body: { invitationId: invited.id } };
    },
    "admin/settings#change-role": async () => ({ body: { userId: (await staffMember()).id, role: "manager" } }),
    "admin/settings#suspend-staff": async () => ({ body: { userId: (await staffMember()).id } }),
    "admin/settings#reactivate-staff": async () => ({ body: { userId: (await staffMember(true)).id } }),
    "admin/settings#remove-staff": async () => ({ body: { userId: (await staffMember()).id } }),
    // The Diagnostic page's claim: only while the shop has no owner (the owner's role is given back after).
    "admin/diagnostic#claim-admin": async () => {
      const claimant = await createUser(db(), { name: "Kofi Claimant" });
      await db()
        .delete(userRoles)
        .where(and(eq(userRoles.userId, owner.id)));
      return {
        body: {},
        actorId: claimant.id,
        context: testLoadContext(database, {
          config,
          clientIp: IP,
          auth: signedInAs({ id: claimant.id, email: claimant.email, name: "Kofi Claimant" }),
        }),
      };
    },
    "admin/newsletter#remove": async () => {
      const [subscriber] = await db()
        .insert(newsletterSubscribers)
        .values({ email: `yaa${next()}@example.com`, confirmedAt: new Date() })
        .returning();
      return { body: { id: String(subscriber!.id) } };
    },
    "admin/custom-requests#update": async () => ({
      body: { reference: await customRequest(), status: "declined", staffNotes: "Fabric not available." },
    }),
    "admin/custom-requests#quote": async () => ({
      query: "?quote",
      body: {
        reference: await customRequest(),
        "lines[0].description": "Wedding kaftan in white guinea brocade",
        "lines[0].price": "2,400",
        "lines[0].quantity": "1",
        "lines[0].productionDays": "21",
        depositKind: "percent",
        depositPercent: "40",
        validUntil: addDays(localDay((await getStoreSettings(db())).timezone), 10),
        message: "",
      },
    }),
    "admin/settings/logo#upload": async () => {
      const png = await sharp({ create: { width: 40, height: 16, channels: 3, background: `#C9A2${String(10 + (next() % 89))}` } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("logo", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
      return { body: form };
    },
    "admin/settings/logo#remove": async () => {
      const png = await sharp({ create: { width: 30, height: 12, channels: 3, background: "#1F1A17" } })
        .png()
        .toBuffer();
      const { saveStoreLogo } = await import("~/modules/settings/store-logo.server");
      await saveStoreLogo(db(), new Uint8Array(png));
      return { body: {} };
    },
  };

  describe("the list of forms", () => {
    it("names every form of every admin route once: a submission that records it, or a reason it changes nothing", () => {
      const forms = formCases.map(({ route, form }) => key(route, form));
      expect(forms.length).toBeGreaterThan(60);
      const neither = forms.filter((f) => !(f in SUBMISSIONS) && !(f in CHANGES_NOTHING));
      expect(neither, "forms whose changes are not shown to be recorded: add a submission, or a reason to CHANGES_NOTHING").toEqual([]);
      expect(forms.filter((f) => f in SUBMISSIONS && f in CHANGES_NOTHING)).toEqual([]);
      expect(
        [...Object.keys(SUBMISSIONS), ...Object.keys(CHANGES_NOTHING)].filter((f) => !forms.includes(f)),
        "forms that are gone",
      ).toEqual([]);
      for (const reason of Object.values(CHANGES_NOTHING)) expect(reason.length).toBeGreaterThan(10);
    });
  });

  const recorded = formCases.filter(({ route, form }) => key(route, form) in SUBMISSIONS);

  it.each(recorded)("$route → $form records its change", async ({ route, form }) => {
    const submission = await SUBMISSIONS[key(route, form)]!();
    const file = routeFiles.get(route);
    const load = routeModules[`../../app/${file}`];
    if (!load) throw new Error(`No route module for ${route}`);
    const { action } = await load();
    const params = submission.params ?? {};
    const url = `/${route.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "x")}${submission.query ?? ""}`;
    let body: URLSearchParams | FormData;
    if (submission.body instanceof FormData) body = submission.body;
    else {
      body = new URLSearchParams();
      for (const [name, value] of Object.entries(submission.body)) for (const one of [value].flat()) body.append(name, one);
    }
    body.set("intent", form);
    const headers = new Headers({ cookie: owner.cookie, origin: TEST_ORIGIN });
    if (body instanceof URLSearchParams) headers.set("content-type", "application/x-www-form-urlencoded");
    const request = new Request(`${TEST_ORIGIN}${url}`, { method: "POST", headers, body });

    const since = await lastActivityId(db());
    try {
      const answer = await inActivityScope(() =>
        routeAnswer(action as never, { request, context: submission.context ?? ownerContext(), params }),
      );
      expect(answer.status, `${key(route, form)} answered ${JSON.stringify(answer.body)}`).toBeLessThan(400);
      if (route === "admin/security" && answer.headers.getSetCookie().length > 0)
        owner.cookie = sessionCookieOf(answer.headers) || owner.cookie;
    } finally {
      if (form === "claim-admin") await setUserRole(db(), owner.id, "owner");
    }
    const entries = await entriesSince(db(), since);
    expect(entries.filter((e) => e.action === key(route, form)).length, `${key(route, form)} left no entry`).toBeGreaterThan(0);
    // Everything the submission changed is that member's, from their address, under that form.
    for (const entry of entries)
      expect(entry, JSON.stringify(entry)).toMatchObject({ action: key(route, form), actorId: submission.actorId ?? owner.id, ip: IP });
  });
});
