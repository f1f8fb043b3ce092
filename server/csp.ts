/**
 * The Content-Security-Policy: inline scripts only with this response's nonce (or, for a
 * cached page, the hashes of its scripts); everything they load is trusted from there.
 */
export function contentSecurityPolicy(scriptSources: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources} 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
