import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { queryRows } from "~db/client";
import { listCustomers } from "~/modules/customers/customers.server";
import { listAdminOrders } from "~/modules/orders/order-list.server";
import { cheapestPart, forgetOrderSearchStats, orderSearchPart } from "~/modules/orders/order-text-search.server";
import { searchTrigrams } from "~/modules/orders/search-trigrams";
import { createOrder } from "../factories/orders";
import { describeWithDatabase } from "../setup/test-database";

/*
 * The admin Orders and Customers searches ask the trigram index for the rarest part of the text
 * and check the whole text on what it yields (order-text-search.server.ts). They must find
 * exactly what `number || name || email || phone ILIKE '%text%'` finds, newest first.
 */
const firstNames = ["Kofi", "Ama", "Yaw", "Esi", "Kwame", "Abena", "Kojo", "Efua"];
const lastNames = ["Mensah", "Boateng", "Owusu", "Asante"];
const domains = ["gmail.com", "gmail.com", "gmail.com", "yahoo.co.uk", "ahenfie.example"];

const searches = [
  "kofi@gmail",
  "KOFI.MENSAH3@GMAIL.COM",
  "mensah",
  "Ama Owusu",
  "gmail.com",
  "@gmail",
  "ORD-8100",
  "ord-81002",
  "24 411",
  "0244",
  "411 88",
  "yahoo",
  "a.b",
  "100%",
  "efua_",
  "nobody here",
  "ahenfie.example 024",
];

describeWithDatabase("order text search", (database) => {
  beforeAll(async () => {
    const db = database.db;
    for (let i = 0; i < 90; i++) {
      const first = firstNames[i % firstNames.length]!;
      const last = lastNames[(i * 3) % lastNames.length]!;
      await createOrder(db, {
        orderNumber: `ORD-${810_000 + i * 7}`,
        customerName: `${first} ${last}`,
        customerEmail: `${first}.${last}${i % 11}@${domains[i % domains.length]}`.toLowerCase(),
        customerPhone: i % 2 ? `+233 24 411 ${String(8800 + i).padStart(4, "0")}` : `0244 ${String(100_000 + i * 13)}`,
        userId: i % 9 === 0 ? `user-${i % 4}` : null,
        createdAt: new Date(Date.UTC(2026, 10, 1) + ((i * 37) % 90) * 3_600_000),
      });
    }
    forgetOrderSearchStats(db);
  });

  const plainly = async (text: string) =>
    queryRows<{ id: string; key: string }>(
      database.db,
      sql`select id, case when user_id is not null then 'user:' || user_id else 'email:' || lower(btrim(customer_email)) end as key
          from orders
          where (order_number || ' ' || customer_name || ' ' || customer_email || ' ' || customer_phone)
                ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          order by created_at desc nulls last, id`,
    );

  it("finds the same orders, newest first, and the same customers as the whole text matched against every order", async () => {
    const db = database.db;
    let askedForAPart = 0;
    for (const text of searches) {
      const expected = await plainly(text);
      const listing = await listAdminOrders(db, { search: text, pageSize: 100 });
      expect({ text, ids: listing.items.map((o) => o.id), total: listing.total }).toEqual({
        text,
        ids: expected.map((o) => o.id),
        total: expected.length,
      });
      const looksLikePhone = /^[\d\s+().-]+$/.test(text);
      if (!looksLikePhone) {
        const customers = await listCustomers(db, { search: text, pageSize: 100 });
        expect({ text, keys: customers.rows.map((c) => c.key).sort() }).toEqual({
          text,
          keys: [...new Set(expected.map((o) => o.key))].sort(),
        });
      }
      const part = await orderSearchPart(db, text);
      if (part !== null && part !== text) askedForAPart++;
    }
    // Several of these searches hold a trigram most orders have ("gma", "com", "ord"): the index is asked for less.
    expect(askedForAPart).toBeGreaterThan(3);
  });

  it("spells the index's trigrams as pg_trgm does", async () => {
    for (const text of ["@Kofi Mensah@", "@kofi.mensah3@gmail.com@", "@+233 24 411 8820@", "@ORD-810007 Ama@"]) {
      const [row] = await queryRows<{ t: string[] }>(database.db, sql`select show_trgm(${text}) as t`);
      expect(searchTrigrams(text).sort()).toEqual([...row!.t].sort());
    }
    // A word touching the pattern's % is not padded on that side; a word too short for a trigram gives none.
    expect(searchTrigrams("kofi@gm").sort()).toEqual(["fi ", "kof", "ofi", "  g", " gm"].sort());
    expect(searchTrigrams("a.b")).toEqual(["  b"]);
    expect(searchTrigrams("ab")).toEqual([]);
  });

  it("asks the index for the part of the text whose trigrams are rare", () => {
    const common = ["cus", "ust", "sto", "tom", "ome", "mer", "er1", "exa", "xam", "amp", "mpl", "ple", "  e", " ex", "le "];
    const stats = { share: new Map([...common.map((t) => [t, 1] as const), ["r12", 0.06], ["123", 0.02], ["23 ", 0.04]]), unseen: 0.0005 };
    expect(cheapestPart("customer123@example", stats)).toBe("r123@");
    expect(cheapestPart("ab", stats)).toBeNull();
  });
});
