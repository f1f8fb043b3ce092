#!/usr/bin/env bash
# npm run audit:deps — checks the production dependencies (what `npm ci --omit=dev` installs on a
# server) against the npm advisory database, from the lockfile.
#
#   AUDIT_REGISTRY  the registry to ask (default https://registry.npmjs.org; a mirror or proxy
#                   must forward /-/npm/v1/security/advisories/bulk)
#   AUDIT_LEVEL     the lowest severity that fails the run: low, moderate (default), high, critical
#
# Exit codes: 0 nothing at or above the level; 1 advisories found (listed above); 2 the registry
# could not answer (this workplace's mirror cannot: run it where the public registry is reachable,
# e.g. a CI job with internet access, or a developer's machine).
set -uo pipefail
cd "$(dirname "$0")/.."

registry="${AUDIT_REGISTRY:-https://registry.npmjs.org}"
level="${AUDIT_LEVEL:-moderate}"
output="$(npm audit --omit=dev --audit-level="$level" --registry="$registry" 2>&1)"
status=$?
echo "$output"
if [ "$status" -ne 0 ] && grep -qiE "audit endpoint returned an error|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|ERR_SOCKET" <<<"$output"; then
  echo ""
  echo "The registry at $registry could not answer the audit, so nothing was checked."
  echo "Run npm run audit:deps where the public registry is reachable, or set AUDIT_REGISTRY to one that forwards audits."
  exit 2
fi
exit "$status"
