import { describe, expect, it } from "vitest";
import { safeRedirect, validateEmailOnly, validateNewPassword, validateSignIn, validateSignUp } from "./auth.schema";

const missing = { title: "Missing information", description: "Please fill in all fields" };
const mismatch = { title: "Passwords don't match", description: "Please make sure both passwords are the same" };
const tooShort = { title: "Password too short", description: "Password must be at least 6 characters long" };
const badEmail = { title: "Invalid email", description: "Please enter a valid email address" };

const refusal = (message: object) => ({ ok: false, message });

describe("validateSignIn (docs/product-rules.md §5: email and password both required)", () => {
  it.each([
    [{}, "nothing"],
    [{ email: "", password: "" }, "both empty"],
    [{ email: "ama@example.com", password: "" }, "no password"],
    [{ email: "", password: "secret1" }, "no email"],
    [{ email: "   ", password: "secret1" }, "an email of spaces"],
    [{ email: "not-an-email", password: "" }, "a bad email and no password"],
  ])("Missing information for %j (%s)", (input, _case) => {
    expect(validateSignIn(input)).toEqual(refusal(missing));
  });

  it("checks the email's form once both are there", () => {
    expect(validateSignIn({ email: "not-an-email", password: "secret1" })).toEqual(refusal(badEmail));
  });

  it("accepts any non-empty password (the length rule is for new passwords) and trims the email", () => {
    expect(validateSignIn({ email: "  Ama@Example.com ", password: "x" })).toEqual({
      ok: true,
      value: { email: "Ama@Example.com", password: "x" },
    });
  });
});

describe("validateSignUp (docs/product-rules.md §5: all three, then matching, then 6 characters)", () => {
  const ok = { email: "ama@example.com", password: "kente1", confirmPassword: "kente1" };

  it.each([
    [{}, "nothing"],
    [{ ...ok, email: "" }, "no email"],
    [{ ...ok, email: "  " }, "an email of spaces"],
    [{ ...ok, password: "" }, "no password"],
    [{ ...ok, confirmPassword: "" }, "no confirmation"],
    // Missing comes first: it wins over a mismatch and a short password.
    [{ ...ok, password: "abc", confirmPassword: "" }, "short password, no confirmation"],
    [{ email: "", password: "abc", confirmPassword: "abd" }, "no email, short and different passwords"],
  ])("Missing information for %j (%s)", (input, _case) => {
    expect(validateSignUp(input)).toEqual(refusal(missing));
  });

  it("Passwords don't match — before the length rule", () => {
    expect(validateSignUp({ ...ok, confirmPassword: "kente2" })).toEqual(refusal(mismatch));
    expect(validateSignUp({ ...ok, password: "abc", confirmPassword: "abd" })).toEqual(refusal(mismatch));
    // Passwords are compared exactly, without trimming or case folding.
    expect(validateSignUp({ ...ok, confirmPassword: "kente1 " })).toEqual(refusal(mismatch));
    expect(validateSignUp({ ...ok, confirmPassword: "KENTE1" })).toEqual(refusal(mismatch));
  });

  it("Password too short below 6 characters; 6 is enough", () => {
    expect(validateSignUp({ ...ok, password: "abcde", confirmPassword: "abcde" })).toEqual(refusal(tooShort));
    expect(validateSignUp({ ...ok, password: "a", confirmPassword: "a" })).toEqual(refusal(tooShort));
    expect(validateSignUp({ ...ok, password: "abcdef", confirmPassword: "abcdef" }).ok).toBe(true);
  });

  it("refuses a malformed email and a password over 128 characters", () => {
    expect(validateSignUp({ ...ok, email: "ama@" })).toEqual(refusal(badEmail));
    expect(validateSignUp({ ...ok, email: "ama example.com" })).toEqual(refusal(badEmail));
    const long = "x".repeat(129);
    expect(validateSignUp({ ...ok, password: long, confirmPassword: long })).toMatchObject({
      ok: false,
      message: { title: "Password too long" },
    });
    const longest = "x".repeat(128);
    expect(validateSignUp({ ...ok, password: longest, confirmPassword: longest }).ok).toBe(true);
  });

  it("gives the trimmed email and the passwords as typed", () => {
    expect(validateSignUp({ ...ok, email: " ama@example.com  ", password: " kente1", confirmPassword: " kente1" })).toEqual({
      ok: true,
      value: { email: "ama@example.com", password: " kente1", confirmPassword: " kente1" },
    });
  });
});

describe("validateNewPassword (reset page: the same rules as sign-up)", () => {
  it("in order: missing, mismatch, too short; 6 characters pass", () => {
    expect(validateNewPassword({ password: "", confirmPassword: "" })).toEqual(refusal(missing));
    expect(validateNewPassword({ password: "abc", confirmPassword: "" })).toEqual(refusal(missing));
    expect(validateNewPassword({ password: "abc", confirmPassword: "abd" })).toEqual(refusal(mismatch));
    expect(validateNewPassword({ password: "abcde", confirmPassword: "abcde" })).toEqual(refusal(tooShort));
    expect(validateNewPassword({ password: "abcdef", confirmPassword: "abcdef" })).toEqual({ ok: true, value: { password: "abcdef" } });
  });
});

describe("validateEmailOnly (resend and forgot password)", () => {
  it("asks for the email, then checks its form", () => {
    expect(validateEmailOnly({ email: "  " })).toEqual(
      refusal({ title: "Missing information", description: "Please enter your email address" }),
    );
    expect(validateEmailOnly({ email: "nope" })).toEqual(refusal(badEmail));
    expect(validateEmailOnly({ email: " ama@example.com " })).toEqual({ ok: true, value: { email: "ama@example.com" } });
  });
});

describe("safeRedirect (where to go after signing in)", () => {
  it.each([
    "//evil.com",
    "//evil.com/checkout",
    "https://evil.com",
    "http://localhost:3210/checkout",
    "/\\evil.com",
    "javascript:alert(1)",
    "checkout",
    "",
    "/auth",
    "/auth?redirectTo=/auth",
    "/auth/verified",
    "/auth#x",
    "/api/auth/sign-out",
  ])("refuses %j and goes home", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  // Issue 10 item 8: browsers drop tabs and line breaks from a link and read "\" as "/", so each
  // of these was a link to another site ("/\t/evil.example" → http://evil.example/).
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\\/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/x/..//evil.example",
    "/checkout\rLocation: http://evil.example",
    "/\u0000/evil.example",
    "/AUTH",
    "/API/auth/sign-out",
  ])("refuses %j, which leaves the site or loops, and goes home", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it("refuses a target over 2,000 characters", () => {
    expect(safeRedirect(`/${"x".repeat(2_001)}`)).toBe("/");
    expect(safeRedirect(`/${"x".repeat(1_999)}`)).toBe(`/${"x".repeat(1_999)}`);
  });

  it("gives the normalised path, search and hash", () => {
    expect(safeRedirect("/a/../checkout?step=2#pay")).toBe("/checkout?step=2#pay");
    expect(safeRedirect("/collections/kente wear")).toBe("/collections/kente%20wear");
    expect(safeRedirect("/%09/evil.example")).toBe("/%09/evil.example"); // an escaped tab is a path, not a tab
  });

  it("refuses what is not a string, and uses the fallback given", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(["/checkout"])).toBe("/");
    expect(safeRedirect("//evil.com", "/track-order")).toBe("/track-order");
  });

  it.each(["/checkout?x=1", "/", "/track-order", "/product/6", "/collections/kaftans?sort=price-asc&page=2", "/auth-test"])(
    "keeps the shop's own page %j",
    (target) => {
      expect(safeRedirect(target)).toBe(target);
    },
  );
});
