#!/usr/bin/env bash
# The base image the image test builds on, made on this machine because no image registry is
# reachable from CI: a minimal Debian bookworm (mmdebstrap, from the mirror apt already uses here)
# with CA certificates and the C++ runtime Node needs, plus this machine's own node and npm, laid
# out as the official node images do (/usr/local/bin). It stands in for node:24-slim (ARG
# BASE_IMAGE in the Containerfile). Node reads Debian's certificate bundle too
# (NODE_EXTRA_CA_CERTS), as this machine's node does. Kept once made: a rerun finds it and returns at once.
#
#   sh scripts/image/make-test-base.sh [IMAGE]     (default localhost/ahenfie-node-base:test)
set -euo pipefail

IMAGE="${1:-localhost/ahenfie-node-base:test}"
if podman image exists "$IMAGE"; then
  echo "base image $IMAGE exists: reused"
  exit 0
fi

# The mirror this machine's apt uses (first URIs line of its sources), else Debian's own.
MIRROR="$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 | awk '{print $2}')"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
NODE_BIN="$(command -v node)"
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
[ -f "$NPM_DIR/package.json" ] || { echo "npm's folder not found (looked at $NPM_DIR)" >&2; exit 1; }

ROOT="$(mktemp -d /var/tmp/ahenfie-base.XXXXXX)"
trap 'rm -rf "$ROOT"' EXIT

# minbase: apt, dpkg, coreutils, a shell and passwd (useradd), nothing more. The apt lists and
# the package cache are dropped from the image. Authorities this machine adds to Debian's own
# (/usr/local/share/ca-certificates: here, the one its outgoing HTTPS is re-signed with) are
# added to the base as well, or `npm ci` in the build could not reach the registry.
mmdebstrap --quiet --variant=minbase --include=ca-certificates,libstdc++6 \
  --customize-hook='mkdir -p "$1"/usr/local/share/ca-certificates && cp -a /usr/local/share/ca-certificates/. "$1"/usr/local/share/ca-certificates/ 2>/dev/null || true' \
  --customize-hook='chroot "$1" update-ca-certificates >/dev/null' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
  bookworm "$ROOT" "$MIRROR"

install -D -m 0755 "$NODE_BIN" "$ROOT/usr/local/bin/node"
mkdir -p "$ROOT/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$ROOT/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"

tar -C "$ROOT" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  - "$IMAGE" >/dev/null
echo "base image $IMAGE made: node $("$NODE_BIN" --version), npm $(node "$NPM_DIR/bin/npm-cli.js" --version)"
