import { expect, it } from "vitest";
import { loader as authLoader } from "~/routes/auth/auth";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Issue 10 item 8: `/auth?redirectTo=/%09/evil.example` made "Continue shopping" (and the page
 * the sign-in form goes on to) a link to http://evil.example/: browsers drop the tab and read
 * "//evil.example". Every redirectTo goes through safeRedirect (app/modules/auth/auth.schema.ts).
 */
const leaving = [
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%5C/evil.example",
  "//evil.example",
  "/.//evil.example",
  "https://evil.example/",
];

describeWithDatabase("redirectTo stays on the shop", (database) => {
  it.each(leaving)("/auth?redirectTo=%s: Continue shopping and the sign-in form go home", async (target) => {
    const context = testLoadContext(database);
    const request = new Request(`${TEST_ORIGIN}/auth?redirectTo=${target}`);
    const data = await authLoader({ request, url: new URL(request.url), context, params: {} } as Parameters<typeof authLoader>[0]);
    expect(data.redirectTo).toBe("/");
  });

  it("a page of the shop is kept", async () => {
    const context = testLoadContext(database);
    const request = new Request(`${TEST_ORIGIN}/auth?redirectTo=${encodeURIComponent("/collections/kente?sort=newest")}`);
    const data = await authLoader({ request, url: new URL(request.url), context, params: {} } as Parameters<typeof authLoader>[0]);
    expect(data.redirectTo).toBe("/collections/kente?sort=newest");
  });

  it.each(leaving)("signing out with redirectTo=%s goes home (302 to /)", async (target) => {
    const context = testLoadContext(database);
    const request = new Request(`${TEST_ORIGIN}/auth/sign-out`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: `redirectTo=${target}`,
    });
    let outcome: unknown;
    try {
      outcome = await signOutAction({ request, context, params: {} } as Parameters<typeof signOutAction>[0]);
    } catch (thrown) {
      outcome = thrown;
    }
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(302);
    expect((outcome as Response).headers.get("location")).toBe("/");
  });
});
