#!/bin/sh
# Runs the built server (build/server-entry.mjs) as `npm start` and `npm run serve` do, and as
# the bench measures it (bench/start-server.ts). Settings the process cannot make for itself,
# because they are read when it starts; each one only when the environment leaves it unset.
# Arguments go to node, before the server's file (`sh scripts/serve.sh --inspect`).
set -e
cd "$(dirname "$0")/.."

export NODE_ENV="${NODE_ENV:-production}"

# glibc's allocator: two memory pools, not one per helper thread (decision 017).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"

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
