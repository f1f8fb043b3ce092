import { describe, expect, it } from "vitest";
import { absoluteImage, imageSrc } from "./images";

describe("absoluteImage", () => {
  it("names a product picture at the shop's own address, as the URL parser would", () => {
    const origin = "https://ahenfie.example";
    for (const base of [
      "/images/products/royal-kente-kaftan/royal-gold",
      "/uploads/3f2a_b.c~d/photo.jpg",
      "/images/a/../b/photo.png",
      "//cdn.example/photo.png",
      "/images/Kente Kaftan/photo.png",
      "/images/ɔbaa/photo.png",
      "https://cdn.example/photo.png",
    ]) {
      expect(absoluteImage(origin, base)).toBe(new URL(imageSrc(base, 960), origin).href);
    }
    expect(absoluteImage(origin, "/images/products/royal-kente-kaftan/royal-gold")).toBe(
      "https://ahenfie.example/images/products/royal-kente-kaftan/royal-gold-960.webp",
    );
    expect(absoluteImage(origin, "/images/a/../b/photo.png")).toBe("https://ahenfie.example/images/b/photo.png");
    expect(absoluteImage(origin, "/images/Kente Kaftan/photo.png")).toBe("https://ahenfie.example/images/Kente%20Kaftan/photo.png");
  });
});
