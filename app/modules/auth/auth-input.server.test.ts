import { describe, expect, it } from "vitest";
import { checkAuthInput } from "./auth-input.server";

/** What reaches better-auth (/api/auth/* bodies and queries): refused with 400 before the database. */
describe("checkAuthInput", () => {
  const refusal = (...inputs: unknown[]) => {
    try {
      checkAuthInput(...inputs);
      return null;
    } catch (error) {
      return error as { statusCode?: number; body?: { code?: string; message?: string } };
    }
  };

  it("lets ordinary input through, and clearing the picture with null", () => {
    expect(
      refusal({ email: "ama@example.com", password: "kente pass\t1", rememberMe: true }, { callbackURL: "/auth/verified" }),
    ).toBeNull();
    expect(refusal({ name: "Ama Mensah", image: null })).toBeNull();
    expect(refusal(undefined, null, [])).toBeNull();
  });

  it.each([
    [{ email: "ama\u0000@example.com" }, "email cannot contain control characters"],
    [{ token: "abc\u001b" }, "token cannot contain control characters"],
    [{ email: `${"a".repeat(250)}@example.com` }, "email can be at most 254 characters"],
    [{ name: "x".repeat(101) }, "name can be at most 100 characters"],
    [{ callbackURL: `/${"x".repeat(2_000)}` }, "callbackURL can be at most 2000 characters"],
    [{ name: null }, "name must be text"],
    [{ email: 123 }, "email must be text"],
    [{ password: { nested: true } }, "password must be text"],
  ])("refuses %j: %s", (body, message) => {
    const error = refusal(body);
    expect(error?.statusCode).toBe(400);
    expect(error?.body).toMatchObject({ code: "INVALID_INPUT", message });
  });

  it("checks the query and path parameters too", () => {
    expect(refusal({}, { token: "a\u0000" })?.body?.message).toBe("token cannot contain control characters");
    expect(refusal({}, {}, { token: "a\u0000" })?.body?.message).toBe("token cannot contain control characters");
  });
});
