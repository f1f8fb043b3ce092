#!/bin/sh
# Runs the built server (build/server-entry.mjs) as `npm start` and `npm run serve` do, and as
# the bench measures it (bench/start-server.ts). Settings the process cannot make for itself,
# because they are read when it starts; each one only when the environment leaves it unset.
# Arguments go to node, before the server's file (`sh scripts/serve.sh --inspect`).
set -e
cd "$(dirname "$0")/.."

export NODE_ENV="${NODE_ENV:-production}"

# glibc's allocator: two memory pools, not one per helper thread (decision 017), and freed
# memory given back to the system past 128 KB instead of kept: left to itself, glibc raises both
# thresholds to the largest block freed (a page of 150 KB), then keeps every such page's memory
# for later (decision 050).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"

# On the embedded database, PostgreSQL (PGlite) lives in this process: V8's young generation is
# held to 8 MB a half instead of 16, which keeps the server under 250 MB under load (decision
# 018). A --max-semi-space-size in NODE_OPTIONS wins: node's command line would override it.
if [ -z "$DATABASE_URL" ]; then
  case "${NODE_OPTIONS:-}" in
    *max-semi-space-size*) ;;
    *) set -- --max-semi-space-size=8 "$@" ;;
  esac
fi

exec node "$@" build/server-entry.mjs
