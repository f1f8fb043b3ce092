import { describe, expect, it } from "vitest";
import { hasControlCharacter, parseSerialId, plainText, searchParam, serialId } from "./input";
import { parseQuery } from "./bad-request";

describe("hasControlCharacter (what PostgreSQL or the shop will not take in text)", () => {
  it.each(["a\u0000b", "\u0000", "\u0001", "\u001b[31m", "\u007f", "\u000b", "\u000c"])("finds %j", (text) => {
    expect(hasControlCharacter(text)).toBe(true);
  });
  it.each(["", "Ama Mensah", "line\nbreak", "tab\there", "crlf\r\n", "Ámá 🇬🇭 中文", "\uFEFF"])("lets %j through", (text) => {
    expect(hasControlCharacter(text)).toBe(false);
  });
});

describe("plainText (a field's text: no control characters, trimmed, bounded)", () => {
  const name = plainText("Full name", 10);
  it("trims and keeps ordinary text", () => {
    expect(name.parse("  Ama  ")).toBe("Ama");
  });
  it("refuses a NUL with a message naming the field", () => {
    expect(name.safeParse("Ama\u0000").error?.issues[0]?.message).toBe("Full name cannot contain control characters");
  });
  it("refuses over-long text with a message naming the field", () => {
    expect(name.safeParse("x".repeat(11)).error?.issues[0]?.message).toBe("Full name can be at most 10 characters");
    expect(name.parse(` ${"x".repeat(10)} `)).toBe("x".repeat(10));
  });
  it("refuses what is not text", () => {
    expect(name.safeParse(12).success).toBe(false);
  });
});

describe("searchParam (?q= of every list)", () => {
  it("is empty when absent and trimmed when given", () => {
    expect(searchParam.parse(undefined)).toBe("");
    expect(searchParam.parse("  kente ")).toBe("kente");
  });
  it("answers 400 with a message for a NUL or more than 100 characters (parseQuery)", async () => {
    for (const [q, message] of [
      ["a\u0000b", "Search cannot contain control characters"],
      ["y".repeat(5_000), "Search can be at most 100 characters"],
    ] as const) {
      let thrown: unknown;
      try {
        parseQuery(searchParam, q);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
  });
});

describe("parseSerialId (a database id from a URL, a form or JSON)", () => {
  it.each([
    ["1", 1],
    ["2147483647", 2_147_483_647],
    [42, 42],
  ])("reads %j as %d", (value, id) => {
    expect(parseSerialId(value)).toBe(id);
  });
  it.each([
    "0",
    "-1",
    "99999999999",
    "2147483648",
    "9999999999",
    "1.5",
    "1e3",
    "0x10",
    " 7 ",
    "",
    "abc",
    "__proto__",
    1.5,
    1e21,
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(parseSerialId(value)).toBeNull();
  });
  it("as a Zod piece, refuses with the message given", () => {
    expect(serialId("Product not found").safeParse("99999999999").error?.issues[0]?.message).toBe("Product not found");
    expect(serialId("Product not found").parse("8")).toBe(8);
  });
});
