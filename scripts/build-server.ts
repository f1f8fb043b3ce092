import { build, type Plugin } from "esbuild";
import { createRequire } from "node:module";

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
 * The production server as one plain JavaScript file (build/server-entry.mjs), run by node
 * itself. Under tsx the same server took some 240 MB more memory (its loader keeps a transform
 * and source-map cache of every module), a whole memory budget. Packages stay in node_modules;
 * the project's own modules (`~/…`, `~db/…`, resolved from tsconfig.json) are bundled.
 */
await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server-entry.mjs",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [bundlePackageJson],
  logLevel: "warning",
});
