import { describe, expect, it } from "vitest";
import {
  formatAge,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatSortableDateTime,
  formatTime,
  isValidTimeZone,
  localDay,
} from "./dates";

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

  it("says how long ago, in the largest whole unit", () => {
    const now = "2026-12-02T12:00:00Z";
    expect(formatAge("2026-12-02T11:59:30Z", now)).toBe("just now");
    expect(formatAge("2026-12-02T11:59:00Z", now)).toBe("1 minute ago");
    expect(formatAge("2026-12-02T11:05:00Z", now)).toBe("55 minutes ago");
    expect(formatAge("2026-12-01T22:00:00Z", now)).toBe("14 hours ago");
    expect(formatAge("2026-11-30T13:00:00Z", now)).toBe("47 hours ago");
    expect(formatAge("2026-11-29T12:00:00Z", now)).toBe("3 days ago");
    // A clock a little ahead of the server's (another instance's row): never "-1 minutes ago".
    expect(formatAge("2026-12-02T12:00:40Z", now)).toBe("just now");
  });
});
