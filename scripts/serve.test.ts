import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * scripts/serve.sh, what `npm start` runs, with a stand-in `node` first on the PATH that prints
 * the command line and the settings it was given instead of starting the shop.
 */
const standIn = fs.mkdtempSync(path.join(os.tmpdir(), "serve-sh-"));
fs.writeFileSync(
  path.join(standIn, "node"),
  '#!/bin/sh\necho "args: $*"\necho "NODE_ENV=$NODE_ENV"\necho "MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX"\necho "MALLOC_TRIM_THRESHOLD_=$MALLOC_TRIM_THRESHOLD_"\necho "MALLOC_MMAP_THRESHOLD_=$MALLOC_MMAP_THRESHOLD_"\n',
  { mode: 0o755 },
);
afterAll(() => fs.rmSync(standIn, { recursive: true, force: true }));

/** What the script sets, left out of the test's own environment so each case starts from none. */
const SETTINGS = ["DATABASE_URL", "NODE_OPTIONS", "NODE_ENV", "MALLOC_ARENA_MAX", "MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_"];

function serve(env: Record<string, string>): string {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SETTINGS.includes(name)));
  return execFileSync("sh", ["scripts/serve.sh"], {
    env: { ...clean, PATH: `${standIn}:${process.env.PATH}`, ...env },
    encoding: "utf8",
  });
}

describe("scripts/serve.sh", () => {
  it("runs the built server in production with two malloc arenas, memory given back past 128 KB and, on the embedded database, a smaller young generation", () => {
    const printed = serve({});
    expect(printed).toContain("args: --max-semi-space-size=8 build/server-entry.mjs");
    expect(printed).toContain("NODE_ENV=production");
    expect(printed).toContain("MALLOC_ARENA_MAX=2");
    expect(printed).toContain("MALLOC_TRIM_THRESHOLD_=131072");
    expect(printed).toContain("MALLOC_MMAP_THRESHOLD_=131072");
  });

  it("leaves V8's young generation alone on PostgreSQL", () => {
    expect(serve({ DATABASE_URL: "postgres://shop@db/shop" })).toContain("args: build/server-entry.mjs");
  });

  it("keeps what the environment already says", () => {
    const printed = serve({
      NODE_OPTIONS: "--max-semi-space-size=16",
      NODE_ENV: "development",
      MALLOC_ARENA_MAX: "4",
      MALLOC_TRIM_THRESHOLD_: "1048576",
      MALLOC_MMAP_THRESHOLD_: "262144",
    });
    expect(printed).toContain("args: build/server-entry.mjs");
    expect(printed).toContain("NODE_ENV=development");
    expect(printed).toContain("MALLOC_ARENA_MAX=4");
    expect(printed).toContain("MALLOC_TRIM_THRESHOLD_=1048576");
    expect(printed).toContain("MALLOC_MMAP_THRESHOLD_=262144");
  });
});
