/**
 * Every date and time the shop shows or exports, in the store's timezone (Settings →
 * General). Dates are assembled from numeric parts with our own month names, so the server
 * and the browser print exactly the same text (no hydration mismatch from ICU differences
 * such as "Sep" / "Sept"). Building an Intl.DateTimeFormat is slow (tens of microseconds) and
 * exports format thousands of dates, so one formatter per zone is kept.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const formatters = new Map<string, Intl.DateTimeFormat>();

type DateInput = string | Date;

function partsIn(value: DateInput, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return { year: parts.year ?? "", month: parts.month ?? "", day: parts.day ?? "", hour: parts.hour ?? "", minute: parts.minute ?? "" };
}

/** "12 Mar 2026" */
export function formatDate(value: DateInput, timeZone: string): string {
  const p = partsIn(value, timeZone);
  return `${Number(p.day)} ${MONTHS[Number(p.month) - 1] ?? ""} ${p.year}`;
}

/** "14:05" */
export function formatTime(value: DateInput, timeZone: string): string {
  const p = partsIn(value, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** "12 Mar 2026, 14:05" */
export function formatDateTime(value: DateInput, timeZone: string): string {
  return `${formatDate(value, timeZone)}, ${formatTime(value, timeZone)}`;
}

/** "12 Mar 2026, 14:05 GMT": for shoppers, who may live in another zone than the shop. */
export function formatDateTimeWithZone(value: DateInput, timeZone: string): string {
  return `${formatDateTime(value, timeZone)} ${zoneLabel(timeZone)}`;
}

/** "2026-03-12 14:05": sortable, for CSV exports. */
export function formatSortableDateTime(value: DateInput, timeZone: string): string {
  const p = partsIn(value, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** "2026-03-12T14:05": the value of a datetime-local input showing this moment in the zone. */
export function localInputValue(value: DateInput, timeZone: string): string {
  const p = partsIn(value, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The moment a datetime-local input's "2026-12-24T00:00" names in the zone (a staff member's
 * start or end, typed in the store's time): found by correcting a guess by the zone's offset
 * twice, which settles across a daylight-saving change.
 */
export function fromLocalInput(local: string, timeZone: string): Date {
  const wanted = Date.parse(`${local}:00Z`);
  let guess = wanted;
  for (let i = 0; i < 2; i++) guess += wanted - Date.parse(`${localInputValue(new Date(guess), timeZone)}:00Z`);
  return new Date(guess);
}

/** "2026-03-12": the calendar day in the zone (file names, day buckets). */
export function localDay(timeZone: string, value: DateInput = new Date()): string {
  const p = partsIn(value, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** What shoppers read after a time: Accra is on GMT all year; other zones by name. */
export function zoneLabel(timeZone: string): string {
  return timeZone === "Africa/Accra" ? "GMT" : timeZone;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * How long ago `value` was at `now`, in the largest whole unit: "just now", "5 minutes ago",
 * "14 hours ago", "3 days ago". Pass the server's `now` to both renders (a loader's), so the
 * browser's hydration prints the same words as the server.
 */
export function formatAge(value: DateInput, now: DateInput): string {
  const minutes = Math.floor((new Date(now).getTime() - new Date(value).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  const [count, unit] =
    minutes < 60 ? [minutes, "minute"] : minutes < 48 * 60 ? [Math.floor(minutes / 60), "hour"] : [Math.floor(minutes / 1440), "day"];
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}
