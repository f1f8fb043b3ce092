import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageContextProvider, type PageContextValue } from "~/lib/page-context";
import { createRenderOnce } from "~/lib/render-once.server";
import { RenderOnceContext, type RenderOnce } from "~/lib/rendered-once";
import type { RootData } from "~/lib/root-data";
import { headerWordmark } from "~/lib/wordmark";
import type { StoreLogo } from "~/modules/settings/store-settings";
import { SiteHeader } from "./site-header";

function pageAt(pathname: string, search = ""): PageContextValue {
  const root = { store: { name: "Ahenfie", currency: "GHS" } } as unknown as RootData;
  return { root, pathname, search, key: "test", showResults: false, navigatingTo: null, submitting: false };
}

/** The header as the server renders it on a page: drawn once per key (`renderOnce`), or whole. */
function header(
  pathname: string,
  {
    renderOnce = null,
    storeName = "Ahenfie",
    logo = null,
    search = "",
  }: { renderOnce?: RenderOnce | null; storeName?: string; logo?: StoreLogo | null; search?: string } = {},
): string {
  return renderToString(
    <RenderOnceContext.Provider value={renderOnce}>
      <PageContextProvider value={pageAt(pathname, search)}>
        <SiteHeader storeName={storeName} wordmark={headerWordmark(storeName)} tagline="Accra Tailoring House" logo={logo} viewer={null} />
      </PageContextProvider>
    </RenderOnceContext.Provider>,
  );
}

/** The `aria-current` link's text. */
function currentLink(html: string): string | null {
  return /aria-current="page"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
}

describe("SiteHeader drawn once on the server", () => {
  it("writes the same markup as the header drawn whole, on every kind of page, the first time and after", () => {
    const renderOnce = createRenderOnce();
    for (const pathname of [
      "/",
      "/collections/kaftans",
      "/collections/suits/",
      "/collections/all",
      "/track-order",
      "/product/1",
      "/auth",
    ]) {
      const whole = header(pathname);
      expect(whole).toContain('aria-label="Account: sign in"');
      expect(header(pathname, { renderOnce })).toBe(whole);
      expect(header(pathname, { renderOnce })).toBe(whole);
    }
  });

  it("marks the page's own link, whichever page drew the header first", () => {
    const renderOnce = createRenderOnce();
    expect(currentLink(header("/collections/all?q=kaftan", { renderOnce }))).toBeNull();
    expect(currentLink(header("/collections/kaftans", { renderOnce }))).toBe("Kaftans");
    expect(currentLink(header("/collections/Suits/", { renderOnce }))).toBe("Suits");
    expect(currentLink(header("/", { renderOnce }))).toBe("Home");
    expect(currentLink(header("/track-order", { renderOnce }))).toBe("Track Order");
    // A search is the same page of the header for every query: one markup, no link marked.
    expect(header("/collections/all", { renderOnce, search: "?q=Kente" })).toBe(header("/collections/all", { search: "?q=agbada" }));
  });

  it("shows the store's name as it stands now", () => {
    const renderOnce = createRenderOnce();
    expect(header("/", { renderOnce })).toContain(">Ahenfie<");
    const renamed = header("/", { renderOnce, storeName: "Kwame & Sons" });
    expect(renamed).toContain(">Kwame &amp; Sons<");
    expect(renamed).not.toContain(">Ahenfie<");
    expect(renamed).toBe(header("/", { storeName: "Kwame & Sons" }));
  });

  it("draws a store's own logo in place every time, as React would", () => {
    const logo: StoreLogo = { url: "/api/store-logo/7", width: 240, height: 80 };
    const calls: string[] = [];
    const counting: RenderOnce = (key, render) => {
      calls.push(key);
      return createRenderOnce()(key, render);
    };
    const html = header("/", { renderOnce: counting, logo });
    expect(html).toContain('src="/api/store-logo/7"');
    expect(html).toBe(header("/", { logo }));
    expect(calls).toEqual([]);
  });
});
