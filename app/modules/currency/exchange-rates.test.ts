import { describe, expect, it } from "vitest";
import {
  convertAmount,
  displayCurrencies,
  formatApproximate,
  formatDisplayAmount,
  guessCurrency,
  isRateStale,
  ratesFor,
  type ExchangeRates,
} from "./exchange-rates";

const setAt = "2026-11-24T09:00:00.000Z";

describe("formatApproximate", () => {
  it("converts pesewas at the rate and rounds to cents: ₵299.99 at 0.0820 is ≈ $24.60", () => {
    expect(convertAmount(29_999, 0.082)).toBeCloseTo(24.59918, 5);
    expect(formatApproximate(29_999, "USD", 0.082)).toBe("≈ $24.60");
  });

  it("rounds half a cent up and shows whole amounts with two decimals", () => {
    expect(formatApproximate(1_000, "USD", 0.1)).toBe("≈ $1.00");
    expect(formatApproximate(12_345, "EUR", 0.1)).toBe("≈ €12.35");
  });

  it("shows pounds with £ and euros with €", () => {
    expect(formatApproximate(29_999, "GBP", 0.0689)).toBe("≈ £20.67");
    expect(formatApproximate(29_999, "EUR", 0.0784)).toBe("≈ €23.52");
  });

  it("shows naira and CFA francs in whole units, grouped", () => {
    expect(formatApproximate(29_999, "NGN", 131.8)).toBe("≈ ₦39,539");
    expect(formatApproximate(29_999, "XOF", 51.4)).toMatch(/^≈ F\s?CFA\s?15,419$/);
  });

  it("groups large amounts by thousands", () => {
    expect(formatApproximate(125_000_000, "USD", 0.0909)).toBe("≈ $113,625.00");
    expect(formatApproximate(125_000_000, "NGN", 131.8)).toBe("≈ ₦164,750,000");
  });

  it("shows the cedi with the shop's own sign", () => {
    expect(formatDisplayAmount(1249.97, "GHS")).toBe("₵1,249.97");
  });

  it("writes every display currency as Intl.NumberFormat does (narrow sign, half away from zero)", () => {
    const amounts = [0, 0.004, 0.005, 1.005, 2.675, 9.995, 999.995, 1_234.5, 99_999.999, 1_234_567.891, -3.456, -0.001];
    for (let i = 0; i < 200; i++) amounts.push(Math.round(Math.random() * 10 ** (2 + (i % 8))) / 1000);
    for (const currency of displayCurrencies) {
      const whole = currency === "NGN" || currency === "XOF";
      const intl = new Intl.NumberFormat("en", {
        style: "currency",
        currency,
        currencyDisplay: "narrowSymbol",
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: whole ? 0 : 2,
      });
      for (const amount of amounts) {
        expect(formatDisplayAmount(amount, currency), `${amount} ${currency}`).toBe(intl.format(amount).replace("GH₵", "₵"));
      }
    }
  });
});

describe("ratesFor", () => {
  const rates: ExchangeRates = {
    base: "GHS",
    rates: { USD: { rate: 0.0909, setAt }, GHS: { rate: 1, setAt }, EUR: { rate: 0.0784, setAt } },
  };

  it("keeps the rates set against the store currency, less the store currency itself", () => {
    expect(ratesFor(rates, "GHS")).toEqual({ USD: { rate: 0.0909, setAt }, EUR: { rate: 0.0784, setAt } });
  });

  it("drops every rate set against another currency (the store currency changed since)", () => {
    expect(ratesFor(rates, "USD")).toEqual({});
  });
});

describe("isRateStale", () => {
  const rate = { rate: 0.0909, setAt };
  const day = 24 * 60 * 60 * 1000;

  it("is fresh up to exactly 7 days and stale a moment after", () => {
    expect(isRateStale(rate, new Date(Date.parse(setAt) + 7 * day))).toBe(false);
    expect(isRateStale(rate, new Date(Date.parse(setAt) + 7 * day + 1))).toBe(true);
    expect(isRateStale(rate, new Date(Date.parse(setAt) + day))).toBe(false);
  });
});

describe("guessCurrency", () => {
  it("guesses from the region of the browser's languages", () => {
    expect(guessCurrency(["en-GB"])).toBe("GBP");
    expect(guessCurrency(["fr-SN"])).toBe("XOF");
    expect(guessCurrency(["de-DE", "en"])).toBe("EUR");
    expect(guessCurrency(["en-NG"])).toBe("NGN");
  });

  it("takes the first language that names a region it knows", () => {
    expect(guessCurrency(["en", "ja-JP", "en-US"])).toBe("USD");
  });

  it("guesses nothing from a language without a region, or an empty list", () => {
    expect(guessCurrency(["en"])).toBeNull();
    expect(guessCurrency([])).toBeNull();
    expect(guessCurrency(["ja-JP"])).toBeNull();
  });
});
