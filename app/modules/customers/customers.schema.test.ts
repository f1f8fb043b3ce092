import { describe, expect, it } from "vitest";
import { addressPreview, customersQueryFromUrl } from "./customers.schema";

describe("customersQueryFromUrl", () => {
  it("reads search, sort and page from the URL, trimmed", () => {
    expect(customersQueryFromUrl(new URLSearchParams("q=%20ama@example.com%20&sort=spent&page=3"))).toEqual({
      search: "ama@example.com",
      sort: "spent",
      page: 3,
      pageSize: 20,
    });
  });

  it("falls back to the defaults for missing or hand-edited values", () => {
    expect(customersQueryFromUrl(new URLSearchParams("q=&sort=cheapest&page=-2"))).toEqual({
      search: undefined,
      sort: "recent",
      page: 1,
      pageSize: 20,
    });
  });
});

describe("addressPreview", () => {
  it("cuts the address to 30 characters on one line", () => {
    expect(addressPreview("3 Liberation Road, Airport Residential Area\nAccra")).toBe("3 Liberation Road, Airport Res…");
    expect(addressPreview("7 Cantonments Road\nAccra")).toBe("7 Cantonments Road Accra");
  });
});
