import { describe, expect, it } from "vitest";
import {
  changeText,
  changesInOneLine,
  describeChanges,
  entrySummary,
  fieldLabel,
  HIDDEN_VALUE,
  humanise,
  roleLabel,
  shorten,
  type DescribedEntry,
} from "./describe-change";

const options = { currency: "GHS", timeZone: "Africa/Accra" } as const;
const entry = (overrides: Partial<DescribedEntry>): DescribedEntry => ({
  kind: "product",
  operation: "changed",
  subjectLabel: "Royal Kente Kaftan",
  changes: {},
  ...overrides,
});
const lines = (e: DescribedEntry) => describeChanges(e, options).map((line) => changeText(line));

describe("an activity entry in words", () => {
  it("says what was done to what", () => {
    expect(entrySummary(entry({}))).toBe("Changed product Royal Kente Kaftan");
    expect(entrySummary(entry({ kind: "refund", operation: "created", subjectLabel: "ORD-123456" }))).toBe(
      "Created refund on order ORD-123456",
    );
    expect(entrySummary(entry({ kind: "discount code", operation: "removed", subjectLabel: "KENTE10" }))).toBe(
      "Removed discount code KENTE10",
    );
    expect(entrySummary(entry({ kind: "setting", subjectLabel: "storeName" }))).toBe("Changed setting Store name");
    expect(entrySummary(entry({ kind: "note", operation: "created", subjectLabel: null }))).toBe("Created note");
  });

  it("shows prices in cedi, stock as counts and statuses as the admin writes them", () => {
    expect(lines(entry({ changes: { price: [29999, 30099] } }))).toEqual(["Price: ₵299.99 → ₵300.99"]);
    expect(lines(entry({ kind: "variant", changes: { stock: [5, 3] } }))).toEqual(["Stock: 5 → 3"]);
    expect(
      lines(entry({ kind: "order", changes: { order_status: ["paid", "shipped"], payment_status: ["pending", "partially_refunded"] } })),
    ).toEqual(["Status: Paid → Shipped", "Payment: Pending → Partially refunded"]);
    expect(lines(entry({ changes: { original_price: [null, 35000], is_active: [true, false] } }))).toEqual([
      "Original price: none → ₵350.00",
      "Active on the storefront: yes → no",
    ]);
  });

  it("lists what an addition holds and what a removal held, without arrows", () => {
    const created = entry({ kind: "refund", operation: "created", changes: { amount: [null, 5000], reason: [null, "Too small"] } });
    expect(lines(created)).toEqual(["Amount: ₵50.00", "Reason: Too small"]);
    const removed = entry({ kind: "shipping zone", operation: "removed", changes: { fee: [2500, null], name: ["Accra", null] } });
    expect(lines(removed)).toEqual(["Name: Accra", "Fee: ₵25.00"]);
  });

  it("says a secret changed without its value", () => {
    const invitation = entry({ kind: "invitation", changes: { token_hash: "hidden", revoked_at: [null, "2026-12-04T10:30:00+00:00"] } });
    expect(lines(invitation)).toEqual(["Revoked: none → 4 Dec 2026, 10:30", `Link: ${HIDDEN_VALUE}`]);
    // A setting holding a secret is never shown, whatever was recorded.
    expect(lines(entry({ kind: "setting", subjectLabel: "auth_secret", changes: { value: [null, "s3cret"] } }))).toEqual([
      `Sign-in secret: ${HIDDEN_VALUE}`,
    ]);
  });

  it("names a setting by its key and reads its amount in cedi", () => {
    expect(lines(entry({ kind: "setting", subjectLabel: "confirmRefundsAbove", changes: { value: [100000, 250000] } }))).toEqual([
      "Confirm refunds above: ₵1,000.00 → ₵2,500.00",
    ]);
    expect(lines(entry({ kind: "setting", subjectLabel: "depositPercent", changes: { value: [50, 40] } }))).toEqual([
      "Deposit (%): 50% → 40%",
    ]);
    expect(lines(entry({ kind: "setting", subjectLabel: "taxes", changes: { tin: ["", "C0012345678"] } }))).toEqual([
      "TIN: empty → C0012345678",
    ]);
  });

  it("reads a discount code's value as a percentage or an amount by its type", () => {
    const percent = entry({ kind: "discount code", operation: "created", changes: { kind: [null, "percentage"], value: [null, 10] } });
    expect(lines(percent)).toEqual(["Type: Percentage", "Discount: 10%"]);
    // A change of value alone: the type comes from the code itself (looked up by the server).
    expect(lines(entry({ kind: "discount code", discountKind: "fixed", changes: { value: [5000, 7500] } }))).toEqual([
      "Discount: ₵50.00 → ₵75.00",
    ]);
    expect(lines(entry({ kind: "discount code", changes: { value: [10, 15] } }))).toEqual(["Discount: 10 → 15"]);
  });

  it("joins lists, writes roles as labels, and puts bookkeeping last", () => {
    const created = entry({
      operation: "created",
      changes: { id: [null, 12], sizes: [null, ["S", "M", "L"]], name: [null, "Agbada"], slug: [null, "agbada"] },
    });
    const described = describeChanges(created, options);
    expect(described.map((l) => l.field)).toEqual(["name", "sizes", "id", "slug"]);
    expect(described.map((l) => l.technical)).toEqual([false, false, true, true]);
    expect(changeText(described[1]!)).toBe("Sizes: S, M, L");
    expect(lines(entry({ kind: "staff member", changes: { role: ["staff", "manager"] } }))).toEqual(["Role: Staff → Manager"]);
    expect(roleLabel("accountant")).toBe("Accountant");
    expect(roleLabel(null)).toBeNull();
  });

  it("shortens long values for the list and keeps them whole for details and the CSV", () => {
    const long = "Hand-woven kente in gold and green, lined in silk, cut to order in our Accra workshop by master tailors.";
    const change = describeChanges(entry({ changes: { description: ["Short", long] } }), options)[0]!;
    expect(changeText(change, 40)).toBe("Description: Short → Hand-woven kente in gold and green,…");
    expect(changeText(change)).toBe(`Description: Short → ${long}`);
    expect(changesInOneLine(entry({ changes: { price: [100, 200], stock: [1, 2] } }), options)).toBe("Price: ₵1.00 → ₵2.00; Stock: 1 → 2");
    expect(shorten("a\n  b")).toBe("a b");
  });

  it("writes JSON it has no words for as JSON, and unknown columns by their name", () => {
    expect(lines(entry({ kind: "quote", changes: { lines: [[{ label: "Kaftan", amount: 100 }], []] } }))).toEqual([
      'Lines: [{"label":"Kaftan","amount":100}] → none',
    ]);
    expect(fieldLabel("product", "some_new_column")).toBe("Some new column");
    expect(humanise("zeroRatedZoneIds")).toBe("Zero rated zone ids");
  });
});
