import { describe, expect, it } from "vitest";
import { formatCount, formatFileSize } from "./numbers";

describe("numbers as the shop writes them", () => {
  it("groups digits of counts", () => {
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(-1200)).toBe("-1,200");
  });

  it("writes file sizes in decimal units with one decimal", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(999)).toBe("999 B");
    expect(formatFileSize(1000)).toBe("1.0 kB");
    expect(formatFileSize(48_213)).toBe("48.2 kB");
    expect(formatFileSize(2_400_000)).toBe("2.4 MB");
    expect(formatFileSize(999_960)).toBe("1.0 MB");
    expect(formatFileSize(3_100_000_000)).toBe("3.1 GB");
  });
});
