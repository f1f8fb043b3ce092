/**
 * `--smoke`: the bench runs for a moment on tiny data, only to show it still runs (bench/smoke.ts
 * runs every `bench:*` so in CI). Its figures mean nothing; it fails only when it cannot run.
 */
export const smoke = process.argv.includes("--smoke");
