import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * patch-package applies `patches/<name>+<version>.patch` to exactly that version of the package:
 * an upgrade needs the patch redone (decisions 014 and 015 say why each exists). package.json pins
 * each patched package to its patch's version, so `npm install` never moves one by itself; these
 * checks name the patch to redo when the pin, or what is installed, says otherwise.
 */
const root = path.resolve(import.meta.dirname, "..");
const patches = fs
  .readdirSync(path.join(root, "patches"))
  .filter((file) => file.endsWith(".patch"))
  .map((file) => {
    // "@scope+name+1.2.3.patch" patches "@scope/name" at 1.2.3.
    const match = /^(.+)\+([^+]+)\.patch$/.exec(file);
    if (!match) throw new Error(`patches/${file}: not a patch-package name (<package>+<version>.patch)`);
    return { file: `patches/${file}`, name: match[1]!.replaceAll("+", "/"), version: match[2]! };
  });
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const declared = { ...manifest.dependencies, ...manifest.devDependencies };

describe("patched packages", () => {
  it("has patches to check", () => {
    expect(patches.map((patch) => patch.name)).toEqual(expect.arrayContaining(["react-dom", "react-router"]));
  });

  for (const patch of patches) {
    it(`pins ${patch.name} to ${patch.version}, the version ${patch.file} fits`, () => {
      const pin = declared[patch.name];
      expect(
        pin,
        `${patch.file} fits ${patch.name} ${patch.version}, but package.json asks for "${pin ?? "nothing"}": pin it to exactly "${patch.version}", or redo the patch for the new version (npx patch-package ${patch.name}) and rename it`,
      ).toBe(patch.version);
    });

    it(`finds ${patch.name} ${patch.version} installed, the version ${patch.file} fits`, () => {
      const installed = (
        JSON.parse(fs.readFileSync(path.join(root, "node_modules", patch.name, "package.json"), "utf8")) as { version: string }
      ).version;
      expect(
        installed,
        `${patch.file} fits ${patch.name} ${patch.version}, but ${installed} is installed: run npm ci, or redo the patch for ${installed} (npx patch-package ${patch.name}) and rename it`,
      ).toBe(patch.version);
    });
  }

  it("pins react to the version react-dom's patch was made with (react-dom asks for its own version exactly)", () => {
    const reactDom = patches.find((patch) => patch.name === "react-dom");
    expect(declared.react, `react must be pinned to ${reactDom?.version}, as react-dom (patched: ${reactDom?.file}) is`).toBe(
      reactDom?.version,
    );
  });
});
