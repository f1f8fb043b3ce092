import { spawnSync } from "node:child_process";
import https from "node:https";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "../e2e/e2e-accounts";
import { freePort, startShop, type Shop } from "../e2e/start-shop";
import { CADDY_BINARY, caddyInstalled, startCaddy, type Caddy } from "../support/start-caddy";

/**
 * The shop behind the project's Caddy recipe (docs/deploy/Caddyfile, as compose.yaml runs it),
 * with Debian's caddy: it answers over HTTPS with a certificate for the shop's domain, sends
 * http to https, compresses, and the shop behind it (TRUST_PROXY=1, as compose sets it) knows
 * the visitor came over https and from which address. PUBLIC_URL is left unset on purpose: the
 * shop then learns https from Caddy's X-Forwarded-Proto alone, which is what is tested.
 */
const hasCaddy = caddyInstalled();
// CI (.ci/run sets REQUIRE_TEST_TOOLS=1) fails without caddy rather than skip the test unseen.
if (process.env.REQUIRE_TEST_TOOLS && !hasCaddy)
  throw new Error(`${CADDY_BINARY} is missing: CI must install Debian's caddy (apt-get install caddy) for the HTTPS test.`);

const DOMAIN = "shop.ahenfie.test";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let shop: Shop;
let caddy: Caddy;

/** A request to Caddy as a visitor at `from` (an address of 127.0.0.0/8) whose DNS names DOMAIN this machine. */
function visit(
  scheme: "https" | "http",
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  const port = scheme === "https" ? caddy.httpsPort : caddy.httpPort;
  const request = scheme === "https" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: options.method ?? "GET",
        headers: { Host: `${DOMAIN}:${port}`, ...options.headers },
        localAddress: options.from,
        // TLS as a browser checks it: the name and a certificate signed by an authority it trusts.
        servername: DOMAIN,
        ca: caddy.rootCertificate,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("latin1") }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `https://${DOMAIN}:${caddy.httpsPort}` },
  body: new URLSearchParams(fields).toString(),
});

describe.skipIf(!hasCaddy)("the shop behind Caddy (docs/deploy/Caddyfile)", () => {
  beforeAll(async () => {
    // The production server, built as `npm start` builds it (only when the sources changed).
    const built = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], { encoding: "utf8" });
    if (built.status !== 0) throw new Error(`The build failed:\n${built.stdout}${built.stderr}`);
    shop = await startShop({ admin: E2E_ADMIN, env: { TRUST_PROXY: "1", HOST: "127.0.0.1" } });
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    caddy = await startCaddy({ domain: DOMAIN, upstream: `127.0.0.1:${shop.port}`, httpPort, httpsPort });
    // Caddy gets its certificate from its own authority a moment after it starts, and sends
    // nothing on until the shop's /api/ready answered its health check.
    const deadline = Date.now() + 60_000;
    let last = "";
    for (;;) {
      const answer = await visit("https", "/api/health").catch((error: Error) => ({ status: 0, body: error.message }));
      if (answer.status === 200) break;
      last = `${answer.status} ${answer.body}`;
      if (Date.now() > deadline) throw new Error(`Caddy never passed a request on (last: ${last}):\n${caddy.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 600_000);

  afterAll(async () => {
    await caddy?.stop();
    await shop?.remove();
  });

  it("serves the shop over HTTPS with a certificate for the domain, compressed, and the shop knows it was https", async () => {
    const home = await visit("https", "/", { headers: { "Accept-Encoding": "identity" } });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Ahenfie");
    // The shop adds upgrade-insecure-requests to a page's policy only when the visitor came over https.
    expect(home.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    const direct = await fetch(`${shop.url}/`);
    expect(direct.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");

    // zstd: the shop itself only ever gzips, so this is Caddy's compression.
    const compressed = await visit("https", "/", { headers: { "Accept-Encoding": "zstd" } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("zstd");
  });

  it("sends http to https, path and query kept", async () => {
    const answer = await visit("http", "/collections/kaftans?sort=new");
    expect(answer.status).toBe(308);
    // (Caddy 2.6 names no port in the redirect: on a server the https port is 443.)
    expect(answer.headers.location).toMatch(
      new RegExp(`^https://${DOMAIN.replaceAll(".", "\\.")}(:${caddy.httpsPort})?/collections/kaftans\\?sort=new$`),
    );
  });

  it("signs the admin in with a cookie that travels over https only", async () => {
    const signIn = await visit("https", "/auth", form({ intent: "signIn", email: E2E_ADMIN.email, password: E2E_ADMIN.password }));
    const cookies = ([] as string[]).concat(signIn.headers["set-cookie"] ?? []);
    const session = cookies.filter((cookie) => cookie.includes("session_token="));
    expect(session.length, `a session cookie (status ${signIn.status}: ${signIn.body.slice(0, 300)})`).toBeGreaterThan(0);
    for (const cookie of session) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    const cookie = session.map((c) => c.split(";")[0]).join("; ");
    const viewer = await visit("https", "/api/viewer", { headers: { Cookie: cookie } });
    expect(JSON.parse(viewer.body)).toMatchObject({ viewer: { email: E2E_ADMIN.email } });
  });

  it("counts each visitor by their own address, whatever X-Forwarded-For they send", async () => {
    // Five newsletter sign-ups an hour per address (NEWSLETTER_RULES.perAddress).
    const signUp = (from: string, email: string, headers: Record<string, string> = {}) => {
      const request = form({ email });
      return visit("https", "/api/newsletter", { ...request, headers: { ...request.headers, ...headers }, from });
    };
    for (let i = 0; i < 5; i++) expect((await signUp("127.0.0.61", `first-${i}@example.com`)).status).toBe(200);
    const sixth = await signUp("127.0.0.61", "first-5@example.com");
    expect(sixth.status).toBe(429);
    expect(sixth.body).toContain("Too many sign-ups from your connection.");
    // The same visitor claiming another address is still that visitor.
    expect((await signUp("127.0.0.61", "first-6@example.com", { "X-Forwarded-For": "198.51.100.7" })).status).toBe(429);
    // Another visitor through the same Caddy is not held back by the first one's count.
    expect((await signUp("127.0.0.62", "second@example.com")).status).toBe(200);
  });
});
