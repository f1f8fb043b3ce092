import { describe, expect, it } from "vitest";
import { headerWordmarkClasses, sidebarWordmarkClasses, wordmarkShowsTagline, wordmarkTier } from "./wordmark";

describe("wordmarkTier", () => {
  it("steps the store name down in size as it grows (10, 24 and 40 characters, as the issue names them)", () => {
    expect(wordmarkTier("Ahenfie Co")).toBe("full");
    expect(wordmarkTier("Ahenfie Tailoring House")).toBe("small");
    expect(wordmarkTier("Ahenfie Tailoring House of Osu, Accra GH")).toBe("tiny");
  });

  it("counts characters at the edges of each tier, ignoring spaces around the name", () => {
    expect(wordmarkTier("  Ahenfie Osu  ")).toBe("full");
    expect(wordmarkTier("x".repeat(12))).toBe("full");
    expect(wordmarkTier("x".repeat(13))).toBe("medium");
    expect(wordmarkTier("x".repeat(18))).toBe("medium");
    expect(wordmarkTier("x".repeat(19))).toBe("small");
    expect(wordmarkTier("x".repeat(28))).toBe("small");
    expect(wordmarkTier("x".repeat(29))).toBe("tiny");
    expect(wordmarkTier("x".repeat(100))).toBe("tiny");
    // An emoji or accented letter is one character, not two code units.
    expect(wordmarkTier("Àhènfíé 🧵 Osu")).toBe("medium");
  });
});

describe("wordmark classes", () => {
  it("keeps a short name on one line, at full size with its tagline", () => {
    expect(headerWordmarkClasses.full).toContain("whitespace-nowrap");
    expect(sidebarWordmarkClasses.full).toContain("whitespace-nowrap");
    expect(wordmarkShowsTagline("full")).toBe(true);
  });

  it("lets every longer name take at most two balanced lines, without the tagline, in the header and the sidebar", () => {
    for (const tier of ["medium", "small", "tiny"] as const) {
      for (const classes of [headerWordmarkClasses[tier], sidebarWordmarkClasses[tier]]) {
        expect(classes).toContain("line-clamp-2");
        expect(classes).toContain("text-balance");
        expect(classes).not.toContain("whitespace-nowrap");
      }
      expect(wordmarkShowsTagline(tier)).toBe(false);
    }
  });

  it("sets the longest names in the case the owner typed (capitals take more room)", () => {
    expect(headerWordmarkClasses.tiny).not.toContain("uppercase");
    expect(sidebarWordmarkClasses.tiny).not.toContain("uppercase");
    expect(headerWordmarkClasses.small).toContain("uppercase");
  });
});
