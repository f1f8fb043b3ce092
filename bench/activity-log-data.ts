import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";

/**
 * A shop's activity log, `count` entries over the last two years, written in one
 * INSERT … SELECT (bench/activity-log.ts). Its shape is a house of 15 staff at work:
 *
 * - who: a few packers and a manager make most entries, an accountant a handful
 *   (`BENCH_ACTORS`: from 24 % of the log down to 0.05 %), each within their role's areas
 *   (packers never touch discounts, settings or staff);
 * - what: orders and stock most, the newsletter and staff least (`AREAS_BY_ROLE`), each area
 *   with its kinds of row and the changes they record: mostly a field or two (a stock count, an
 *   order's status), sometimes a whole new row (a product, a quote: up to ~1 KB of `changes`);
 * - whose history: 5,000 products (popular ones far more often) and 300,000 orders, each order's
 *   entries close together in time, as an order moves on within days;
 * - when: more entries each month, as a shop grows (three times as many in the second year);
 *   a manager who left five months ago, and shipping untouched for seven (a filter's matches
 *   need not be spread evenly over time, as the planner's statistics assume).
 *
 * Ids rise with time, as the trigger writes them. Deterministic: the same count gives the same log.
 */

export const BENCH_ACTORS = [
  { id: "user_kofi", name: "Kofi Mensah", role: "staff", share: 2400 },
  { id: "user_ama", name: "Ama Owusu", role: "manager", share: 1800 },
  { id: "user_yaw", name: "Yaw Boateng", role: "staff", share: 1400 },
  { id: "user_efua", name: "Efua Asante", role: "staff", share: 1100 },
  // Left the house five months ago: Ama has done a manager's work since.
  { id: "user_kwame", name: "Kwame Darko", role: "manager", share: 900, leftDaysAgo: 150, successor: "user_ama" },
  { id: "user_abena", name: "Abena Osei", role: "staff", share: 700 },
  { id: "user_kojo", name: "Kojo Appiah", role: "staff", share: 550 },
  { id: "user_akosua", name: "Akosua Frimpong", role: "staff", share: 400 },
  { id: "user_nana", name: "Nana Adjei", role: "owner", share: 300 },
  { id: "user_esi", name: "Esi Quartey", role: "accountant", share: 200 },
  { id: "user_kwesi", name: "Kwesi Amoah", role: "staff", share: 120 },
  { id: "user_adwoa", name: "Adwoa Tetteh", role: "staff", share: 70 },
  { id: "user_fiifi", name: "Fiifi Annan", role: "manager", share: 40 },
  { id: "user_yaa", name: "Yaa Sarpong", role: "staff", share: 15 },
  { id: "user_selorm", name: "Selorm Agbeko", role: "accountant", share: 5 },
] as const;

/** The shipping zones were last changed seven months ago (their entries since are products'). */
export const QUIET_AREA = { area: "shipping", sinceDaysAgo: 210, instead: "products" } as const;

/** Shares in ten-thousandths of each role's entries. */
const AREAS_BY_ROLE: Record<string, [string, number][]> = {
  staff: [
    ["orders", 6000],
    ["products", 3000],
    ["payments", 500],
    ["custom requests", 500],
  ],
  manager: [
    ["orders", 3000],
    ["products", 3500],
    ["payments", 1000],
    ["discounts", 800],
    ["reviews", 700],
    ["custom requests", 500],
    ["shipping", 200],
    ["settings", 200],
    ["newsletter", 100],
  ],
  owner: [
    ["orders", 1500],
    ["products", 2000],
    ["payments", 1000],
    ["discounts", 1000],
    ["settings", 1500],
    ["staff", 1500],
    ["shipping", 800],
    ["reviews", 300],
    ["newsletter", 400],
  ],
  accountant: [
    ["payments", 7000],
    ["orders", 3000],
  ],
};

export const BENCH_PRODUCTS = 5_000;
export const BENCH_ORDERS = 300_000;

/**
 * Each area's kinds of entry: [share in ten-thousandths, kind, operation, form, changes]. The
 * changes are SQL over `n` (a number of the entry's own), `g` (its place) and `at`.
 */
const DESCRIPTION = `'Hand-woven kente from Bonwire, cut and finished in our Accra workshop. Cotton and silk, lined, with hand-stitched edges; '`;
const KINDS: Record<string, [number, string, string, string, string][]> = {
  orders: [
    [
      6000,
      "order",
      "changed",
      "admin/orders#status",
      `jsonb_build_object('order_status', jsonb_build_array((array['processing','confirmed','shipped'])[1 + n % 3], (array['confirmed','shipped','delivered'])[1 + n % 3]), 'tracking_number', jsonb_build_array(null, 'GH' || lpad((n % 100000000)::text, 10, '0')))`,
    ],
    [
      1500,
      "note",
      "created",
      "admin/orders#note",
      `jsonb_build_object('id', jsonb_build_array(null, g), 'body', jsonb_build_array(null, 'Customer called: ' || left(${DESCRIPTION}, 40 + n % 80)), 'author', jsonb_build_array(null, 'staff'))`,
    ],
    [
      1800,
      "production step",
      "changed",
      "admin/orders#production",
      `jsonb_build_object('status', jsonb_build_array('waiting', 'done'), 'done_at', jsonb_build_array(null, at), 'tailor', jsonb_build_array(null, 'Tailor ' || n % 7))`,
    ],
    [
      700,
      "draft order",
      "created",
      "admin/draft-orders#create",
      `jsonb_build_object('reference', jsonb_build_array(null, 'DRAFT-' || g), 'customer_name', jsonb_build_array(null, 'Customer ' || n % 20000), 'customer_email', jsonb_build_array(null, 'customer' || n % 20000 || '@example.com'), 'items', jsonb_build_array(null, jsonb_build_array(jsonb_build_object('productId', 1 + n % 5000, 'size', 'L', 'quantity', 1, 'unitPrice', 45000))), 'notes', jsonb_build_array(null, left(${DESCRIPTION}, n % 120)))`,
    ],
  ],
  products: [
    [6000, "variant", "changed", "admin/products#stock", `jsonb_build_object('stock', jsonb_build_array(n % 40, n % 40 + (n % 5) - 2))`],
    [
      2200,
      "product",
      "changed",
      "admin/products#save",
      `jsonb_build_object('price', jsonb_build_array(40000 + n % 200 * 500, 40000 + (n + 7) % 200 * 500), 'description', jsonb_build_array(left(${DESCRIPTION}, 60 + n % 60), left(${DESCRIPTION}, 60 + (n + 3) % 60)))`,
    ],
    [
      600,
      "product",
      "created",
      "admin/products#create",
      `jsonb_build_object('id', jsonb_build_array(null, g % 5000), 'name', jsonb_build_array(null, 'Royal Kente Kaftan ' || n % 5000), 'slug', jsonb_build_array(null, 'royal-kente-kaftan-' || n % 5000), 'description', jsonb_build_array(null, ${DESCRIPTION} || ${DESCRIPTION}), 'price', jsonb_build_array(null, 45000), 'category_id', jsonb_build_array(null, 1 + n % 8), 'sku', jsonb_build_array(null, 'AHF-' || n % 100000), 'is_featured', jsonb_build_array(null, false), 'is_active', jsonb_build_array(null, true), 'images', jsonb_build_array(null, jsonb_build_array('/uploads/products/' || n || '-1.webp', '/uploads/products/' || n || '-2.webp')), 'created_at', jsonb_build_array(null, at))`,
    ],
    [
      800,
      "variant",
      "created",
      "admin/products#save",
      `jsonb_build_object('id', jsonb_build_array(null, g), 'product_id', jsonb_build_array(null, n % 5000), 'size', jsonb_build_array(null, (array['S','M','L','XL','XXL'])[1 + n % 5]), 'sku', jsonb_build_array(null, 'AHF-' || n % 100000 || '-L'), 'stock', jsonb_build_array(null, n % 30))`,
    ],
    [
      300,
      "colour",
      "changed",
      "admin/products#colours",
      `jsonb_build_object('name', jsonb_build_array('Gold', 'Royal gold'), 'images', jsonb_build_array(jsonb_build_array('/uploads/a.webp'), jsonb_build_array('/uploads/a.webp', '/uploads/b.webp')))`,
    ],
    [
      100,
      "collection",
      "changed",
      "admin/collections#save",
      `jsonb_build_object('description', jsonb_build_array(left(${DESCRIPTION}, 80), left(${DESCRIPTION}, 100)))`,
    ],
  ],
  payments: [
    [
      4000,
      "recorded payment",
      "created",
      "admin/orders#record-payment",
      `jsonb_build_object('id', jsonb_build_array(null, g), 'amount', jsonb_build_array(null, 10000 + n % 240000), 'method', jsonb_build_array(null, (array['mobile_money','cash','bank_transfer'])[1 + n % 3]), 'reference', jsonb_build_array(null, 'MM' || n), 'received_at', jsonb_build_array(null, at))`,
    ],
    [
      3000,
      "payment link",
      "created",
      "admin/orders#payment-link",
      `jsonb_build_object('id', jsonb_build_array(null, g), 'amount', jsonb_build_array(null, 10000 + n % 240000), 'status', jsonb_build_array(null, 'sent'), 'token_hash', 'hidden', 'expires_at', jsonb_build_array(null, at + interval '3 days'))`,
    ],
    [
      3000,
      "refund",
      "created",
      "admin/orders#refund",
      `jsonb_build_object('id', jsonb_build_array(null, g), 'amount', jsonb_build_array(null, 5000 + n % 100000), 'reason', jsonb_build_array(null, 'Wrong size: ' || left(${DESCRIPTION}, n % 60)), 'method', jsonb_build_array(null, 'original'), 'status', jsonb_build_array(null, 'succeeded'))`,
    ],
  ],
  discounts: [
    [
      6000,
      "discount code",
      "changed",
      "admin/discounts#save",
      `jsonb_build_object('percent_off', jsonb_build_array(10, 15), 'ends_at', jsonb_build_array(at, at + interval '14 days'))`,
    ],
    [
      4000,
      "discount code",
      "created",
      "admin/discounts#create",
      `jsonb_build_object('code', jsonb_build_array(null, 'AKWABA' || n % 1000), 'percent_off', jsonb_build_array(null, 10), 'starts_at', jsonb_build_array(null, at), 'ends_at', jsonb_build_array(null, at + interval '30 days'), 'usage_limit', jsonb_build_array(null, 100), 'minimum_amount', jsonb_build_array(null, 50000))`,
    ],
  ],
  shipping: [
    [
      10000,
      "shipping zone",
      "changed",
      "admin/shipping#save",
      `jsonb_build_object('rates', jsonb_build_array(jsonb_build_array(jsonb_build_object('name', 'Standard', 'amount', 3000), jsonb_build_object('name', 'Express', 'amount', 6000)), jsonb_build_array(jsonb_build_object('name', 'Standard', 'amount', 3500), jsonb_build_object('name', 'Express', 'amount', 7000))), 'regions', jsonb_build_array(jsonb_build_array('GH-AA', 'GH-AH'), jsonb_build_array('GH-AA', 'GH-AH', 'GH-CP')))`,
    ],
  ],
  settings: [
    [
      8000,
      "setting",
      "changed",
      "admin/settings#save",
      `jsonb_build_object('storeName', jsonb_build_array('Ahenfie', 'Ahenfie Accra'), 'supportPhone', jsonb_build_array('+233 24 000 0000', '+233 24 000 000' || n % 10))`,
    ],
    [
      2000,
      "file",
      "created",
      "admin/settings#upload",
      `jsonb_build_object('path', jsonb_build_array(null, 'logo-' || n || '.png'), 'content_type', jsonb_build_array(null, 'image/png'), 'size', jsonb_build_array(null, 20000 + n % 50000), 'bytes', 'hidden')`,
    ],
  ],
  staff: [
    [5000, "staff member", "changed", "admin/settings/staff#role", `jsonb_build_object('role', jsonb_build_array('staff', 'manager'))`],
    [
      5000,
      "invitation",
      "created",
      "admin/settings/staff#invite",
      `jsonb_build_object('email', jsonb_build_array(null, 'tailor' || n % 100 || '@ahenfie.example'), 'role', jsonb_build_array(null, 'staff'), 'token_hash', 'hidden', 'expires_at', jsonb_build_array(null, at + interval '7 days'))`,
    ],
  ],
  "custom requests": [
    [6000, "custom request", "changed", "admin/custom-requests#status", `jsonb_build_object('status', jsonb_build_array('new', 'quoted'))`],
    [
      4000,
      "quote",
      "created",
      "admin/custom-requests#quote",
      `jsonb_build_object('version', jsonb_build_array(null, 1 + n % 3), 'lines', jsonb_build_array(null, jsonb_build_array(jsonb_build_object('label', 'Agbada, hand-embroidered', 'amount', 180000), jsonb_build_object('label', 'Fabric: kente, 6 yards', 'amount', 90000), jsonb_build_object('label', 'Express tailoring', 'amount', 30000))), 'message', jsonb_build_array(null, left(${DESCRIPTION}, 100)), 'valid_until', jsonb_build_array(null, at + interval '14 days'))`,
    ],
  ],
  reviews: [
    [
      10000,
      "review",
      "changed",
      "admin/reviews#moderate",
      `jsonb_build_object('status', jsonb_build_array('pending', (array['approved','rejected'])[1 + n % 2]))`,
    ],
  ],
  newsletter: [
    [
      10000,
      "subscriber",
      "changed",
      "admin/newsletter#unsubscribe",
      `jsonb_build_object('status', jsonb_build_array('subscribed', 'unsubscribed'))`,
    ],
  ],
};

/** `case <key> when 'a' then …` picking one of `items` by a bucket 0–9999 and its shares. */
function bucketCase(key: string, bucket: string, byKey: Record<string, [string, number][]>): string {
  const arms = Object.entries(byKey).map(([value, items]) => {
    let total = 0;
    const starts = items.map(([, share]) => ((total += share), total - share));
    if (total !== 10000) throw new Error(`${value}: shares add to ${total}, not 10000`);
    const names = items.map(([name]) => `'${name}'`).join(", ");
    return `when '${value}' then (array[${names}])[width_bucket(${bucket}, array[${starts.join(", ")}])]`;
  });
  return `case ${key} ${arms.join(" ")} end`;
}

/** The kinds of entry as rows to join on: area, the bucket range, kind, operation, form, changes' template. */
function kindRows(): string {
  const rows: string[] = [];
  let template = 0;
  for (const [area, kinds] of Object.entries(KINDS)) {
    let from = 0;
    for (const [share, kind, operation, action] of kinds) {
      rows.push(`('${area}', ${from}, ${from + share}, '${kind}', '${operation}', '${action}', ${++template})`);
      from += share;
    }
    if (from !== 10000) throw new Error(`${area}: kinds add to ${from}, not 10000`);
  }
  return rows.join(",\n");
}

function changesCase(): string {
  const templates = Object.values(KINDS).flatMap((kinds) => kinds.map(([, , , , changes]) => changes));
  return `case k.template ${templates.map((changes, i) => `when ${i + 1} then ${changes}`).join(" ")} end`;
}

/**
 * Fills activity_log with `count` entries. Its indexes are dropped first and made again after
 * (from their own definitions, so exactly the schema's): building an index once over a million
 * rows is several times faster than keeping six up to date row by row.
 */
export async function fillActivityLog(db: Db, count: number): Promise<void> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'activity_log' and indexname <> 'activity_log_pkey'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));

  let total = 0;
  const actorStarts = BENCH_ACTORS.map((actor) => ((total += actor.share), total - actor.share));
  if (total !== 10000) throw new Error(`The actors' shares add to ${total}, not 10000`);
  const pick = (field: keyof (typeof BENCH_ACTORS)[number]) =>
    `(array[${BENCH_ACTORS.map((actor) => `'${actor[field]}'`).join(", ")}])[s.actor]`;

  const days = 730;
  /** The share of the log (by place, `t`) written before `daysAgo`: the timestamps run as the square root of t. */
  const before = (daysAgo: number) => ((days - daysAgo) / days) ** 2;
  const leaver = BENCH_ACTORS.findIndex((actor) => "leftDaysAgo" in actor);
  const left = BENCH_ACTORS[leaver] as (typeof BENCH_ACTORS)[number] & { leftDaysAgo: number; successor: string };
  const successor = BENCH_ACTORS.findIndex((actor) => actor.id === left.successor);

  await db.execute(
    sql.raw(`
    with s0 as (
      select g,
             g::float8 / ${count} as t,
             width_bucket(abs(hashint8(g::bigint)) % 10000, array[${actorStarts.join(", ")}]) as actor,
             abs(hashint8(g::bigint + 1000000000000)) % 10000 as area_bucket,
             abs(hashint8(g::bigint + 2000000000000)) % 10000 as kind_bucket,
             abs(hashint8(g::bigint + 3000000000000)) as n
      from generate_series(1, ${count}) g
    ),
    s as (
      select g, t, area_bucket, kind_bucket, n,
             case when actor = ${leaver + 1} and t > ${before(left.leftDaysAgo)} then ${successor + 1} else actor end as actor
      from s0
    ),
    a0 as (
      select s.*, ${pick("id")} as actor_id, ${pick("name")} as actor_name, ${pick("role")} as actor_role,
             ${bucketCase(pick("role"), "s.area_bucket", AREAS_BY_ROLE)} as area,
             -- Two years, more each month: three times as many entries in the second year as in the first.
             now() - interval '${days} days' + interval '${days} days' * sqrt(s.t) as at,
             -- Popular products far more often: product p among the first k with chance sqrt(k / 5000).
             1 + floor(${BENCH_PRODUCTS} * power((s.n % 100000) / 100000.0, 2))::int as product,
             -- An order's entries fall within days of each other.
             greatest(1, least(${BENCH_ORDERS}, floor(${BENCH_ORDERS} * s.t)::int + (s.n % 7)::int - 3)) as order_number
      from s
    ),
    a as (
      select g, t, kind_bucket, n, actor, actor_id, actor_name, actor_role, at, product, order_number,
             case when area = '${QUIET_AREA.area}' and t > ${before(QUIET_AREA.sinceDaysAgo)} then '${QUIET_AREA.instead}' else area end as area
      from a0
    ),
    k(area, lo, hi, kind, operation, action, template) as (values ${kindRows()})
    insert into activity_log (at, actor_id, actor_name, actor_role, ip, action, area, kind, operation,
                              subject_id, subject_label, product_id, order_id, changes)
    select a.at, a.actor_id, a.actor_name, a.actor_role,
           '41.66.' || a.actor || '.' || (a.n % 4 + 10),
           k.action, a.area, k.kind, k.operation,
           case when a.area in ('products', 'reviews') then a.product::text
                when a.area in ('orders', 'payments') and k.kind <> 'draft order' then md5('order-' || a.order_number)::uuid::text
                else (a.n % 100000)::text end,
           case when a.area in ('products', 'reviews') then 'Royal Kente Kaftan ' || a.product || case when k.kind = 'variant' then ' · L' else '' end
                when a.area in ('orders', 'payments') and k.kind <> 'draft order' then 'ORD-' || lpad(a.order_number::text, 7, '0')
                else k.kind || ' ' || a.n % 1000 end,
           case when a.area in ('products', 'reviews') then a.product end,
           case when a.area in ('orders', 'payments') and k.kind <> 'draft order' then md5('order-' || a.order_number)::uuid end,
           (select ${changesCase()} from (select a.n as n, a.g as g, a.at as at) as v)
    from a join k on k.area = a.area and a.kind_bucket >= k.lo and a.kind_bucket < k.hi
    order by a.g`),
  );

  for (const index of indexes) await db.execute(sql.raw(index.definition));
}
