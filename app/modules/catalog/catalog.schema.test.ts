import { describe, expect, it } from "vitest";
import { collectionTitle, filtersToSearchParams } from "./catalog-constants";
import { parseCollectionFilters } from "./catalog.schema";

const parse = (query: string) => parseCollectionFilters(new URLSearchParams(query));

describe("collection filters in the URL", () => {
  it("defaults to featured sort, page 1, no filters", () => {
    expect(parse("")).toEqual({ q: "", sort: "featured", min: undefined, max: undefined, featured: false, instock: false, page: 1 });
  });

  it("reads every filter", () => {
    expect(parse("q=%20Kente%20&sort=price-asc&min=200&max=900&featured=1&instock=1&page=3")).toEqual({
      q: "Kente",
      sort: "price-asc",
      min: 200,
      max: 900,
      featured: true,
      instock: true,
      page: 3,
    });
  });

  it("falls back to defaults for bad values instead of failing", () => {
    expect(parse("sort=cheapest&page=-4&min=abc&featured=maybe")).toMatchObject({
      sort: "featured",
      page: 1,
      min: undefined,
      featured: false,
    });
  });

  // Issue 10 item 5: a NUL reached PostgreSQL (500). The search box takes 100 characters; a longer
  // or NUL-bearing search in the URL is refused (400) with the message the page shows.
  it("refuses a search with control characters or over 100 characters with a 400 and a message", async () => {
    for (const [query, message] of [
      ["q=a%00b", "Search cannot contain control characters"],
      [`q=${"x".repeat(101)}`, "Search can be at most 100 characters"],
    ] as const) {
      const refusal: unknown = (() => {
        try {
          return parse(query);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(refusal).toBeInstanceOf(Response);
      expect((refusal as Response).status).toBe(400);
      expect(await (refusal as Response).json()).toEqual({ message });
    }
    expect(parse(`q=${"x".repeat(100)}`).q).toHaveLength(100);
  });

  it("round-trips through the URL, leaving defaults out", () => {
    const filters = parse("q=linen&sort=newest&max=500&instock=1&page=2");
    expect(filtersToSearchParams(filters).toString()).toBe("q=linen&sort=newest&max=500&instock=1&page=2");
    expect(parse(filtersToSearchParams(filters).toString())).toEqual(filters);
    expect(filtersToSearchParams(parse("")).toString()).toBe("");
  });

  it("titles known collections and calls anything else Collection", () => {
    expect(collectionTitle("kaftans")).toBe("Kaftans");
    expect(collectionTitle("Suits")).toBe("Suits");
    expect(collectionTitle("anything")).toBe("Collection");
    // Not Object.prototype's members ("/collections/constructor" rendered a function: 500).
    for (const slug of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(collectionTitle(slug)).toBe("Collection");
  });
});
