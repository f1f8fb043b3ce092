#!/usr/bin/env bash
# The image test (issue 43, `npm run test:image`, run by .ci/run): the project's Containerfile
# builds and the image serves. No image registry is reachable from CI and `podman run` does not
# work there (cgroups), so:
#   1. base    a local stand-in for node:24-slim (scripts/image/make-test-base.sh; kept once made)
#   2. build   podman build --isolation=chroot on that base, with the lowered limits these machines need
#   3. run     the image's file system mounted (podman create + podman mount), its start command
#              run with chroot as the image's user, with the image's environment and working folder,
#              on a fresh /data: the shop answers /, /api/ready and a Pay-on-Delivery checkout (its
#              confirmation email lands in /data/outbox), runs as the non-root user, passes the
#              image's own health check, takes a backup while serving (npm run backup), and exits
#              0 on SIGTERM within the bound; then the command-line scripts run inside with the
#              shop stopped (admin:create, and restore of that backup into an empty database).
#   4. size    the image's size
# Prints how long each part took. Needs root (chroot, mounts), podman, mmdebstrap, curl.
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_IMAGE="${BASE_IMAGE:-localhost/ahenfie-node-base:test}"
IMAGE="${IMAGE:-localhost/ahenfie:test}"
# How long the shop may take to stop after SIGTERM (compose.yaml's stop_grace_period).
STOP_BOUND_SECONDS=30

STARTED=$SECONDS
PART_STARTED=$SECONDS
PART=""
part() {
  if [ -n "$PART" ]; then echo "== image test, ${PART}: $((SECONDS - PART_STARTED)) s"; fi
  PART="$1"
  PART_STARTED=$SECONDS
  [ -n "$PART" ] && echo "== image test, $1"
  return 0
}
fail() {
  echo "IMAGE TEST FAILED: $*" >&2
  if [ -n "${LOG:-}" ] && [ -f "$LOG" ]; then
    echo "--- the shop said:" >&2
    tail -n 40 "$LOG" >&2
  fi
  exit 1
}

CONTAINER=""
ROOT=""
DATA=""
LOG=""
SHOP_PID=""
cleanup() {
  local status=$?
  # Only the script itself cleans up, never a subshell that inherited the trap.
  [ "$BASHPID" = "$$" ] || return 0
  if [ -n "$SHOP_PID" ] && kill -0 "$SHOP_PID" 2>/dev/null; then
    kill -KILL "$SHOP_PID" 2>/dev/null || true
    wait "$SHOP_PID" 2>/dev/null || true
  fi
  if [ -n "$ROOT" ]; then
    for target in "$ROOT/data" "$ROOT/proc" "$ROOT/dev"; do
      if mountpoint -q "$target"; then umount -l "$target" || true; fi
    done
  fi
  if [ -n "$CONTAINER" ]; then
    podman umount "$CONTAINER" >/dev/null 2>&1 || true
    podman rm --force --volumes "$CONTAINER" >/dev/null 2>&1 || true
  fi
  if [ -n "$DATA" ]; then rm -rf "$DATA"; fi
  if [ -n "$LOG" ]; then rm -f "$LOG"; fi
  part ""
  echo "== image test total: $((SECONDS - STARTED)) s (exit ${status})"
}
trap cleanup EXIT

for tool in podman mmdebstrap curl chroot mountpoint; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (apt-get install podman mmdebstrap curl)"
done
[ "$(id -u)" = 0 ] || fail "run as root: the test mounts the image and chroots into it"

part "base image (${BASE_IMAGE})"
bash scripts/image/make-test-base.sh "$BASE_IMAGE"

part "build (${IMAGE})"
# The build stage is tagged too (BUILD_STAGE): the next run reuses its layers (npm ci, until
# package-lock.json changes), and what the previous run left is removed once replaced, so reruns
# do not pile up images.
BUILD_STAGE="${IMAGE%:*}-build:${IMAGE##*:}"
previous="$(for name in "$IMAGE" "$BUILD_STAGE"; do podman image inspect --format '{{.Id}}' "$name" 2>/dev/null || true; done)"
# --format docker: the OCI format has no HEALTHCHECK and podman would drop it.
build() {
  podman build --isolation=chroot --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --format docker \
    --build-arg BASE_IMAGE="$BASE_IMAGE" --build-arg VERSION="$(git rev-parse --short HEAD 2>/dev/null || echo dev)" \
    -f Containerfile "$@" .
}
build --target build -t "$BUILD_STAGE"
build -t "$IMAGE"
current="$(podman image inspect --format '{{.Id}}' "$IMAGE" "$BUILD_STAGE")"
for id in $previous; do
  grep -q "$id" <<<"$current" || podman rmi "$id" >/dev/null 2>&1 || true
done

part "run the image (chroot as its user)"
inspect() { podman image inspect --format "$1" "$IMAGE"; }
USER_SPEC="$(inspect '{{.Config.User}}')"
WORKDIR="$(inspect '{{.Config.WorkingDir}}')"
mapfile -t IMAGE_ENV < <(inspect '{{range .Config.Env}}{{println .}}{{end}}' | sed '/^$/d')
mapfile -t IMAGE_CMD < <(inspect '{{json .Config.Cmd}}' | node -e 'for (const a of JSON.parse(require("fs").readFileSync(0, "utf8"))) console.log(a)')
HEALTH_CMD="$(inspect '{{json .Config.Healthcheck.Test}}')"
echo "image: user ${USER_SPEC}, working folder ${WORKDIR}, command ${IMAGE_CMD[*]}, health check ${HEALTH_CMD}"
case "$USER_SPEC" in "" | 0 | 0:* | root | root:*) fail "the image runs as root (USER ${USER_SPEC:-unset})" ;; esac
UID_NUMBER="${USER_SPEC%%:*}"

CONTAINER="$(podman create "$IMAGE")"
ROOT="$(podman mount "$CONTAINER")"
mount --bind /dev "$ROOT/dev"
mount -t proc proc "$ROOT/proc"
# A fresh /data, owned by the image's user, as a new volume would be.
DATA="$(mktemp -d /var/tmp/ahenfie-image-data.XXXXXX)"
chown "$USER_SPEC" "$DATA"
chmod 0750 "$DATA"
mount --bind "$DATA" "$ROOT/data"

PORT="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
LOG="$(mktemp /tmp/ahenfie-image-log.XXXXXX)"
# A command in the image as its user, with its environment and working folder (PORT: a free
# one). Each program execs the next (env, chroot, sh, serve.sh), so the process started in the
# background ends up node itself: the one the checks below look at and send SIGTERM.
IN_IMAGE=(env -i "${IMAGE_ENV[@]}" PORT="$PORT" LOG_LEVEL=warn
  chroot --userspec="$USER_SPEC" --groups="${USER_SPEC#*:}" "$ROOT" /bin/sh -c 'cd "$0" && exec "$@"' "$WORKDIR")
"${IN_IMAGE[@]}" "${IMAGE_CMD[@]}" >"$LOG" 2>&1 &
SHOP_PID=$!
URL="http://127.0.0.1:${PORT}"

# The first start migrates and seeds a new database: allow it time.
deadline=$((SECONDS + 240))
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/health")" = 200 ]; do
  kill -0 "$SHOP_PID" 2>/dev/null || fail "the shop exited before it answered /api/health"
  [ $SECONDS -lt $deadline ] || fail "the shop did not answer /api/health within 240 s"
  sleep 1
done
echo "answers /api/health after $((SECONDS - PART_STARTED)) s"

home="$(curl -s -w '\n%{http_code}' "$URL/")"
[ "${home##*$'\n'}" = 200 ] || fail "/ answered ${home##*$'\n'}"
grep -q "<title>Ahenfie | Premium African Menswear from Accra</title>" <<<"$home" || fail "/ is not the shop's home page"
echo "/ answers 200 with the home page"

ready="$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/ready")"
[ "$ready" = 200 ] || fail "/api/ready answered ${ready}"
echo "/api/ready answers 200"

# A Pay-on-Delivery order as the checkout page places it (one Royal Kente Kaftan, Royal Gold, M).
order="$(curl -s -X POST "$URL/api/checkout" -H "Origin: http://localhost:${PORT}" \
  --data-urlencode 'items=[{"productId":1,"colorIndex":0,"size":"M","quantity":1}]' \
  --data-urlencode "email=image-test@example.com" --data-urlencode "name=Ama Mensah" \
  --data-urlencode "phone=+233 24 000 0000" --data-urlencode "address=14 Oxford Street, Osu, Accra" \
  --data-urlencode "country=GH" --data-urlencode "region=GH-AA" --data-urlencode "paymentMethod=pay_on_delivery" \
  --data-urlencode "idempotencyKey=image-test-$(date +%s)-order")"
order_number="$(sed -n 's/.*"orderNumber":"\([^"]*\)".*/\1/p' <<<"$order")"
[ -n "$order_number" ] && grep -q '"ok":true' <<<"$order" || fail "the checkout answered: $order"
deadline=$((SECONDS + 30))
until grep -qs "Subject: Your Ahenfie order ${order_number}" "$DATA"/outbox/*.eml; do
  [ $SECONDS -lt $deadline ] || fail "no confirmation email for ${order_number} in /data/outbox"
  sleep 1
done
echo "checkout placed ${order_number} (Pay on Delivery); its confirmation email is in /data/outbox"

uids="$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/${SHOP_PID}/status")"
gids="$(awk '/^Gid:/ {print $2, $3, $4, $5}' "/proc/${SHOP_PID}/status")"
[ "$uids" = "$UID_NUMBER $UID_NUMBER $UID_NUMBER $UID_NUMBER" ] || fail "the server runs as uid ${uids}, not ${UID_NUMBER}"
[ "$(tr -d '\0' <"/proc/${SHOP_PID}/comm")" = node ] || fail "process ${SHOP_PID} is $(cat "/proc/${SHOP_PID}/comm"), not node: serve.sh must exec node"
owner="$(stat -c %u "$DATA/pglite")"
[ "$owner" = "$UID_NUMBER" ] || fail "/data/pglite belongs to uid ${owner}"
echo "node runs as uid/gid ${uids%% *}/${gids%% *} (not root) and owns what it wrote in /data"

# A backup while the shop serves, as `docker compose exec shop npm run backup` takes it (on the
# embedded database the running shop writes it, asked over its socket in /data).
backup="$("${IN_IMAGE[@]}" npm run --silent backup 2>&1)" || fail "npm run backup failed in the image: $backup"
backup_file="$(sed -n 's/^Backup written: \(.*\)$/\1/p' <<<"$backup")"
[ -n "$backup_file" ] && [ -s "$ROOT$backup_file" ] || fail "npm run backup said: $backup"
echo "npm run backup works in the image while the shop serves: $(sed -n 2p <<<"$backup" | sed 's/^ *//')"

# The image's HEALTHCHECK command, run as the container engine would.
mapfile -t HEALTH < <(node -e 'const t = JSON.parse(process.argv[1]); if (t[0] === "CMD") t.shift(); else if (t[0] === "CMD-SHELL") t.splice(0, 1, "/bin/sh", "-c"); for (const a of t) console.log(a)' "$HEALTH_CMD")
"${IN_IMAGE[@]}" "${HEALTH[@]}" || fail "the image's health check failed on a healthy shop"
echo "the image's health check passes"

stop_started=$SECONDS
kill -TERM "$SHOP_PID"
deadline=$((SECONDS + STOP_BOUND_SECONDS))
while kill -0 "$SHOP_PID" 2>/dev/null; do
  [ $SECONDS -lt $deadline ] || fail "the shop was still running ${STOP_BOUND_SECONDS} s after SIGTERM"
  sleep 0.2
done
set +e
wait "$SHOP_PID"
code=$?
set -e
SHOP_PID=""
[ "$code" = 0 ] || fail "the shop exited with ${code} after SIGTERM"
echo "SIGTERM: exited 0 after $((SECONDS - stop_started)) s (bound ${STOP_BOUND_SECONDS} s)"

# The command-line scripts run inside the image (tsx is a production dependency); on the
# embedded database, with the shop stopped (one process per data folder).
created="$("${IN_IMAGE[@]}" npm run --silent admin:create -- --email owner@example.com --password image-test-2026 2>&1)" ||
  fail "npm run admin:create failed in the image: $created"
grep -q "Created owner account owner@example.com" <<<"$created" || fail "admin:create said: $created"
echo "npm run admin:create works in the image"

# The restore drill of docs/deploy.md: the backup into a new, empty embedded database.
restored="$("${IN_IMAGE[@]}" env DATA_DIR=/tmp/restore-drill npm run --silent restore -- "$backup_file" 2>&1)" ||
  fail "npm run restore failed in the image: $restored"
grep -q "^Restored the backup made" <<<"$restored" || fail "npm run restore said: $restored"
echo "npm run restore works in the image:$(sed -n 's/^ *\([0-9,]* rows in .*\)$/ \1/p' <<<"$restored")"

part "size"
size="$(inspect '{{.Size}}')"
echo "image ${IMAGE}: ${size} bytes ($((size / 1000000)) MB); base ${BASE_IMAGE}: $(($(podman image inspect --format '{{.Size}}' "$BASE_IMAGE") / 1000000)) MB"
