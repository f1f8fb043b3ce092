import routes from "../../app/routes";

/**
 * The fuzz test's request generator (tests/e2e/fuzz.spec.ts): malformed requests to every route
 * of app/routes.ts — each page's GET with odd path and query values, each action's POST with each
 * intent and every field spoiled in turn, wrong and missing content types, empty bodies, JSON
 * where a form is expected and a form where JSON is — for guests, a signed-in customer and an
 * admin. Deterministic: the same seed gives the same list, in the same order, so a failure is
 * reproduced by running the spec again with FUZZ_SEED (and, to narrow it, FUZZ_ONLY=<id>).
 */

export type Role = "guest" | "customer" | "admin" | "stale";

export interface FuzzRequest {
  /** Position in the list: FUZZ_ONLY=<id> sends this one alone. */
  id: number;
  role: Role;
  method: string;
  /** Path and query as sent (already percent-encoded; may hold %00 and the like on purpose). */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** What is odd about it, for the report. */
  note: string;
}

/** Values known only once the shop runs (an order placed in the set-up), filled in when sent. */
export const PLACEHOLDER = { orderId: "{orderId}", orderNumber: "{orderNumber}", unique: "{unique}" } as const;

/** mulberry32: a small, seedable generator (Math.random cannot be seeded). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Odd text values: every field of every form gets each of these in turn (or a seeded sample). */
export const oddValues: Record<string, string> = {
  nul: "ama\u0000@example.com",
  "nul-only": "\u0000",
  "control-chars": "\u0001\u0002\u001b[31m\u007f",
  crlf: "line\r\nSet-Cookie: fuzz=1\r\n",
  cr: "/checkout\rLocation: http://evil.example",
  tab: "\t/evil.example",
  "huge-100k": "x".repeat(100_000),
  "long-1k": "k".repeat(1_000),
  unicode: "Ámá 🇬🇭 ‮مرحبا 中文 \uFFFF \uFEFF",
  "lone-surrogate": "a\uD800b",
  empty: "",
  spaces: "   ",
  proto: "__proto__",
  constructor: "constructor",
  tostring: "toString",
  "big-int": "99999999999",
  "ten-digits": "9999999999",
  "huge-int": "1e309",
  negative: "-1",
  zero: "0",
  fraction: "1.5",
  nan: "NaN",
  hex: "0x10",
  "sql-quote": "' OR 1=1 --",
  script: "<script>alert(1)</script>",
  "slash-evil": "//evil.example",
  "backslash-evil": "/\\evil.example",
  "tab-evil": "/\t/evil.example",
  "javascript-url": "javascript:alert(1)",
  "path-traversal": "../../../../etc/passwd",
  percent: "%00%zz%",
  uuid: "00000000-0000-0000-0000-000000000000",
  json: '{"__proto__":{"polluted":true}}',
};

/** Odd values in a JSON body: the wrong type for every field. */
const oddJsonValues: Record<string, unknown> = {
  number: 123,
  float: 1.5e308,
  boolean: true,
  null: null,
  object: { nested: "x" },
  array: ["a", "b"],
  "proto-object": JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  nul: "ama\u0000@example.com",
  "huge-100k": "x".repeat(100_000),
  "big-int": 99_999_999_999,
};

/** What a form posts when filled in well: the base each spoiled request starts from. */
interface ActionTarget {
  path: string;
  /** Who may post it: admins only, or anyone (guests, customers, admins). */
  access: "anyone" | "admin";
  intent?: string;
  fields: Record<string, string>;
  /** Odd values that only make sense for one field (the cart's JSON lines), besides oddValues. */
  oddFor?: Record<string, string[]>;
  /** Roles never sent (a post that would end the role's own session). */
  notAs?: Role[];
}

const customerEmail = "fuzz-customer@example.com";
const checkoutItems = JSON.stringify([{ productId: 1, colorIndex: 0, size: "M", quantity: 1, seenPrice: 29999 }]);

/** Every action of app/routes.ts, per intent, with the fields its form posts. */
export const actionTargets: ActionTarget[] = [
  { path: "/auth", access: "anyone", intent: "signIn", fields: { email: "nobody@example.com", password: "not-the-password" } },
  {
    path: "/auth",
    access: "anyone",
    intent: "signUp",
    fields: { email: "fuzz-new@example.com", password: "kente-pass-1", confirmPassword: "kente-pass-1" },
  },
  { path: "/auth", access: "anyone", intent: "resend", fields: { email: "nobody@example.com" } },
  { path: "/auth", access: "anyone", intent: "forgot", fields: { email: "nobody@example.com" } },
  {
    path: "/auth/reset-password",
    access: "anyone",
    fields: { password: "kente-pass-2", confirmPassword: "kente-pass-2", token: "not-a-token" },
  },
  // Signing out would end the role's session: sent as a guest and with a stale cookie only.
  { path: "/auth/sign-out", access: "anyone", fields: { redirectTo: "/checkout" }, notAs: ["customer", "admin"] },
  {
    path: "/checkout",
    access: "anyone",
    fields: {
      email: customerEmail,
      name: "Ama Mensah",
      phone: "+233 20 000 0000",
      address: "14 Oxford Street, Osu, Accra",
      country: "GH",
      region: "GH-AA",
      paymentMethod: "pay_on_delivery",
      notes: "Call on arrival",
      items: checkoutItems,
      // A key of its own per request: a repeated key answers with the first order before any check.
      idempotencyKey: `fuzz-key-${PLACEHOLDER.unique}`,
    },
    oddFor: {
      items: [
        [{ productId: 99999999999, quantity: 1 }],
        [{ productId: 2147483648, quantity: 1 }],
        [{ productId: 1, size: "XXXXL", quantity: 1 }],
        [{ productId: 1, colorIndex: 50, quantity: 1 }],
        [{ productId: 1, colorIndex: 3, size: "S", quantity: 1 }],
        [{ productId: 1, size: "M\u0000", quantity: 1 }],
        [{ productId: 1, size: "", quantity: 1 }],
        [{ productId: "1e3", quantity: 1 }],
        [{ productId: "0x10", quantity: 1 }],
        [{ productId: -1, quantity: 1 }],
        [{ productId: 1.5, quantity: 1 }],
        [{ productId: 1, quantity: 1e9 }],
        [{ productId: 1, quantity: -1 }],
        [{ productId: 1, quantity: 1, seenPrice: 1e300 }],
        [{ productId: 1, quantity: 1, seenPrice: "__proto__" }],
        [{ productId: null, quantity: null }],
        [null],
        [[]],
        [1, 2, 3],
        { productId: 1, quantity: 1 },
        Array.from({ length: 101 }, () => ({ productId: 1, quantity: 1 })),
        Array.from({ length: 30 }, (_, i) => ({ productId: i + 1, quantity: 1 })),
      ]
        .map((lines) => JSON.stringify(lines))
        .concat(['[{"__proto__":{"productId":1},"quantity":1}]', "[{", "null", '"items"']),
    },
  },
  { path: "/track-order", access: "anyone", fields: { orderNumber: PLACEHOLDER.orderNumber, email: customerEmail } },
  { path: "/track-order", access: "anyone", intent: "open", fields: { orderId: PLACEHOLDER.orderId } },
  { path: "/api/newsletter", access: "anyone", fields: { email: "reader@example.com" } },
  {
    path: "/custom-orders/request",
    access: "anyone",
    fields: {
      name: "Kwesi Fuzz",
      email: "kwesi.fuzz@example.com",
      phone: "+233 20 000 0000",
      garmentType: "Kaftan",
      occasion: "Durbar",
      dateNeeded: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      budget: "unsure",
      notes: "Made by the fuzz test",
      includeMeasurements: "on",
      "measurements.unit": "cm",
      "measurements.values.chest": "100",
      "measurements.values.height": "180",
    },
  },
  {
    path: "/admin/custom-requests",
    access: "admin",
    fields: { reference: "CR-000000", status: "quoted", staffNotes: "Fuzzed" },
  },
  {
    path: "/admin/products",
    access: "admin",
    intent: "create",
    fields: {
      name: "Fuzz Kaftan",
      description: "Made by the fuzz test",
      price: "120.00",
      originalPrice: "",
      categoryId: "1",
      sku: "",
      imageUrl: "",
      sizes: "M",
      materials: "Cotton",
      care: "Hand wash",
      "colors[0].name": "Indigo",
      "colors[0].hex": "#223344",
      "variants[0].id": "",
      "variants[0].color": "Indigo",
      "variants[0].size": "M",
      "variants[0].sku": "",
      "variants[0].stock": "3",
      "variants[0].stockSeen": "",
      isActive: "on",
    },
  },
  {
    path: "/admin/products",
    access: "admin",
    intent: "update",
    fields: {
      id: "2",
      name: "Fuzz Suit",
      price: "80.00",
      sizes: "L",
      "variants[0].id": "",
      "variants[0].color": "",
      "variants[0].size": "L",
      "variants[0].stock": "5",
      "variants[0].stockSeen": "",
      isActive: "on",
    },
  },
  // Sent as text, and as a file part by the multipart variants; the SKU is in no catalog, so no
  // spoiled copy can change the shared shop's stock.
  { path: "/admin/products", access: "admin", intent: "import-stock", fields: { file: "SKU,Stock\r\nFUZZ-NO-SUCH-SKU,1\r\n" } },
  { path: "/admin/products", access: "admin", intent: "delete", fields: { id: "99999" } },
  { path: "/admin/orders", access: "admin", intent: "status", fields: { orderId: PLACEHOLDER.orderId, status: "confirmed" } },
  { path: "/admin/orders", access: "admin", intent: "payment", fields: { orderId: PLACEHOLDER.orderId, paymentStatus: "paid" } },
  {
    path: "/admin/settings",
    access: "admin",
    intent: "general",
    // maintenanceMode is never sent: a shop closed by a fuzzed post answers 503 by design.
    fields: {
      currency: "GHS",
      timezone: "Africa/Accra",
      storeName: "Ahenfie",
      contactEmail: "hello@example.com",
      contactPhone: "+233 30 000 0000",
      contactAddress: "Osu, Accra",
    },
  },
  { path: "/admin/settings", access: "admin", intent: "notifications", fields: { emailNotifications: "on", orderNotifications: "on" } },
  {
    path: "/admin/settings",
    access: "admin",
    intent: "revoke-invitation",
    fields: { invitationId: "00000000-0000-4000-8000-000000000000" },
  },
  { path: "/admin/settings", access: "admin", intent: "remove-staff", fields: { userId: "no-such-user" } },
  { path: "/admin/diagnostic", access: "admin", intent: "claim-admin", fields: {} },
];

/** better-auth's own JSON endpoints under /api/auth/* (app/routes/api/auth.ts forwards them). */
interface AuthTarget {
  method: "GET" | "POST";
  path: string;
  json?: Record<string, unknown>;
  /** Endpoints that end or change the role's session: never sent with the real cookies. */
  sessionChanging?: boolean;
}

export const authTargets: AuthTarget[] = [
  { method: "POST", path: "/api/auth/sign-in/email", json: { email: "nobody@example.com", password: "not-the-password" } },
  { method: "POST", path: "/api/auth/sign-up/email", json: { email: "fuzz-api@example.com", password: "kente-pass-1", name: "Fuzz" } },
  { method: "POST", path: "/api/auth/request-password-reset", json: { email: "nobody@example.com", redirectTo: "/auth/reset-password" } },
  { method: "POST", path: "/api/auth/reset-password", json: { newPassword: "kente-pass-3", token: "not-a-token" } },
  { method: "POST", path: "/api/auth/send-verification-email", json: { email: "nobody@example.com", callbackURL: "/auth/verified" } },
  { method: "POST", path: "/api/auth/update-user", json: { name: "Fuzz Name" } },
  {
    method: "POST",
    path: "/api/auth/change-password",
    json: { currentPassword: "not-the-password", newPassword: "kente-pass-4", revokeOtherSessions: false },
  },
  { method: "POST", path: "/api/auth/change-email", json: { newEmail: "fuzz-other@example.com" }, sessionChanging: true },
  { method: "POST", path: "/api/auth/sign-out", json: {}, sessionChanging: true },
  { method: "POST", path: "/api/auth/revoke-session", json: { token: "not-a-token" }, sessionChanging: true },
  { method: "POST", path: "/api/auth/revoke-sessions", json: {}, sessionChanging: true },
  { method: "POST", path: "/api/auth/revoke-other-sessions", json: {}, sessionChanging: true },
  { method: "POST", path: "/api/auth/delete-user", json: { password: "not-the-password" }, sessionChanging: true },
  { method: "GET", path: "/api/auth/get-session" },
  { method: "GET", path: "/api/auth/list-sessions" },
  { method: "GET", path: "/api/auth/verify-email?token=not-a-token&callbackURL=/auth/verified" },
  { method: "GET", path: "/api/auth/reset-password/not-a-token?callbackURL=/auth/reset-password" },
  { method: "GET", path: "/api/auth/ok" },
  { method: "GET", path: "/api/auth/error?error=fuzz" },
];

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every URL pattern of app/routes.ts ("/product/:productId", "/api/auth/*", …). */
export function routePatterns(): string[] {
  const walk = (entries: RouteEntry[], parent: string): string[] =>
    entries.flatMap((entry) => {
      const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
      const own = entry.path !== undefined || entry.index ? [`/${path}`] : [];
      return [...own, ...walk(entry.children ?? [], path)];
    });
  return [...new Set(walk(routes as RouteEntry[], ""))];
}

/** Odd values for a path parameter (ids, slugs, uuids). */
const oddPathValues = [
  "99999999999",
  "2147483648",
  "-1",
  "0",
  "1.5",
  "1e3",
  "abc",
  "%00",
  "1%00",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "%E2%80%AE",
  "%FF%FE",
  "%ED%A0%80",
  "x".repeat(3_000),
  "..%2F..%2Fetc%2Fpasswd",
  "%0D%0ALocation:%20http://evil.example",
  "ALL",
  "00000000-0000-0000-0000-000000000000",
];

/** Odd query strings, sent to every page. */
const oddQueries = [
  "q=%00",
  "q=a%00b",
  `q=${"y".repeat(5_000)}`,
  "q=%FF%FE",
  "q=%ED%A0%80",
  "q=%E2%80%AE%F0%9F%87%AC%F0%9F%87%AD",
  "q=%zz",
  "q=1&q=2",
  "q[]=1",
  "page=-1",
  "page=99999999999999999999",
  "page=1e309",
  "page=NaN",
  "page=__proto__",
  "sort=__proto__",
  "sort=constructor",
  "min=-5&max=1e400",
  "min=99999999999&max=1",
  "featured=%00",
  "category=__proto__",
  "category=%00",
  "status=__proto__&payment=constructor",
  "order=%00",
  "order=not-a-uuid",
  `order=${PLACEHOLDER.orderId}`,
  "customer=email:%00",
  "customer=user:__proto__",
  "customer=__proto__",
  `customer=email:${"z".repeat(2_000)}`,
  "product=%00",
  "product=99999999999",
  "product=new",
  "ids=1,2,99999999999",
  "ids=%00",
  "ids=__proto__",
  `ids=${"1,".repeat(600)}`,
  "redirectTo=%0D%0ALocation:%20http://evil.example",
  "redirectTo=/%09/evil.example",
  "redirectTo=//evil.example",
  "redirectTo=/%5Cevil.example",
  "redirectTo=%00",
  "token=%00",
  "token=__proto__",
  "error=%00",
  "reset=1&tab=__proto__",
  "run=1",
  "__proto__[polluted]=1",
  "constructor[prototype][polluted]=1",
  "_data=routes%2Froot",
  "index&_routes=__proto__",
];

/** A path pattern with its parameters filled in. */
function fill(pattern: string, value: string): string {
  return pattern.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}

/** Sensible values for each pattern's parameters, so the odd query reaches a real page. */
function plainPath(pattern: string): string {
  if (pattern.includes(":productId")) return fill(pattern, "1");
  if (pattern.includes(":category")) return fill(pattern, "all");
  if (pattern.includes(":orderId")) return fill(pattern, PLACEHOLDER.orderId);
  if (pattern === "/*") return "/no-such-page";
  if (pattern.endsWith("/*")) return fill(pattern, "get-session");
  return pattern;
}

/** application/x-www-form-urlencoded, with lone surrogates written as the raw (invalid) bytes. */
export function formBody(fields: [string, string][]): string {
  const encode = (s: string) =>
    [...s]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (code >= 0xd800 && code <= 0xdfff && ch.length === 1) return "%ED%A0%80";
        return encodeURIComponent(ch);
      })
      .join("");
  return fields.map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&");
}

/** multipart/form-data; with `asFiles`, every field is a file part (a file where text is expected). */
function multipartBody(fields: [string, string][], boundary: string, asFiles = false): string {
  const file = (name: string) => (asFiles ? `; filename="${name}.txt"\r\nContent-Type: text/plain` : "");
  return (
    fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file(name)}\r\n\r\n${value.replace(/[\uD800-\uDFFF]/g, "?")}\r\n`,
      )
      .join("") + `--${boundary}--\r\n`
  );
}

/** A boundary no value of the list contains ("fuzz" is in some: that body is broken on purpose). */
const BOUNDARY = "----FuzzBoundary7MA4YWxk";

const FORM = "application/x-www-form-urlencoded";

export interface GeneratorOptions {
  seed: number;
  /** How many of the odd values each field of each form gets (a seeded sample of oddValues). */
  valuesPerField: number;
}

/** The whole list, in a fixed order for a given seed. */
export function generateFuzzRequests({ seed, valuesPerField }: GeneratorOptions): FuzzRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
  const list: Omit<FuzzRequest, "id">[] = [];
  const add = (request: Omit<FuzzRequest, "id">) => list.push(request);
  const rolesFor = (target: { access: "anyone" | "admin"; notAs?: Role[] }): Role[] =>
    (target.access === "admin" ? (["admin"] as Role[]) : (["guest", "customer", "admin", "stale"] as Role[])).filter(
      (role) => !target.notAs?.includes(role),
    );

  // 1. Pages and resource routes: every pattern of app/routes.ts, with odd path values and odd
  //    queries, as documents and as React Router data requests (.data).
  for (const pattern of routePatterns()) {
    const admin = pattern.startsWith("/admin");
    const pageRoles: Role[] = admin ? ["admin", "admin", "customer", "guest"] : ["guest", "customer", "admin", "stale"];
    if (/[:*]/.test(pattern)) {
      for (const value of oddPathValues)
        add({
          role: pick(pageRoles),
          method: "GET",
          path: fill(pattern, value),
          headers: {},
          note: `path parameter ${value.slice(0, 40)}`,
        });
    }
    const plain = plainPath(pattern);
    // Every odd query, and as a guest on the storefront: a guest's GET goes through the page
    // cache's key (app/lib/page-cache-key.ts), which parses the query too.
    for (const query of oddQueries)
      add({
        role: admin ? pick(pageRoles) : "guest",
        method: "GET",
        path: `${plain}?${query}`,
        headers: {},
        note: `query ${query.slice(0, 60)}`,
      });
    if (!pattern.startsWith("/api/") && !/\.(xml|txt|csv)$/.test(pattern)) {
      const dataPath = `${plain === "/" ? "/_root" : plain}.data`;
      for (const query of ["", "?_routes=__proto__", "?_routes=routes%2Fno-such", `?${pick(oddQueries)}`])
        add({ role: pick(pageRoles), method: "GET", path: dataPath + query, headers: {}, note: `data request ${query}` });
    }
    add({ role: pick(pageRoles), method: "HEAD", path: plain, headers: {}, note: "HEAD" });
    add({
      role: pick(pageRoles),
      method: "GET",
      path: plain,
      headers: { Accept: "application/json", "Accept-Language": "\u00ff".repeat(4), Cookie: "ahenfie.session_token=%00; x=__proto__" },
      note: "odd Accept, Accept-Language and a NUL session cookie",
    });
    // Verbs nobody's form sends.
    for (const method of ["PUT", "DELETE", "PATCH"])
      add({ role: pick(pageRoles), method, path: plain, headers: { "Content-Type": FORM }, body: "a=1", note: `${method} to a page` });
  }

  // 2. Every action, per intent: the good form, then each field spoiled in turn, then the body.
  for (const target of actionTargets) {
    const roles = rolesFor(target);
    const base: [string, string][] = [
      ...(target.intent ? [["intent", target.intent] as [string, string]] : []),
      ...Object.entries(target.fields),
    ];
    const label = `${target.path}${target.intent ? ` intent=${target.intent}` : ""}`;
    const post = (role: Role, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer> | undefined, note: string) =>
      add({ role, method: "POST", path: target.path, headers, body, note: `${label}: ${note}` });
    const form = (fields: [string, string][], note: string, role = pick(roles)) =>
      post(role, { "Content-Type": FORM }, formBody(fields), note);

    for (const role of roles) form(base, "the form filled in well", role);
    for (const [name] of base) {
      if (name === "intent") continue;
      form(
        base.filter(([n]) => n !== name),
        `${name} missing`,
      );
      // Every field gets a NUL, 100,000 characters and a line break, and a seeded sample of the rest.
      const always = ["nul", "huge-100k", "crlf"];
      const others = sample(
        Object.keys(oddValues).filter((key) => !always.includes(key)),
        valuesPerField,
      );
      for (const key of [...always, ...others])
        form(
          base.map(([n, v]) => [n, n === name ? oddValues[key]! : v]),
          `${name}=${key}`,
        );
      for (const [index, value] of (target.oddFor?.[name] ?? []).entries())
        form(
          base.map(([n, v]) => [n, n === name ? value : v]),
          `${name}: odd value ${index} ${value.slice(0, 80)}`,
        );
      form([...base, [name, oddValues.nul!]], `${name} sent twice`);
    }
    // The intent itself.
    for (const intent of ["", "__proto__", "constructor", "toString", "no-such-form", "signIn\u0000", "x".repeat(10_000)])
      form([["intent", intent], ...base.filter(([n]) => n !== "intent")], `intent=${JSON.stringify(intent.slice(0, 20))}`);
    // Field names: prototype paths, huge indexes, thousands of fields.
    form([...base, ["__proto__[polluted]", "1"], ["constructor[prototype][polluted]", "1"]], "prototype field names");
    form([...base, ["colors[99999999].name", "x"], ["items[99999999]", "x"]], "a huge list index");
    form([...base, ...Array.from({ length: 5_000 }, (_, i) => [`f${i}`, "v"] as [string, string])], "5,000 extra fields");
    // Bodies and content types.
    const good = formBody(base);
    const json = JSON.stringify(Object.fromEntries(base));
    for (const role of sample(roles, Math.min(roles.length, 2))) {
      post(role, {}, good, "a form body without Content-Type");
      post(role, { "Content-Type": "text/plain" }, good, "a form body as text/plain");
      post(role, { "Content-Type": "application/json" }, json, "JSON instead of a form");
      post(role, { "Content-Type": "application/json" }, "{not json", "broken JSON");
      post(role, { "Content-Type": "application/xml" }, "<form><email>a@b.c</email></form>", "XML");
      post(role, { "Content-Type": "multipart/form-data" }, good, "multipart without a boundary");
      post(role, { "Content-Type": "multipart/form-data; boundary=fuzz" }, "--fuzz\r\nbroken", "a broken multipart body");
      post(role, { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` }, multipartBody(base, BOUNDARY), "the form as multipart");
      post(
        role,
        { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        multipartBody(base, BOUNDARY, true),
        "every field a file",
      );
      post(role, { "Content-Type": FORM }, "", "an empty form");
      post(role, {}, undefined, "no body at all");
      post(role, { "Content-Type": FORM }, "%zz=%E0%A4%A&=&&==", "malformed percent-encoding");
      post(role, { "Content-Type": `${FORM}; charset=utf-16` }, good, "a charset nobody uses");
      post(role, { "Content-Type": "application/octet-stream" }, new Uint8Array([0, 1, 2, 255, 254]), "binary bytes");
      post(role, { "Content-Type": "a/b/c; ;;=" }, good, "a malformed Content-Type");
    }
    // The check before the body: a post from elsewhere, and one with no Origin at all.
    post(pick(roles), { "Content-Type": FORM, Origin: "http://evil.example" }, good, "from another origin");
    post(pick(roles), { "Content-Type": FORM, Origin: "" }, good, "without an Origin");
  }

  // 3. better-auth's JSON endpoints: wrong types, odd strings, forms where JSON is expected.
  for (const target of authTargets) {
    const roles: Role[] = target.sessionChanging ? ["guest", "stale"] : ["guest", "customer", "admin", "stale"];
    const send = (headers: Record<string, string>, body: string | undefined, note: string, role = pick(roles)) =>
      add({ role, method: target.method, path: target.path, headers, body, note: `${target.path}: ${note}` });
    if (target.method === "GET") {
      for (const role of roles) send({}, undefined, "as it is", role);
      for (const query of sample(oddQueries, 8)) {
        const separator = target.path.includes("?") ? "&" : "?";
        add({
          role: pick(roles),
          method: "GET",
          path: `${target.path}${separator}${query}`,
          headers: {},
          note: `${target.path}: ${query.slice(0, 50)}`,
        });
      }
      continue;
    }
    const fields = target.json ?? {};
    const json = (value: unknown) => JSON.stringify(value);
    const JSON_TYPE = { "Content-Type": "application/json" };
    for (const role of roles) send(JSON_TYPE, json(fields), "the body filled in well", role);
    for (const name of Object.keys(fields)) {
      send(JSON_TYPE, json({ ...fields, [name]: undefined }), `${name} missing`);
      for (const key of sample(Object.keys(oddValues), Math.max(3, valuesPerField - 3)))
        send(JSON_TYPE, json({ ...fields, [name]: oddValues[key] }), `${name}=${key}`);
      for (const key of sample(Object.keys(oddJsonValues), 4))
        send(JSON_TYPE, json({ ...fields, [name]: oddJsonValues[key] }), `${name} as ${key}`);
    }
    send(JSON_TYPE, `{"email":"${"a".repeat(1_000_000)}@example.com","password":"x"}`, "a 1 MB email");
    send(JSON_TYPE, "[]", "a JSON array");
    send(JSON_TYPE, "null", "JSON null");
    send(JSON_TYPE, '"text"', "a JSON string");
    send(JSON_TYPE, "{not json", "broken JSON");
    send(JSON_TYPE, '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', "prototype keys");
    send({ "Content-Type": FORM }, formBody(Object.entries(fields).map(([k, v]) => [k, String(v)])), "a form instead of JSON");
    send({ "Content-Type": "text/plain" }, json(fields), "JSON as text/plain");
    send({}, json(fields), "JSON without Content-Type");
    send(JSON_TYPE, "", "an empty body");
    send({ "Content-Type": "multipart/form-data" }, "--x", "multipart without a boundary");
  }
  // Paths under /api/auth/ that name nothing, or a prototype.
  for (const name of [
    "__proto__",
    "constructor",
    "toString",
    "no-such-endpoint",
    "%00",
    "sign-in/%00",
    "sign-in/email/..%2F..%2Fget-session",
  ]) {
    add({
      role: pick(["guest", "customer"] as Role[]),
      method: "GET",
      path: `/api/auth/${name}`,
      headers: {},
      note: "unknown auth endpoint",
    });
    add({
      role: "guest",
      method: "POST",
      path: `/api/auth/${name}`,
      headers: { "Content-Type": "application/json" },
      body: "{}",
      note: "unknown auth endpoint",
    });
  }

  return list.map((request, id) => ({ ...request, id }));
}
