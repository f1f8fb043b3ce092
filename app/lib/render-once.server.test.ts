import { createElement, lazy, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { createRenderOnce } from "./render-once.server";
import type { DrawnMarkup } from "./rendered-once";

/** Drawn markup as text: the server keeps it as UTF-8 bytes. */
const text = (markup: DrawnMarkup | null) => (markup === null ? null : String(markup));

describe("createRenderOnce", () => {
  it("draws a key's markup once and gives the same markup every time after", () => {
    const renderOnce = createRenderOnce();
    let draws = 0;
    const render = () => {
      draws++;
      return createElement("p", null, "Tailored in Accra");
    };
    expect(text(renderOnce("about", render))).toBe("<p>Tailored in Accra</p>");
    expect(text(renderOnce("about", render))).toBe("<p>Tailored in Accra</p>");
    expect(draws).toBe(1);
  });

  it("gives the markup as its UTF-8 bytes, the same Buffer every time: React's Node renderer writes them into each page as they are", () => {
    const renderOnce = createRenderOnce();
    const render = () => createElement("p", null, "Agbada — ₵2,500.00");
    const first = renderOnce("agbada", render);
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(renderOnce("agbada", render)).toBe(first);
    expect(text(first)).toBe("<p>Agbada — ₵2,500.00</p>");
  });

  it("keeps parts drawn for one of endlessly many values apart: a flood of them never pushes out a part every page shows", () => {
    const renderOnce = createRenderOnce();
    let footerDraws = 0;
    const footer = () => {
      footerDraws++;
      return createElement("footer", null, "Ahenfie, Accra");
    };
    renderOnce("footer", footer);
    // Two thousand ranges of 2,000 characters each, each asked twice: eight times what the small
    // store keeps. The first time, each is drawn in place (null); the second, drawn and kept.
    for (let low = 0; low < 2_000; low++) {
      const range = () => createElement("p", null, `${low}`.padEnd(2_000, "."));
      expect(renderOnce(`range ${low}`, range, { oneOfMany: true })).toBeNull();
      expect(text(renderOnce(`range ${low}`, range, { oneOfMany: true }))).toBe(`<p>${`${low}`.padEnd(2_000, ".")}</p>`);
    }
    renderOnce("footer", footer);
    expect(footerDraws).toBe(1);
    // The last ranges are still kept; the first ones were drawn again.
    let draws = 0;
    const again = (low: number) => renderOnce(`range ${low}`, () => (draws++, createElement("p", null, "again")), { oneOfMany: true });
    expect(text(again(1_999))).toBe(`<p>${"1999".padEnd(2_000, ".")}</p>`);
    expect(draws).toBe(0);
    expect(text(again(0))).toBe("<p>again</p>");
    expect(draws).toBe(1);
  });

  it("never keeps markup with a part not loaded yet: null until it has loaded, then drawn and kept", async () => {
    const renderOnce = createRenderOnce();
    let loaded = false;
    const Slider = lazy(async () => {
      loaded = true;
      return { default: () => createElement("span", { role: "slider" }) };
    });
    let draws = 0;
    const render = () => {
      draws++;
      return createElement("div", null, createElement(Suspense, { fallback: null }, createElement(Slider)));
    };
    // Drawn apart, a part loaded on demand cannot be waited for: the page draws it in place.
    expect(renderOnce("price", render)).toBeNull();
    expect(loaded).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(text(renderOnce("price", render))).toBe('<div><!--$--><span role="slider"></span><!--/$--></div>');
    expect(text(renderOnce("price", render))).toBe('<div><!--$--><span role="slider"></span><!--/$--></div>');
    expect(draws).toBe(2);
  });

  it("draws in place, never kept, markup that would put anything but a picture's preload in the head", () => {
    const renderOnce = createRenderOnce();
    const render = () => createElement("div", null, createElement("title", null, "Kente"), "Kente");
    expect(renderOnce("titled", render)).toBeNull();
    expect(renderOnce("titled", render)).toBeNull();
  });

  it("draws in place a part whose picture is not asked for first: a preload call would put it elsewhere in the head", () => {
    const renderOnce = createRenderOnce();
    const render = () => createElement("a", { href: "/" }, createElement("img", { src: "/api/store-logo/7", alt: "Ahenfie" }));
    expect(renderOnce("logo", render)).toBeNull();
  });
});
