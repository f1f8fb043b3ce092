import { expect, it } from "vitest";
import { count } from "drizzle-orm";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { newsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { newsletterSubscribers } from "~db/schema/store";
import { describeWithDatabase } from "../setup/test-database";

describeWithDatabase("newsletter", (database) => {
  it("stores a subscriber once, whatever the letter case", async () => {
    expect(await subscribeToNewsletter(database.db, "Kofi@Example.com")).toEqual({ created: true });
    expect(await subscribeToNewsletter(database.db, "kofi@example.COM ")).toEqual({ created: false });
    const [row] = await database.db.select({ n: count() }).from(newsletterSubscribers);
    expect(Number(row!.n)).toBe(1);
  });

  it("validates the email with a clear message", () => {
    expect(newsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Please enter your email address.");
    expect(newsletterSchema.safeParse({ email: "not-an-email" }).error?.issues[0]?.message).toBe("Please enter a valid email address.");
    expect(newsletterSchema.safeParse({ email: " ama@example.com " }).data?.email).toBe("ama@example.com");
  });
});
