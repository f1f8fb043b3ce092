import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDateTimeWithZone, formatSortableDateTime, formatTime, isValidTimeZone, localDay } from "./dates";

const instant = "2026-03-01T23:30:00.000Z";

describe("dates in the store's timezone", () => {
  it("prints Accra time (GMT all year)", () => {
    expect(formatDate(instant, "Africa/Accra")).toBe("1 Mar 2026");
    expect(formatTime(instant, "Africa/Accra")).toBe("23:30");
    expect(formatDateTime(instant, "Africa/Accra")).toBe("1 Mar 2026, 23:30");
    expect(formatDateTimeWithZone(instant, "Africa/Accra")).toBe("1 Mar 2026, 23:30 GMT");
  });

  it("moves the calendar day with the zone", () => {
    expect(formatDateTime(instant, "America/New_York")).toBe("1 Mar 2026, 18:30");
    expect(localDay("Asia/Tokyo", new Date(instant))).toBe("2026-03-02");
    expect(localDay("Africa/Accra", new Date(instant))).toBe("2026-03-01");
    expect(formatDateTimeWithZone(instant, "America/New_York")).toBe("1 Mar 2026, 18:30 America/New_York");
  });

  it("writes sortable stamps for exports, with a 24-hour clock", () => {
    expect(formatSortableDateTime(new Date("2026-12-09T00:05:00Z"), "UTC")).toBe("2026-12-09 00:05");
    expect(formatSortableDateTime("2026-07-04T13:07:00Z", "Africa/Accra")).toBe("2026-07-04 13:07");
  });

  it("knows a timezone from a typo", () => {
    expect(isValidTimeZone("Africa/Accra")).toBe(true);
    expect(isValidTimeZone("Africa/Acra")).toBe(false);
  });
});
