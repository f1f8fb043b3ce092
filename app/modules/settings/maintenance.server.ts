/**
 * Maintenance mode closes the storefront for everyone but admins; signing in, the admin panel,
 * payment providers' webhooks (a payment made before closing still lands) and the health check keep working so an admin can reopen it (and a load balancer does not
 * take the instance away). The server enforces it for every request in one place
 * (server/maintenance-gate.ts): pages answer 503 with the maintenance page, everything else
 * (client navigation data, form posts, the JSON API, the sitemap) is refused before any route
 * code runs.
 */
const OPEN_DURING_MAINTENANCE = [
  /^\/admin(\/|$)/i,
  /^\/auth(\/|$|-test)/i,
  /^\/api\/auth\//i,
  /^\/staff-invitation\//i,
  /^\/api\/health\/?$/i,
  /^\/api\/webhooks\//i,
];

export function isClosedForMaintenance(
  pathname: string,
  settings: { maintenanceMode: boolean },
  viewer: { isAdmin: boolean } | null,
): boolean {
  if (!settings.maintenanceMode || viewer?.isAdmin) return false;
  return !OPEN_DURING_MAINTENANCE.some((open) => open.test(pathname));
}

export const MAINTENANCE_RETRY_AFTER_SECONDS = 30 * 60;

/** On every answer of a closed shop: crawlers are told when to come back, and nobody keeps it. */
export const MAINTENANCE_HEADERS = { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } as const;
export const MAINTENANCE_MESSAGE = "The shop is closed for maintenance. Please come back soon.";
