/**
 * Maintenance mode closes the storefront (HTTP 503 with a maintenance page) for everyone
 * but admins; signing in and the admin panel keep working so an admin can reopen it.
 */
const OPEN_DURING_MAINTENANCE = [/^\/admin(\/|$)/, /^\/auth(\/|$|-test)/, /^\/api\/auth\//];

export function isClosedForMaintenance(
  pathname: string,
  settings: { maintenanceMode: boolean },
  viewer: { isAdmin: boolean } | null,
): boolean {
  if (!settings.maintenanceMode || viewer?.isAdmin) return false;
  return !OPEN_DURING_MAINTENANCE.some((open) => open.test(pathname));
}

export const MAINTENANCE_RETRY_AFTER_SECONDS = 30 * 60;
