/**
 * The response header a page sets to allow its forms to post (or be redirected) to more origins
 * than the shop's own: the server reads it into the Content-Security-Policy's form-action and
 * takes it off (server/csp.ts). Space-separated origins.
 */
export const FORM_ACTION_HEADER = "x-csp-form-action";
