/** "24 Dec 2026": a calendar day ("YYYY-MM-DD", no time zone) as the admin screens show it. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** The private URL of a request's photo (admins only). */
export const customRequestPhotoUrl = (name: string) => `/admin/custom-requests/photos/${name}`;
