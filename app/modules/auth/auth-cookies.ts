/**
 * better-auth names its cookies `${AUTH_COOKIE_PREFIX}.<name>` (session_token, …), with
 * `__Secure-` in front when served over https. Shared by the auth setup, the viewer lookup
 * and the page cache, which must never store or serve a signed-in visitor's page.
 */
export const AUTH_COOKIE_PREFIX = "ahenfie";

const AUTH_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.[\\w-]+=`);

/** The Cookie header carries one of the shop's sign-in cookies. */
export function hasAuthCookie(cookieHeader: string | null): boolean {
  return AUTH_COOKIE.test(cookieHeader ?? "");
}
