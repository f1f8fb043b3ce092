/**
 * better-auth names its cookies `${AUTH_COOKIE_PREFIX}.<name>` (session_token, …), with
 * `__Secure-` in front when served over https. Shared by the auth setup, the viewer lookup
 * and the page cache, which must never store or serve a signed-in visitor's page.
 */
export const AUTH_COOKIE_PREFIX = "ahenfie";

/** better-auth's session cookie; other cookies under the prefix do not sign anyone in. */
const AUTH_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=[^;\\s]`);

/**
 * The Cookie header carries the shop's session cookie (a value, not an empty one): the
 * visitor may be signed in. Any other cookie, `ahenfie.anything` included, is ignored.
 */
export function hasAuthCookie(cookieHeader: string | null): boolean {
  return AUTH_COOKIE.test(cookieHeader ?? "");
}
