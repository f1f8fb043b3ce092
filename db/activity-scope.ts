import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Who is acting, for the activity log (issue 48, decision 049). The server runs every request
 * inside a scope (server/http.ts); the admin's action guard names the actor once it has checked
 * the member's role and the form's capability (app/modules/activity/activity-actor.server.ts).
 * Every transaction begun while an actor is named first sets `ahenfie.activity` for itself
 * alone (`set_config(…, true)`), and the database's trigger on each audited table writes the log
 * entry inside that same transaction: a change that rolls back leaves no entry, and no module
 * has to remember to log.
 *
 * A write made outside a transaction is not logged: admin changes always run in one.
 */
export interface ActivityActor {
  id: string | null;
  /** The member's name, else their email, as it reads in the log. */
  name: string;
  role: string | null;
  ip: string | null;
  /** The admin form: "admin/orders#refund". */
  action: string;
}

interface Scope {
  actor?: ActivityActor;
}

/**
 * One store per process, on globalThis: the server runs this file from source and the app from
 * its bundle, and both copies must see the same scope.
 */
const SCOPES_KEY = Symbol.for("ahenfie.activity-scopes");
const scopes: AsyncLocalStorage<Scope> = ((globalThis as Record<symbol, AsyncLocalStorage<Scope> | undefined>)[SCOPES_KEY] ??=
  new AsyncLocalStorage<Scope>());

/** Runs one request (or a test's call) in its own scope, where an actor can be named. */
export function runInActivityScope<T>(work: () => T): T {
  return scopes.run({}, work);
}

/** Names who acts for the rest of this scope; false when there is no scope to hold it. */
export function nameActivityActor(actor: ActivityActor): boolean {
  const scope = scopes.getStore();
  if (!scope) return false;
  scope.actor = actor;
  return true;
}

export function currentActivityActor(): ActivityActor | undefined {
  return scopes.getStore()?.actor;
}

/**
 * Makes every transaction of this handle announce the scope's actor to the database first. Only
 * the outermost transaction: a nested one is a savepoint of it and sees its setting already.
 */
export function announceActorInTransactions(db: Db): Db {
  const begin = db.transaction.bind(db);
  const transaction: Db["transaction"] = (work, config) =>
    begin(async (tx) => {
      const actor = currentActivityActor();
      if (actor) await tx.execute(sql`select set_config('ahenfie.activity', ${JSON.stringify(actor)}, true)`);
      return work(tx);
    }, config);
  db.transaction = transaction;
  return db;
}
