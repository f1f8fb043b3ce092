import { createElement, lazy, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { createRenderOnce } from "./render-once.server";

describe("createRenderOnce", () => {
  it("draws a key's markup once and gives the same markup every time after", () => {
    const renderOnce = createRenderOnce();
    let draws = 0;
    const render = () => {
      draws++;
      return createElement("p", null, "Tailored in Accra");
    };
    expect(renderOnce("about", render)).toBe("<p>Tailored in Accra</p>");
    expect(renderOnce("about", render)).toBe("<p>Tailored in Accra</p>");
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
    expect(renderOnce("price", render)).toBe('<div><!--$--><span role="slider"></span><!--/$--></div>');
    expect(renderOnce("price", render)).toBe('<div><!--$--><span role="slider"></span><!--/$--></div>');
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
