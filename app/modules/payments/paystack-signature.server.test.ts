import { describe, expect, it } from "vitest";
import { isValidPaystackSignature, paystackSignature } from "./paystack-signature.server";

const key = "sk_test_vector_key";
const body = '{"event":"charge.success","data":{"reference":"AHF-1"}}';
// openssl dgst -sha512 -hmac sk_test_vector_key over the exact body above.
const expected =
  "2842d0f7b65e5e5246446f0312df0a6a633738113677d69b9601ff67d80a58fb580ff3b639fd95a7f85dab3370d385fec1c71dbc12de546cd0e2a0550355ff15";

describe("paystackSignature", () => {
  it("is the hex HMAC-SHA512 of the raw body keyed with the secret key", () => {
    expect(paystackSignature(body, key)).toBe(expected);
    expect(paystackSignature(Buffer.from(body, "utf8"), key)).toBe(expected);
  });
});

describe("isValidPaystackSignature", () => {
  it("accepts the right signature, for a string or a Buffer body, in either case of hex", () => {
    expect(isValidPaystackSignature(body, expected, key)).toBe(true);
    expect(isValidPaystackSignature(Buffer.from(body), expected, key)).toBe(true);
    expect(isValidPaystackSignature(body, expected.toUpperCase(), key)).toBe(true);
  });

  it("refuses a tampered body, even one that parses to the same JSON", () => {
    expect(isValidPaystackSignature(body.replace("AHF-1", "AHF-2"), expected, key)).toBe(false);
    expect(isValidPaystackSignature(JSON.stringify(JSON.parse(body), null, 1), expected, key)).toBe(false);
    expect(isValidPaystackSignature(`${body} `, expected, key)).toBe(false);
  });

  it("refuses a signature made with another key, and checks nothing without a key", () => {
    expect(isValidPaystackSignature(body, paystackSignature(body, "sk_test_other_key"), key)).toBe(false);
    expect(isValidPaystackSignature(body, paystackSignature(body, ""), "")).toBe(false);
  });

  it("answers false, without throwing, to a missing, empty, repeated, short, long or non-hex header", () => {
    for (const header of [undefined, null, "", "   ", [expected], [expected, expected]]) {
      expect(isValidPaystackSignature(body, header, key)).toBe(false);
    }
    expect(isValidPaystackSignature(body, expected.slice(0, -1), key)).toBe(false);
    expect(isValidPaystackSignature(body, expected.slice(0, -2), key)).toBe(false);
    expect(isValidPaystackSignature(body, `${expected}00`, key)).toBe(false);
    expect(isValidPaystackSignature(body, `${expected.slice(0, -1)}g`, key)).toBe(false);
    expect(isValidPaystackSignature(body, paystackSignature(body, key).slice(0, 64), key)).toBe(false);
    // A SHA-256 HMAC (64 hex) of the right body and key is not a Paystack signature.
    expect(isValidPaystackSignature(body, "a".repeat(64), key)).toBe(false);
  });
});
