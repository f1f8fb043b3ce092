import { execFileSync } from "node:child_process";
import { isDeepStrictEqual, parseArgs } from "node:util";
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import {
  DOC_SNIPPETS,
  OPENAPI,
  publishedSampleFiles,
  unwrapByStatus,
  type PublishedSampleFile,
  type SampleSource,
} from "../tests/fixtures/paystack/published-samples";
import { shapeOf, type JsonShape } from "../tests/fixtures/paystack/shapes";

/**
 * npx tsx scripts/paystack-samples.ts [--snippets DIR] [--openapi DIR] [--out DIR] [--check]
 *
 * Writes Paystack's published samples (the catalogue in tests/fixtures/paystack/published-samples.ts)
 * into tests/fixtures/paystack/{events,api}/ from local git snapshots of PaystackOSS/doc-code-snippets
 * and PaystackOSS/openapi, at the commits the catalogue names: files byte for byte, OpenAPI examples
 * as JSON. It checks that each sample listed as published twice really is the same JSON, and writes
 * published-shapes.json (keys and JSON types only). The copies stay out of git (.gitignore); the
 * catalogue and the shapes are committed. --check changes nothing and fails if a copy or a shape differs.
 */
const usage = "Usage: npx tsx scripts/paystack-samples.ts [--snippets GIT_DIR] [--openapi GIT_DIR] [--out DIR] [--check]";

function main() {
  const { values } = parseArgs({
    options: {
      snippets: { type: "string", default: "/work/.mirror/PaystackOSS+doc-code-snippets/repo" },
      openapi: { type: "string", default: "/work/.mirror/PaystackOSS+openapi/repo" },
      out: { type: "string", default: "tests/fixtures/paystack" },
      check: { type: "boolean", default: false },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) return console.info(usage);
  const gitDirs: Record<string, string> = { [DOC_SNIPPETS.repo]: values.snippets, [OPENAPI.repo]: values.openapi };

  function read(source: SampleSource): Buffer {
    const dir = gitDirs[source.repo];
    if (!dir) throw new Error(`No snapshot named for ${source.repo}`);
    try {
      return execFileSync("git", ["-C", dir, "show", `${source.commit}:${source.path}`], { maxBuffer: 64 * 1024 * 1024 });
    } catch {
      throw new Error(`Could not read ${source.path} at ${source.commit.slice(0, 7)} from ${dir} (a git snapshot of ${source.repo}).`);
    }
  }

  /** The bytes to keep: the file itself, or the example a JSON pointer names inside a YAML file. */
  function published(source: SampleSource): Buffer {
    const bytes = read(source);
    if (!source.pointer) return bytes;
    let value: unknown = parseYaml(bytes.toString("utf8"));
    for (const token of source.pointer.split("/").slice(1)) {
      const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
      if (!value || typeof value !== "object" || !(key in value)) throw new Error(`${source.path} has nothing at ${source.pointer}`);
      value = (value as Record<string, unknown>)[key];
    }
    return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** The samples a file holds (one per status for response.json files). */
  function samplesIn(file: PublishedSampleFile, bytes: Buffer): unknown[] {
    const value: unknown = JSON.parse(bytes.toString("utf8"));
    return file.byStatus ? unwrapByStatus(value).map((e) => e.body) : [value];
  }

  const problems: string[] = [];
  const shapes: Record<string, JsonShape> = {};
  for (const file of publishedSampleFiles) {
    const bytes = published(file.source);
    const target = path.join(values.out, file.file);
    if (values.check) {
      if (!fs.existsSync(target)) problems.push(`${file.file}: missing`);
      else if (!fs.readFileSync(target).equals(bytes)) problems.push(`${file.file}: differs from ${file.source.path}`);
    } else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, bytes);
    }
    const samples = samplesIn(file, bytes);
    for (const other of file.alsoPublishedAt ?? []) {
      const elsewhere: unknown = JSON.parse(published(other).toString("utf8"));
      if (!samples.some((s) => isDeepStrictEqual(s, elsewhere))) problems.push(`${file.file}: ${other.path} is not the same sample`);
    }
    if (file.byStatus) {
      for (const entry of unwrapByStatus(JSON.parse(bytes.toString("utf8"))))
        shapes[`${file.file}#${entry.httpStatus}`] = shapeOf(entry.body);
    } else {
      shapes[file.file] = shapeOf(samples[0]);
    }
  }

  const shapesFile = path.join(values.out, "published-shapes.json");
  const committed: unknown = fs.existsSync(shapesFile) ? JSON.parse(fs.readFileSync(shapesFile, "utf8")) : null;
  const shapesChanged = !isDeepStrictEqual(committed, shapes);
  if (values.check) {
    if (shapesChanged) problems.push("published-shapes.json: not the shapes of the samples (run without --check)");
  } else if (shapesChanged) {
    // Only when the shapes changed: the committed file is formatted by prettier (npm run format).
    fs.writeFileSync(shapesFile, `${JSON.stringify(shapes, null, 2)}\n`);
  }

  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.info(
    values.check
      ? `All ${publishedSampleFiles.length} sample files and their shapes match the snapshots.`
      : `Wrote ${publishedSampleFiles.length} sample files and published-shapes.json (${Object.keys(shapes).length} shapes) under ${values.out}.`,
  );
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
