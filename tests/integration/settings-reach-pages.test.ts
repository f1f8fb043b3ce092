import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { contentPages } from "~/content/pages";
import { fillContentPage, fillText } from "~/content/fill-content";
import { AboutSection } from "~/components/storefront/home/about-section";
import { SiteFooter } from "~/components/storefront/layout/site-footer";
import { Price } from "~/components/storefront/price";
import { AskOnWhatsApp } from "~/components/storefront/product/ask-on-whatsapp";
import { Reassurances } from "~/components/storefront/product/product-info-cards";
import type { RootData } from "~/lib/root-data";
import { PageContextProvider } from "~/lib/page-context";
import { createRenderOnce } from "~/lib/render-once.server";
import { RenderOnceContext } from "~/lib/rendered-once";
import { generalSettingsSchema } from "~/modules/settings/settings.schema";
import { defaultStoreSettings, type StoreSettings } from "~/modules/settings/store-settings";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { storeProfile } from "~/modules/settings/store-profile";
import { loader as rootLoader } from "~/root";
import { loader as contentLoader } from "~/routes/storefront/content-page";
import { testLoadContext, TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { sampleZones } from "../factories/shipping-zones";
import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { shippingZones } from "~db/schema/shipping";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";

/** Server-renders `element` as a page whose root loader data is `root` (as root.tsx hands it to the storefront's components). */
function render(root: RootData, Component: ComponentType): string {
  const page = { root, pathname: "/", search: "", key: "test", showResults: false, navigatingTo: null, submitting: false };
  return renderToString(createElement(PageContextProvider, { value: page, children: createElement(Component) }))
    .replace(/<!-- -->/g, "")
    .replace(/&amp;/g, "&");
}

const changed: Partial<StoreSettings> = {
  storeName: "Maison Osu",
  contactEmail: "atelier@maison-osu.com",
  contactPhone: "+233 20 765 4321",
  contactAddress: "7 Cantonments Road\nAccra, Ghana",
  whatsappNumber: "+233 24 123 4567",
  instagramUrl: "https://www.instagram.com/maison.osu",
  facebookUrl: "",
};

/** A zone edit as the admin's Shipping zones page makes it: the row, then a storefront change. */
async function editZone(db: Db, name: string, values: Partial<typeof shippingZones.$inferInsert>): Promise<void> {
  await db.update(shippingZones).set(values).where(eq(shippingZones.name, name));
  await announceStorefrontChange(db);
}

describeWithDatabase("settings changes reach every text that states them", (database) => {
  const context = () => testLoadContext(database);
  const rootData = async () =>
    (await routeAnswer(rootLoader, { request: new Request(`${TEST_ORIGIN}/`), context: context() })).body as RootData;
  const contentPage = async (slug: string) => {
    const answer = await routeAnswer(contentLoader, { request: new Request(`${TEST_ORIGIN}/${slug}`), context: context() });
    return answer.body as Awaited<ReturnType<typeof contentLoader>>;
  };
  const pageText = (page: Awaited<ReturnType<typeof contentLoader>>["page"]) => JSON.stringify(page);

  beforeAll(async () => {
    await saveStoreSettings(database.db, changed);
    await editZone(database.db, "Greater Accra", { freeShippingThreshold: 100_000 });
    await editZone(database.db, "Rest of Ghana", { fee: 7_500, freeShippingThreshold: 100_000 });
  });

  it("gives every page the store's name, currency, contact details, WhatsApp and social links", async () => {
    const root = await rootData();
    expect(root.shipping).toEqual({ freeShippingThreshold: 100_000 });
    expect(root.store).toMatchObject({
      name: "Maison Osu",
      currency: "GHS",
      contact: {
        email: "atelier@maison-osu.com",
        phone: "+233 20 765 4321",
        addressLines: ["7 Cantonments Road", "Accra, Ghana"],
        whatsapp: "+233 24 123 4567",
      },
      social: [{ label: "Instagram", url: "https://www.instagram.com/maison.osu" }],
    });
  });

  it("fills the content pages: the Shipping page's zones table, About's phone and email, the store name, with nothing left unfilled", async () => {
    const shipping = await contentPage("shipping");
    expect(shipping.storeName).toBe("Maison Osu");
    const table = shipping.page.blocks.find((b) => b.type === "table" && b.caption.startsWith("Shipping zones"));
    expect(table).toMatchObject({
      head: ["Zone", "Where", "Fee", "Free over", "Delivery time", "Pay on Delivery"],
      rows: [
        ["Greater Accra", "Greater Accra (Ghana)", "₵30", "₵1,000", "1–2 working days", "Yes"],
        ["Rest of Ghana", "Ghana, except Greater Accra", "₵75", "₵1,000", "2–4 working days", "Yes"],
        [
          "West Africa",
          expect.stringMatching(/^Nigeria, Ivory Coast, Togo, Benin, Burkina Faso, Senegal, .*Mauritania$/) as string,
          "₵250",
          "—",
          "5–8 working days",
          "No",
        ],
        ["Rest of the world", "Everywhere else", "₵600", "—", "6–10 working days", "No"],
      ],
    });
    expect(shipping.page.metaDescription).toContain("free in Ghana over ₵1,000: Maison Osu shipping fees");
    const text = pageText(shipping.page);
    expect(text).not.toMatch(/₵500\b|₵50\b|flat delivery fee/);

    const about = pageText((await contentPage("about")).page);
    expect(about).toContain("call +233 20 765 4321");
    expect(about).toContain("email atelier@maison-osu.com");
    expect(about).toContain("7 Cantonments Road, Accra, Ghana");
    expect(about).not.toContain("+233 30 277 4410");

    const custom = (await contentPage("custom-orders")).page;
    expect(custom.blocks).toContainEqual(
      expect.objectContaining({ type: "whatsapp", href: expect.stringMatching(/^https:\/\/wa\.me\/233241234567\?text=/) as string }),
    );
    for (const page of contentPages) {
      const filled = pageText((await contentPage(page.slug)).page);
      // No placeholder or optional-passage bracket left (JSON's own [[" and "]] are not text).
      expect(filled, page.slug).not.toMatch(/\{\w+(:\d+)?\}|\[\[(?!")|(?<!")\]\]/);
      expect(filled, page.slug).not.toContain("hello@ahenfie.com");
    }
  });

  it("renders the new figures and contact details in the footer, the home About section, the product page's reassurances and WhatsApp link", async () => {
    const root = await rootData();
    const footer = render(root, () => createElement(SiteFooter, { storeName: root.store.name, year: 2026 }));
    expect(footer).toContain("+233 20 765 4321");
    expect(footer).toContain('href="tel:+233207654321"');
    expect(footer).toContain("atelier@maison-osu.com");
    expect(footer).toContain("7 Cantonments Road");
    expect(footer).toContain('href="https://wa.me/233241234567"');
    expect(footer).toContain('aria-label="Maison Osu on Instagram (opens in a new tab)"');
    expect(footer).not.toContain("Facebook");
    // As pages draw it on the server: once per store profile, the same markup, and a change in
    // Settings reaches it (the profile is part of its key).
    const renderOnce = createRenderOnce();
    const footerOnce = (data: RootData) =>
      render(data, () =>
        createElement(
          RenderOnceContext.Provider,
          { value: renderOnce },
          createElement(SiteFooter, { storeName: data.store.name, year: 2026 }),
        ),
      );
    expect(footerOnce(root)).toBe(footer);
    expect(footerOnce(root)).toBe(footer);
    const before = { ...root, store: storeProfile(defaultStoreSettings) };
    const beforeFooter = footerOnce(before);
    expect(beforeFooter).toContain("hello@ahenfie.com");
    expect(beforeFooter).not.toContain("atelier@maison-osu.com");
    expect(footerOnce(root)).toBe(footer);

    expect(render(root, AboutSection)).toContain("free in Ghana on orders over ₵1,000.");
    expect(render(root, Reassurances)).toContain("on orders over ₵1,000");
    const ask = render(root, () => createElement(AskOnWhatsApp, { productName: "Royal Kente Kaftan", productPath: "/product/3" }));
    const href = /href="([^"]+)"/.exec(ask)![1]!;
    expect(new URL(href).searchParams.get("text")).toBe(
      `Hello, I would like to ask about the Royal Kente Kaftan: ${TEST_ORIGIN}/product/3`,
    );
  });

  it("shows prices in the store currency once it changes, and the currency's name on the content pages", async () => {
    await saveStoreSettings(database.db, { currency: "USD" });
    try {
      const root = await rootData();
      expect(root.store.currency).toBe("USD");
      expect(render(root, () => createElement(Price, { price: 37_499, originalPrice: 45_000 }))).toMatch(/\$374\.99.*\$450\.00/);
      // An order's own recorded currency wins over today's setting.
      expect(render(root, () => createElement(Price, { price: 37_499, currency: "GHS" }))).toContain("₵374.99");
      expect(render(root, Reassurances)).toContain("on orders over $1,000");
      const terms = pageText((await contentPage("terms")).page);
      expect(terms).toContain("All prices are in US dollars (USD, $)");
      expect(pageText((await contentPage("custom-orders")).page)).toContain("Bespoke kaftan: from $1,200");
    } finally {
      await saveStoreSettings(database.db, { currency: "GHS" });
    }
  });
});

describeWithDatabase("shipping zones reach every text that states them", (database) => {
  const context = () => testLoadContext(database);

  it("a zone edit shows at once on the Shipping page, and no zone in Ghana shipping free drops the free-shipping line", async () => {
    await editZone(database.db, "West Africa", { fee: 27_500, deliveryMinDays: 4, deliveryMaxDays: 6, payOnDelivery: true });
    await editZone(database.db, "Greater Accra", { freeShippingThreshold: null });
    await editZone(database.db, "Rest of Ghana", { freeShippingThreshold: null });
    const shipping = (await routeAnswer(contentLoader, { request: new Request(`${TEST_ORIGIN}/shipping`), context: context() }))
      .body as Awaited<ReturnType<typeof contentLoader>>;
    const table = shipping.page.blocks.find((b) => b.type === "table" && b.caption.startsWith("Shipping zones"));
    expect(table).toMatchObject({
      rows: expect.arrayContaining([expect.arrayContaining(["West Africa", "₵275", "—", "4–6 working days", "Yes"])]) as unknown,
    });
    expect(shipping.page.metaDescription).not.toContain("free");
    const root = (await routeAnswer(rootLoader, { request: new Request(`${TEST_ORIGIN}/`), context: context() })).body as RootData;
    expect(root.shipping).toEqual({ freeShippingThreshold: null });
    const reassurances = render(root, Reassurances);
    expect(reassurances).not.toContain("Free Shipping");
    expect(reassurances).toContain("Priced by destination at checkout");
    expect(render(root, AboutSection)).toContain("priced by destination at checkout.");
  });
});

describe("content placeholders", () => {
  const settings = { store: storeProfile(defaultStoreSettings), zones: sampleZones };

  it("drops a [[passage]] naming a setting the shop left empty", () => {
    const noPhone = { ...settings, store: storeProfile({ ...defaultStoreSettings, contactPhone: "", whatsappNumber: "" }) };
    const text = "Email {email}[[, call {phone}]][[ or message us on WhatsApp at {whatsapp}]].";
    expect(fillText(text, settings)).toBe("Email hello@ahenfie.com, call +233 30 277 4410 or message us on WhatsApp at +233 24 411 8820.");
    expect(fillText(text, noPhone)).toBe("Email hello@ahenfie.com.");
    const custom = fillContentPage(
      contentPages.find((p) => p.slug === "custom-orders")!,
      noPhone,
    );
    expect(custom.blocks.some((b) => b.type === "whatsapp")).toBe(false);
  });

  it("refuses a placeholder it does not know, so a typo never reaches shoppers", () => {
    expect(() => fillText("Call {phon}", settings)).toThrow("Unknown content placeholder {phon}");
  });
});

describe("WhatsApp and social settings", () => {
  const form = {
    currency: "GHS",
    timezone: "Africa/Accra",
    storeName: "Ahenfie",
    contactEmail: "hello@ahenfie.com",
  };
  const issues = (values: Record<string, string>) => {
    const result = generalSettingsSchema.safeParse({ ...form, ...values });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("takes an international WhatsApp number and https links on each network's own site", () => {
    const parsed = generalSettingsSchema.parse({
      ...form,
      whatsappNumber: " +233 (24) 123-4567 ",
      instagramUrl: "https://www.instagram.com/ahenfie",
      facebookUrl: "https://m.facebook.com/ahenfie",
      tiktokUrl: "https://www.tiktok.com/@ahenfie",
      xUrl: "https://twitter.com/ahenfie",
    });
    expect(parsed.whatsappNumber).toBe("+233 (24) 123-4567");
    expect(parsed.xUrl).toBe("https://twitter.com/ahenfie");
    expect(generalSettingsSchema.parse(form)).toMatchObject({ whatsappNumber: "", instagramUrl: "", tiktokUrl: "" });
  });

  it("refuses a local or malformed number and links elsewhere, each with a message naming the field", () => {
    for (const number of ["024 123 4567", "+233", "+233 24 123 4567 ext 2", "+0 24 123 4567"])
      expect(issues({ whatsappNumber: number }).whatsappNumber, number).toMatch(/international form, with \+ and the country code/);
    expect(issues({ instagramUrl: "https://example.com/ahenfie" }).instagramUrl).toBe(
      "Enter the address of your Instagram page, starting with https://, e.g. https://instagram.com/yourshop",
    );
    expect(issues({ facebookUrl: "http://facebook.com/ahenfie" }).facebookUrl).toMatch(/Facebook page, starting with https:\/\//);
    expect(issues({ tiktokUrl: "https://tiktok.com.evil.example/@x" }).tiktokUrl).toMatch(/TikTok/);
    expect(issues({ xUrl: "https://x.com/" }).xUrl).toMatch(/your X page/);
    expect(issues({ instagramUrl: "javascript:alert(1)" }).instagramUrl).toMatch(/Instagram/);
  });
});
