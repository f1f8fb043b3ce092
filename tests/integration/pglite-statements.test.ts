import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withPreparedStatements, type PgliteQueryClient } from "~db/pglite-statements";

/** The embedded database's prepared statements (db/pglite-statements.ts) against PGlite's own query. */
describe("PGlite queries as prepared statements", () => {
  let pglite: PGlite;
  let client: PgliteQueryClient;

  beforeAll(async () => {
    pglite = await PGlite.create();
    client = withPreparedStatements(pglite, { maxStatements: 3 });
    await pglite.exec(`
      create table garments (id serial primary key, name text not null unique, price numeric(10,2) not null,
        in_stock boolean not null, made_at timestamptz, details jsonb, tags text[]);
    `);
  });
  afterAll(() => pglite.close());

  /** The texts of the session's named statements, as PostgreSQL lists them. */
  async function prepared(): Promise<string[]> {
    const { rows } = await pglite.query<{ statement: string }>("select statement from pg_prepared_statements order by statement");
    return rows.map((row) => row.statement);
  }

  it("stores and reads every kind of value as PGlite's own query does", async () => {
    const insert = "insert into garments (name, price, in_stock, made_at, details, tags) values ($1, $2, $3, $4, $5, $6) returning *";
    const madeAt = new Date("2026-11-20T10:30:00Z");
    const kente = await client.query(insert, ["Kente stole", 450.5, true, madeAt, { weave: "Bonwire", strips: 12 }, ["kente", "gift"]]);
    const linen = await pglite.query(insert, ["Linen kaftan", 1200, false, null, null, []]);

    const select = "select * from garments where name = any($1) order by id";
    const ours = await client.query(select, [["Kente stole", "Linen kaftan"]]);
    const theirs = await pglite.query(select, [["Kente stole", "Linen kaftan"]]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows).toEqual([kente.rows[0], linen.rows[0]]);
    expect(ours.rows[0]).toMatchObject({
      name: "Kente stole",
      price: "450.50",
      in_stock: true,
      made_at: madeAt,
      details: { weave: "Bonwire", strips: 12 },
      tags: ["kente", "gift"],
    });

    const arrays = await client.query<unknown[]>("select name, in_stock from garments where in_stock = $1", [false], { rowMode: "array" });
    expect(arrays.rows).toEqual([["Linen kaftan", false]]);
    expect(kente.affectedRows).toBe(1);

    // A query's own parsers (Drizzle reads timestamps as text) win; PGlite's read the rest.
    const raw = await client.query("select made_at, in_stock from garments where name = $1", ["Kente stole"], {
      parsers: { 1184: (value: string) => value },
    });
    expect(raw.rows).toEqual([{ made_at: "2026-11-20 10:30:00+00", in_stock: true }]);
  });

  it("parses a text once and runs it again with new values", async () => {
    const byName = "select price from garments where name = $1";
    expect((await client.query(byName, ["Kente stole"])).rows).toEqual([{ price: "450.50" }]);
    expect((await client.query(byName, ["Linen kaftan"])).rows).toEqual([{ price: "1200.00" }]);
    expect((await client.query(byName, ["Agbada"])).rows).toEqual([]);
    expect((await prepared()).filter((text) => text === byName)).toHaveLength(1);
  });

  it("keeps at most maxStatements, closing the one used longest ago", async () => {
    const texts = [
      "select 1 as a where $1::int > 0",
      "select 2 as b where $1::int > 0",
      "select 3 as c where $1::int > 0",
      "select 4 as d where $1::int > 0",
    ];
    for (const text of texts) await client.query(text, [1]);
    // The last text's call closed the oldest; the statement it evicted is gone at the next call.
    await client.query(texts[3]!, [1]);
    expect(await prepared()).toEqual(texts.slice(1));
    expect((await client.query(texts[0]!, [1])).rows).toEqual([{ a: 1 }]);
  });

  it("fails as PGlite does, with the query attached, and goes on working", async () => {
    const insert = "insert into garments (name, price, in_stock) values ($1, $2, $3)";
    const failure = await client.query(insert, ["Kente stole", 10, true]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "23505", query: insert, params: ["Kente stole", 10, true] });
    expect((failure as Error).message).toContain("duplicate key value violates unique constraint");

    const syntax = await client.query("select from where", []).catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: "42601" });

    expect((await client.query("select count(*)::int as n from garments where price > $1", [0])).rows).toEqual([{ n: 2 }]);
  });

  it("rolls back a transaction's writes and keeps the statements it prepared", async () => {
    const rename = "update garments set name = $1 where name = $2";
    await expect(
      client.transaction(async (tx) => {
        await tx.query(rename, ["Smock", "Linen kaftan"]);
        expect((await tx.query("select name from garments where name = $1", ["Smock"])).rows).toHaveLength(1);
        throw new Error("changed our mind");
      }),
    ).rejects.toThrow("changed our mind");
    // PostgreSQL does not roll back a named statement: the two prepared inside are still there.
    expect(await prepared()).toEqual(expect.arrayContaining([rename, "select name from garments where name = $1"]));
    expect((await client.query("select name from garments where name = $1", ["Smock"])).rows).toEqual([]);

    await client.transaction(async (tx) => {
      await tx.query(rename, ["Fugu smock", "Linen kaftan"]);
    });
    expect((await client.query("select name from garments order by id", [])).rows).toEqual([
      { name: "Kente stole" },
      { name: "Fugu smock" },
    ]);
  });

  it("a failed statement inside a transaction aborts it and nothing of it is kept", async () => {
    const insert = "insert into garments (name, price, in_stock) values ($1, $2, $3)";
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ["Agbada", 3000, true]);
        await tx.query(insert, ["Agbada", 3000, true]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await client.query("select count(*)::int as n from garments where name = $1", ["Agbada"])).rows).toEqual([{ n: 0 }]);
  });

  it("prepares a statement again when its table changes shape", async () => {
    const all = "select * from garments where id = $1";
    expect(Object.keys((await client.query<object>(all, [1])).rows[0]!)).not.toContain("fit");
    await pglite.exec("alter table garments add column fit text default 'slim'");
    expect((await client.query(all, [1])).rows[0]).toMatchObject({ name: "Kente stole", fit: "slim" });
  });

  it("answers many concurrent queries each with its own rows", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => i);
    const answers = await Promise.all(ids.map((i) => client.query<{ n: number }>("select $1::int * 2 as n", [i])));
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(ids.map((i) => i * 2));
  });
});
