import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopRates } from "~/modules/shipping/shop-rates";
import {
  SHOPPER_CURRENCY_KEY,
  approximateCurrency,
  createShopperCurrencyStore,
  currencyChoices,
  parseShopperCurrency,
  useShopperCurrency,
} from "./shopper-currency";

const setAt = "2026-11-24T09:00:00.000Z";
const setOn = "24 Nov 2026";
const rates: ShopRates = {
  currency: "GHS",
  exchangeRates: { EUR: { rate: 0.0784, setAt, setOn }, USD: { rate: 0.0909, setAt, setOn }, XOF: { rate: 51.4, setAt, setOn } },
  zones: [],
};

/** A window with a working localStorage and storage events, as much of one as the store touches. */
function fakeWindow() {
  const items = new Map<string, string>();
  const events = new EventTarget();
  return {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    /** Another tab wrote `value` under `key`. */
    otherTabWrites(key: string, value: string) {
      items.set(key, value);
      events.dispatchEvent(Object.assign(new Event("storage"), { key }));
    },
  };
}

describe("parseShopperCurrency", () => {
  it("keeps a stored choice over the browser's languages", () => {
    expect(parseShopperCurrency('"EUR"', ["en-GB"])).toBe("EUR");
  });

  it("guesses from the languages on a first visit, and from a damaged or unknown value", () => {
    expect(parseShopperCurrency(null, ["en-GB"])).toBe("GBP");
    expect(parseShopperCurrency("{not json", ["fr-SN"])).toBe("XOF");
    expect(parseShopperCurrency('"JPY"', ["de-DE"])).toBe("EUR");
  });

  it("is null when nothing points anywhere: the store currency then stands alone", () => {
    expect(parseShopperCurrency(null, ["en"])).toBeNull();
  });
});

describe("the shopper's currency store", () => {
  let win: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    win = fakeWindow();
    vi.stubGlobal("window", win);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts from the guess, remembers a choice in localStorage and tells its listeners", () => {
    const store = createShopperCurrencyStore(() => ["en-GB"]);
    expect(store.get()).toBe("GBP");
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set("USD");
    expect(store.get()).toBe("USD");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(win.localStorage.getItem(SHOPPER_CURRENCY_KEY)).toBe('"USD"');
    unsubscribe();
    // A new page load in this browser reads the choice back.
    expect(createShopperCurrencyStore(() => ["en-GB"]).get()).toBe("USD");
  });

  it("follows a choice made in another tab", () => {
    const store = createShopperCurrencyStore(() => ["en"]);
    expect(store.get()).toBeNull();
    const listener = vi.fn();
    store.subscribe(listener);
    win.otherTabWrites(SHOPPER_CURRENCY_KEY, '"XOF"');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe("XOF");
    win.otherTabWrites("ahenfie.cart.v1", "[]");
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("renders nothing chosen on the server, whatever the browser would say", () => {
    function Probe() {
      return createElement("span", null, useShopperCurrency() ?? "none");
    }
    // This browser chose USD, yet the server's render (and so hydration) knows nothing of it.
    win.localStorage.setItem(SHOPPER_CURRENCY_KEY, '"USD"');
    expect(renderToString(createElement(Probe))).toBe("<span>none</span>");
  });
});

describe("currencyChoices", () => {
  it("lists the store currency first, then each currency with a rate, in the menu's order", () => {
    expect(currencyChoices(rates)).toEqual(["GHS", "USD", "EUR", "XOF"]);
  });

  it("offers only the store currency when no rate is set", () => {
    expect(currencyChoices({ ...rates, exchangeRates: {} })).toEqual(["GHS"]);
  });
});

describe("approximateCurrency", () => {
  it("gives the rate of the shopper's currency", () => {
    expect(approximateCurrency(rates, "USD")).toEqual({ currency: "USD", rate: { rate: 0.0909, setAt, setOn }, storeCurrency: "GHS" });
  });

  it("shows nothing before the rates arrive, in the store currency, or without a rate for the shopper's", () => {
    expect(approximateCurrency(null, "USD")).toBeNull();
    expect(approximateCurrency(rates, "GHS")).toBeNull();
    expect(approximateCurrency(rates, "GBP")).toBeNull();
    expect(approximateCurrency(rates, null)).toBeNull();
  });
});
