import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";

/**
 * `npm run audit:deps` against a stand-in registry that speaks npm's audit protocol (the bulk
 * advisory endpoint, and packuments for what it flags), as the public registry would.
 */
type Answer = { status: number; body: unknown };
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const installed = (name: string) =>
  (JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;

async function standInRegistry(bulk: Answer): Promise<{ url: string; asked: () => Record<string, string[]> | null }> {
  let asked: Record<string, string[]> | null = null;
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.method === "POST" && request.url?.startsWith("/-/npm/v1/security/advisories/bulk")) {
        const raw = Buffer.concat(chunks);
        asked = JSON.parse((request.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8")) as Record<
          string,
          string[]
        >;
        return send(bulk.status, bulk.body);
      }
      // A packument for a flagged package: the installed version, as the registry lists it.
      const name = decodeURIComponent(request.url!.slice(1));
      if (fs.existsSync(`node_modules/${name}/package.json`)) {
        const version = installed(name);
        return send(200, { name, "dist-tags": { latest: version }, versions: { [version]: { name, version } } });
      }
      send(404, { error: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, asked: () => asked };
}

function audit(registry: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["scripts/audit-dependencies.sh"], { env: { ...process.env, AUDIT_REGISTRY: registry } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (status) => resolve({ status, output }));
  });
}

describe("npm run audit:deps", () => {
  it("sends the installed versions from the lockfile, and passes when nothing is reported", async () => {
    const registry = await standInRegistry({ status: 200, body: {} });
    const result = await audit(registry.url);
    expect(result.output).toContain("found 0 vulnerabilities");
    expect(result.status).toBe(0);
    const asked = registry.asked()!;
    expect(asked.hono).toEqual([installed("hono")]);
    expect(asked["better-auth"]).toEqual([installed("better-auth")]);
  }, 60_000);

  it("fails and names the package when an advisory concerns an installed version", async () => {
    const advisory = {
      id: 1099999,
      url: "https://github.com/advisories/GHSA-test-test-test",
      title: "Request smuggling in the test stand-in",
      severity: "high",
      vulnerable_versions: "<100.0.0",
      cwe: ["CWE-444"],
      cvss: { score: 7.5, vectorString: null },
    };
    const registry = await standInRegistry({ status: 200, body: { hono: [advisory] } });
    const result = await audit(registry.url);
    expect(result.status).toBe(1);
    expect(result.output).toContain("hono");
    expect(result.output).toContain("Request smuggling in the test stand-in");
  }, 60_000);

  it("ignores advisories for build and test tools, which never run on a server", async () => {
    const advisory = { id: 1099998, url: "https://github.com/advisories/GHSA-test-dev", title: "Dev tool flaw", severity: "critical" };
    const registry = await standInRegistry({ status: 200, body: { eslint: [{ ...advisory, vulnerable_versions: "<100.0.0" }] } });
    const result = await audit(registry.url);
    expect(result.status).toBe(0);
    expect(result.output).not.toContain("Dev tool flaw");
  }, 60_000);

  it("says plainly when the registry cannot answer (this workplace's mirror), instead of passing", async () => {
    const registry = await standInRegistry({ status: 405, body: { error: "Method Not Allowed" } });
    const result = await audit(registry.url);
    expect(result.status).toBe(2);
    expect(result.output).toContain(`The registry at ${registry.url} could not answer the audit, so nothing was checked.`);
  }, 60_000);
});
