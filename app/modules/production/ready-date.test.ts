import { describe, expect, it } from "vitest";
import { addWorkingDays, expectedReadyDay, formatCalendarDay, workingDaysUntil } from "./ready-date";

describe("the expected ready date", () => {
  it("counts working days, Monday to Friday", () => {
    // Thursday 3 Dec 2026 + 1 → Friday; + 2 → Monday; + 15 → three weeks later, a Thursday.
    expect(addWorkingDays("2026-12-03", 1)).toBe("2026-12-04");
    expect(addWorkingDays("2026-12-03", 2)).toBe("2026-12-07");
    expect(addWorkingDays("2026-12-03", 15)).toBe("2026-12-24");
    // An order placed on a Saturday starts counting on Monday.
    expect(addWorkingDays("2026-12-05", 1)).toBe("2026-12-07");
  });

  it("starts from the day the order was placed in the store's timezone", () => {
    // 23:30 UTC on Friday is already Saturday in Tokyo.
    expect(expectedReadyDay("2026-12-04T23:30:00Z", 1, "Africa/Accra")).toBe("2026-12-07");
    expect(expectedReadyDay("2026-12-04T23:30:00Z", 1, "Asia/Tokyo")).toBe("2026-12-07");
    expect(expectedReadyDay("2026-12-03T10:00:00Z", null, "Africa/Accra")).toBeNull();
  });

  it("says a day the same way everywhere, and how many working days are left or past", () => {
    expect(formatCalendarDay("2026-12-24")).toBe("24 Dec 2026");
    expect(workingDaysUntil("2026-12-03", "2026-12-07")).toBe(2);
    expect(workingDaysUntil("2026-12-07", "2026-12-03")).toBe(-2);
    expect(workingDaysUntil("2026-12-07", "2026-12-07")).toBe(0);
  });
});
