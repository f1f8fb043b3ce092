import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "public/", "test-results/", "playwright-report/", ".tmp/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      // Resolves the ~/ and ~db/ aliases of tsconfig.json for the import-x rules.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["warn", { allow: ["warn", "error", "info"] }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Typed linting where promises matter: a promise nobody awaits loses its errors.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts", "tests/**/*.ts", "bench/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    // Configuration is read once, in app/env.server.ts; everything else receives a Config.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/env.server.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read configuration in app/env.server.ts (loadConfig) and pass the Config along; process.env is read nowhere else in app/ and server/.",
        },
      ],
    },
  },
  {
    // Components are used by routes, never the other way round.
    files: ["app/components/**/*.{ts,tsx}"],
    // Known exceptions, in files the admin-lists and forms work is rewriting (a route's loader or
    // action type read by its page component): move the type out of the route there, then drop
    // the file from this list.
    ignores: [
      "app/components/admin/products/products-page.tsx",
      "app/components/storefront/checkout/checkout-form.tsx",
      "app/components/storefront/layout/newsletter-form.tsx",
    ],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/components",
              from: ["./app/routes", "./app/root.tsx"],
              message: "A component may not import a route module: move what it needs (e.g. a type) to app/lib or app/modules.",
            },
          ],
        },
      ],
    },
  },
  {
    // Storefront components are drawn by islands, where React Router's code is not in the
    // browser (decision 021): an import of it works under the router's pages and breaks, or
    // drags the router's 39 KiB back, on a page of islands. The build refuses it for what an
    // island reaches (vite-islands.ts); this says so as you type, for every storefront component.
    files: ["app/components/storefront/**/*.{ts,tsx}", "app/islands/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              allowTypeImports: true,
              message:
                "Storefront components and islands run without React Router (decision 021). Read the page from ~/lib/page-context (usePageContext, useRootData), move with ~/lib/navigation (navigateTo, submitThroughRouter), post with ~/lib/use-form-post, link with ~/components/ui/link; what only the router can do, the route hands in as props.",
            },
          ],
          patterns: [
            {
              group: ["@react-router/*"],
              allowTypeImports: true,
              message:
                "Storefront components and islands run without React Router (decision 021): see ~/lib/page-context and ~/lib/navigation.",
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts, tests and benchmarks report to the terminal.
    files: ["scripts/**", "tests/**", "bench/**", "server/start.ts"],
    rules: { "no-console": "off" },
  },
);
