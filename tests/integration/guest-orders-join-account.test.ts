import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, signUp } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import type { Auth } from "~/modules/auth/auth.server";
import { joinGuestOrdersToAccount } from "~/modules/customers/guest-orders.server";
import { listCustomers } from "~/modules/customers/customers.server";
import { listRecentOrdersForUser } from "~/modules/orders/customer-orders.server";
import type { Db } from "~db/client";
import { users } from "~db/schema/auth";
import { emailOutbox } from "~db/schema/store";
import { orders } from "~db/schema/orders";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { createTestAuth } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

const ORIGIN = "http://localhost:3998";
let ipCounter = 0;
const headers = () =>
  new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: `10.77.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`, "user-agent": "vitest" });
let emailCounter = 0;
const newEmail = (name: string) => `${name}${++emailCounter}.${Date.now().toString(36)}@example.com`;

describeWithDatabase("guest orders and accounts", (database) => {
  let db: Db;
  let auth: Auth;
  beforeAll(() => {
    db = database.db;
    auth = createTestAuth(db, { origin: ORIGIN });
  });

  const ownerOf = async (ids: string[]) =>
    Object.fromEntries(
      (await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(inArray(orders.id, ids))).map((o) => [o.id, o.userId]),
    );

  async function verify(email: string): Promise<Response> {
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    return auth.handler(new Request(link, { headers: headers() }));
  }

  describe("guest orders join the account after verification (and not before, nor for another email)", () => {
    it("joins the email's guest orders, trimmed and case-insensitive, only once the email is verified", async () => {
      const email = newEmail("abena");
      const mine = await createOrder(db, { customerEmail: email, customerName: "Abena Osei" });
      const mineMixedCase = await createOrder(db, { customerEmail: `  ${email.toUpperCase()} ` });
      const someoneElses = await createOrder(db, { customerEmail: newEmail("kofi") });
      const lookalike = await createOrder(db, { customerEmail: `x${email}` });
      const otherAccount = await createUser(db);
      const alreadyAnAccounts = await createOrder(db, { customerEmail: email, userId: otherAccount.id });
      const ids = [mine.id, mineMixedCase.id, someoneElses.id, lookalike.id, alreadyAnAccounts.id];

      expect((await signUp(auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(true);
      const [account] = await db.select().from(users).where(eq(users.email, email));
      // Signed up but not verified: anyone could have typed this address, so nothing joins.
      expect(await joinGuestOrdersToAccount(db, account!.id)).toBe(0);
      expect(await listRecentOrdersForUser(db, account!.id)).toEqual([]);
      expect(Object.values(await ownerOf(ids)).filter((u) => u === account!.id)).toEqual([]);

      expect((await verify(email)).status).toBe(302);
      expect(await ownerOf(ids)).toEqual({
        [mine.id]: account!.id,
        [mineMixedCase.id]: account!.id,
        [someoneElses.id]: null,
        [lookalike.id]: null,
        [alreadyAnAccounts.id]: otherAccount.id,
      });
      const listed = await listRecentOrdersForUser(db, account!.id);
      expect(listed.map((o) => o.orderNumber).sort()).toEqual([mine.orderNumber, mineMixedCase.orderNumber].sort());

      // Idempotent: asking again changes nothing.
      expect(await joinGuestOrdersToAccount(db, account!.id)).toBe(0);
      expect(await ownerOf([mine.id, mineMixedCase.id])).toEqual({ [mine.id]: account!.id, [mineMixedCase.id]: account!.id });

      // Admin Customers: one customer, the account holder, no longer a Guest row beside it.
      const customers = await listCustomers(db, { search: email });
      const keys = customers.rows.map((c) => c.key);
      expect(keys).not.toContain(`email:${email}`);
      expect(customers.rows.find((c) => c.key === `user:${account!.id}`)).toMatchObject({ userId: account!.id, totalOrders: 2 });
    });

    it("joins guest orders a verified customer placed while signed out at their next sign-in", async () => {
      const email = newEmail("yaw");
      expect((await signUp(auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(true);
      expect((await verify(email)).status).toBe(302);
      const [account] = await db.select().from(users).where(eq(users.email, email));
      const signedOutOrder = await createOrder(db, { customerEmail: email });
      expect(await ownerOf([signedOutOrder.id])).toEqual({ [signedOutOrder.id]: null });

      expect((await signIn(auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(true);
      expect(await ownerOf([signedOutOrder.id])).toEqual({ [signedOutOrder.id]: account!.id });
    });

    it("never joins another email's orders, and an unverified account's sign-in attempt joins nothing", async () => {
      const email = newEmail("esi");
      const order = await createOrder(db, { customerEmail: email });
      expect((await signUp(auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(true);
      // Unverified: sign-in is refused, and no order moves.
      expect((await signIn(auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(false);
      expect(await ownerOf([order.id])).toEqual({ [order.id]: null });
      // A verified account with another email leaves it alone too.
      const stranger = await createUser(db, { emailVerified: true });
      expect(await joinGuestOrdersToAccount(db, stranger.id)).toBe(0);
      expect(await ownerOf([order.id])).toEqual({ [order.id]: null });
    });
  });
});
