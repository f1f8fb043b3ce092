/** docs/product-rules.md §9: the admin sidebar's open state lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;

/** Read on the server so the first paint already has the right width (no flash). */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = /(?:^|;\s*)sidebar_state=(true|false)/.exec(cookieHeader ?? "");
  return match ? match[1] === "true" : true;
}

export function saveSidebarOpen(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}
