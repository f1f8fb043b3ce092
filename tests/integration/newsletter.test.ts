import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { newsletterSchema } from "~/modules/newsletter/newsletter.schema";
import {
  countNewsletterSubscribers,
  NEWSLETTER_RULES,
  pruneUnconfirmedSubscribers,
  subscribeToNewsletter,
} from "~/modules/newsletter/newsletter.server";
import { action as newsletterAction, NEWSLETTER_THANKS, type NewsletterResult } from "~/routes/api/newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/storefront/newsletter-confirm";
import { emailOutbox, newsletterSubscribers } from "~db/schema/store";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/** What a route function answered: `data(…)` gives { data, init }, a plain object is the data. */
type Answer<T> = { data: T; status: number };
function answer<T>(value: unknown): Answer<T> {
  if (value && typeof value === "object" && "data" in value && "init" in value) {
    const wrapped = value as { data: T; init: ResponseInit | null };
    return { data: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { data: value as T, status: 200 };
}

let ipCounter = 0;
const nextIp = () => `10.20.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

describeWithDatabase("newsletter sign-up with double opt-in", (database) => {
  beforeEach(async () => {
    await database.db.delete(newsletterSubscribers);
    await database.db.delete(emailOutbox);
    await database.db.execute(sql`delete from rate_limits where key like 'newsletter:%'`);
  });

  /** The footer form's post, from a client address (one fresh address per call unless given). */
  async function signUp(email: string, options: { ip?: string; host?: string } = {}) {
    const context = testLoadContext(database, { clientIp: options.ip ?? nextIp() });
    const request = new Request(`${TEST_ORIGIN}/api/newsletter`, {
      method: "POST",
      headers: {
        origin: TEST_ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        ...(options.host ? { host: options.host } : {}),
      },
      body: new URLSearchParams({ email }),
    });
    return answer<NewsletterResult>(await newsletterAction({ request, context, params: {} } as Parameters<typeof newsletterAction>[0]));
  }

  const confirmationsTo = (to: string) =>
    database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id);
  const rowOf = async (email: string) =>
    (
      await database.db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(email) = ${email.toLowerCase()}`)
    )[0];

  async function linkTo(to: string): Promise<string> {
    const mail = (await confirmationsTo(to)).at(-1);
    const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no confirmation link to ${to}`);
    return link;
  }

  const openLink = async (link: string) =>
    answer<{ state: string; token: string }>(
      await confirmLoader({ request: new Request(link), url: new URL(link), context: testLoadContext(database), params: {} } as Parameters<
        typeof confirmLoader
      >[0]),
    );

  async function pressConfirm(token: string) {
    const request = new Request(`${TEST_ORIGIN}/newsletter/confirm?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }),
    });
    return answer<{ state: string }>(
      await confirmAction({ request, context: testLoadContext(database), params: {} } as Parameters<typeof confirmAction>[0]),
    );
  }

  it("a sign-up is stored unconfirmed and emailed a link; it counts only once the link's button is pressed, and the link then stops working", async () => {
    const signedUp = await signUp("Abena.Owusu@Example.com");
    expect(signedUp).toEqual({ status: 200, data: { ok: true, message: NEWSLETTER_THANKS } });
    expect(await rowOf("abena.owusu@example.com")).toMatchObject({ email: "abena.owusu@example.com", confirmedAt: null });
    expect(await countNewsletterSubscribers(database.db)).toBe(0);

    const [mail] = await confirmationsTo("abena.owusu@example.com");
    expect(mail).toMatchObject({ kind: "newsletter-confirmation", subject: "Please confirm your subscription to Ahenfie" });
    expect(mail!.html).toContain("Confirm my subscription");
    const link = await linkTo("abena.owusu@example.com");
    // Built from the configured origin; the token is long and random, and only its hash is stored.
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/newsletter/confirm\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(link).searchParams.get("token")!;
    expect(mail!.html).toContain(link);
    expect((await rowOf("abena.owusu@example.com"))!.confirmationTokenHash).not.toContain(token);

    // Opening the link (as a mail scanner would) asks; it does not confirm.
    expect((await openLink(link)).data).toEqual({ state: "pending", token });
    expect(await countNewsletterSubscribers(database.db)).toBe(0);

    expect((await pressConfirm(token)).data).toEqual({ state: "confirmed" });
    expect((await rowOf("abena.owusu@example.com"))!.confirmedAt).toBeInstanceOf(Date);
    expect(await countNewsletterSubscribers(database.db)).toBe(1);

    // Used once: the link now says it has expired, and confirms nothing more.
    expect((await openLink(link)).data).toEqual({ state: "invalid", token: "" });
    expect((await pressConfirm(token)).data).toEqual({ state: "invalid" });
  });

  it("answers the same for a new, a waiting and a subscribed address; a waiting one gets at most one more email a day, three in all", async () => {
    const first = await signUp("kwesi@example.com");
    const again = await signUp("KWESI@example.com ");
    expect(again).toEqual(first);
    expect(await confirmationsTo("kwesi@example.com")).toHaveLength(1);

    // A day later, a second sign-up sends a fresh link (the old one stops working).
    const oldLink = await linkTo("kwesi@example.com");
    const dayLater = () =>
      database.db.execute(
        sql`update newsletter_subscribers set confirmation_sent_at = now() - interval '25 hours' where email = 'kwesi@example.com'`,
      );
    await dayLater();
    expect(await signUp("kwesi@example.com")).toEqual(first);
    expect(await confirmationsTo("kwesi@example.com")).toHaveLength(2);
    expect((await openLink(oldLink)).data.state).toBe("invalid");
    await dayLater();
    await signUp("kwesi@example.com");
    await dayLater();
    await signUp("kwesi@example.com");
    expect(await confirmationsTo("kwesi@example.com")).toHaveLength(NEWSLETTER_RULES.maxConfirmationEmails);

    // Confirmed: the same answer again, and no email.
    const token = new URL(await linkTo("kwesi@example.com")).searchParams.get("token")!;
    expect((await pressConfirm(token)).data.state).toBe("confirmed");
    await database.db.delete(emailOutbox);
    expect(await signUp("kwesi@example.com")).toEqual(first);
    expect(await confirmationsTo("kwesi@example.com")).toHaveLength(0);
    expect(await countNewsletterSubscribers(database.db)).toBe(1);
  });

  it("limits sign-ups per client address: the 6th in an hour is refused with a clear message, another address is not", async () => {
    const ip = nextIp();
    for (let i = 0; i < NEWSLETTER_RULES.perAddress.limit; i++)
      expect((await signUp(`bulk${i}@example.com`, { ip })).data.ok, `sign-up ${i + 1}`).toBe(true);
    const refused = await signUp("bulk-last@example.com", { ip });
    expect(refused).toEqual({
      status: 429,
      data: { ok: false, error: "Too many sign-ups from your connection. Please wait 60 minutes and try again." },
    });
    expect(await rowOf("bulk-last@example.com")).toBeUndefined();
    expect((await signUp("bulk-last@example.com", { ip: nextIp() })).data.ok).toBe(true);
  });

  it("an expired, tampered or missing token confirms nothing", async () => {
    await signUp("yaa@example.com");
    const link = await linkTo("yaa@example.com");
    const token = new URL(link).searchParams.get("token")!;
    expect((await openLink(`${TEST_ORIGIN}/newsletter/confirm`)).data.state).toBe("invalid");
    expect((await openLink(link.slice(0, -2) + "xx")).data.state).toBe("invalid");
    expect((await pressConfirm(token.slice(0, -2) + "xx")).data.state).toBe("invalid");
    await database.db.execute(sql`update newsletter_subscribers set confirmation_expires_at = now() - interval '1 second'`);
    expect((await openLink(link)).data.state).toBe("invalid");
    expect((await pressConfirm(token)).data.state).toBe("invalid");
    expect(await countNewsletterSubscribers(database.db)).toBe(0);
  });

  it("concurrent sign-ups of one new address store it once and send one email", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        subscribeToNewsletter(database.db, "efua@example.com", { origin: TEST_ORIGIN, storeName: "Ahenfie" }),
      ),
    );
    expect(results.filter((r) => r.emailed)).toHaveLength(1);
    expect(await confirmationsTo("efua@example.com")).toHaveLength(1);
    expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it("forgets sign-ups nobody confirmed 30 days after the link expired; keeps subscribers", async () => {
    await signUp("gone@example.com");
    await signUp("kept@example.com");
    const token = new URL(await linkTo("kept@example.com")).searchParams.get("token")!;
    await pressConfirm(token);
    await database.db.execute(
      sql`update newsletter_subscribers set confirmation_expires_at = now() - interval '31 days' where email = 'gone@example.com'`,
    );
    await pruneUnconfirmedSubscribers(database.db);
    expect((await database.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map((r) => r.email)).toEqual([
      "kept@example.com",
    ]);
  });

  it("validates the email with a clear message", () => {
    expect(newsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Please enter your email address.");
    expect(newsletterSchema.safeParse({ email: "not-an-email" }).error?.issues[0]?.message).toBe("Please enter a valid email address.");
    expect(newsletterSchema.safeParse({ email: " ama@example.com " }).data?.email).toBe("ama@example.com");
  });
});
