import { build, type Plugin } from "esbuild";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { asciiOnly } from "./ascii-only";

/** JSON a package ships (country names) goes into the bundle: node would want an import attribute. */
const bundlePackageJson: Plugin = {
  name: "bundle-package-json",
  setup(build) {
    build.onResolve({ filter: /^[\w@][^:]*\.json$/ }, ({ path, resolveDir }) => ({
      path: createRequire(`${resolveDir}/`).resolve(path),
      external: false,
    }));
  },
};

/**
 * The production server as one plain JavaScript file (build/server-main.mjs), run by node
 * itself. Under tsx the same server took some 240 MB more memory (its loader keeps a transform
 * and source-map cache of every module), a whole memory budget. Packages stay in node_modules;
 * the project's own modules (`~/…`, `~db/…`, resolved from tsconfig.json) are bundled.
 */
await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server-main.mjs",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [bundlePackageJson],
  logLevel: "warning",
});

/**
 * The server's JavaScript, React Router's build and this one, kept in ASCII: V8 holds a loaded
 * script's text in memory at two bytes a character once it has one character past U+00FF
 * (scripts/ascii-only.ts).
 */
const serverFiles = [
  "build/server-main.mjs",
  ...fs
    .readdirSync("build/server", { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join("build/server", name)),
];
for (const file of serverFiles) {
  const source = fs.readFileSync(file, "utf8");
  const ascii = asciiOnly(source, file);
  if (ascii !== source) fs.writeFileSync(file, ascii);
}

/**
 * What `node build/server-entry.mjs` runs: the built server is a production server unless
 * NODE_ENV says otherwise, as react-router-serve does. Without it, a deployment that starts the
 * file directly (a container's CMD, a process manager) would run React's development build,
 * whose renders cost about 1.45 times the CPU. It is a file of its own because the bundle's
 * imports (React among them, which picks its build from NODE_ENV as it loads) run before any
 * line of the bundle would.
 */
fs.writeFileSync(
  "build/server-entry.mjs",
  `// Built by scripts/build-server.ts: production unless NODE_ENV says otherwise, set before React loads.
process.env.NODE_ENV ??= "production";
await import("./server-main.mjs");
`,
);
