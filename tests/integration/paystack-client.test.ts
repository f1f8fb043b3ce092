import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createPaystackClient,
  createRefund,
  initializeTransaction,
  type InitializeTransactionInput,
  PaystackError,
  type PaystackErrorKind,
  parsePaystackEvent,
  verifyTransaction,
} from "~/modules/payments/paystack-client.server";
import { isValidPaystackSignature } from "~/modules/payments/paystack-signature.server";
import { defaultKnobs, type PaystackStandIn, startPaystackStandIn } from "../support/paystack-stand-in";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/** The Paystack client against the local stand-in: a real HTTP server speaking Paystack's shapes. */

const secretKey = "sk_test_client_0123456789abcdef";
let standIn: PaystackStandIn;
let receiver: WebhookReceiver;
let paystack: ReturnType<typeof createPaystackClient>;

const newReference = () => `AHF-${crypto.randomBytes(12).toString("hex")}`;
const order = (overrides: Partial<InitializeTransactionInput> = {}): InitializeTransactionInput => ({
  email: "kofi@example.com",
  amount: 123456,
  currency: "GHS",
  reference: newReference(),
  callbackUrl: "http://shop.test/checkout/paid?order=ORD-0001",
  channels: ["card"],
  metadata: { orderNumber: "ORD-0001" },
  ...overrides,
});

async function paystackError(promise: Promise<unknown>, kind: PaystackErrorKind): Promise<PaystackError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaystackError);
  const failure = error as PaystackError;
  expect(failure.kind).toBe(kind);
  expect(failure.message).not.toContain(secretKey);
  expect(JSON.stringify(failure)).not.toContain(secretKey);
  expect(String(failure.stack)).not.toContain(secretKey);
  expect(String(failure.cause ?? "")).not.toContain(secretKey);
  return failure;
}

/** The hosted checkout page, fetched as a browser would, and its form posted (redirects not followed). */
async function openCheckout(authorizationUrl: string) {
  const response = await fetch(authorizationUrl);
  expect(response.status).toBe(200);
  return response.text();
}
async function press(authorizationUrl: string, action: "approve" | "decline", form: Record<string, string> = {}) {
  return fetch(`${authorizationUrl}/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}
function expectCallback(response: Response, reference: string) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe("http://shop.test/checkout/paid");
  expect(location.searchParams.get("order")).toBe("ORD-0001");
  expect(location.searchParams.get("trxref")).toBe(reference);
  expect(location.searchParams.get("reference")).toBe(reference);
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A tiny server that answers whatever a test scripts, for shapes the stand-in never sends. */
async function scriptedServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startPaystackStandIn({ secretKey, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
  paystack = createPaystackClient({ secretKey, apiUrl: standIn.url, timeoutMs: 2000 });
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await standIn.idle();
  standIn.setKnobs({ ...defaultKnobs, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
  receiver.received.length = 0;
});

describe("paying through the hosted checkout", () => {
  it("card: initialise → hosted page → Approve → verify says success, with brand, last 4 and fees; a signed charge.success follows", async () => {
    const input = order();
    const started = await paystack.initializeTransaction(input);
    expect(started.reference).toBe(input.reference);
    expect(started.accessCode).not.toBe("");
    expect(started.authorizationUrl.startsWith(`${standIn.url}/checkout/`)).toBe(true);

    const page = await openCheckout(started.authorizationUrl);
    expect(page).toContain("<h1>Paystack (test stand-in)</h1>");
    expect(page).toContain("GHS 1,234.56");
    expect(page).toContain("kofi@example.com");
    expect(page).toMatch(/<dt>Channel<\/dt><dd>Card<\/dd>/);
    expect(page).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(page).toMatch(/<button[^>]*>Decline<\/button>/);
    expect(page).toMatch(/<a [^>]*>Cancel<\/a>/);

    const before = await paystack.verifyTransaction(input.reference);
    expect(before.status).not.toBe("success");
    expect(before.paidAt).toBeNull();

    expectCallback(await press(started.authorizationUrl, "approve", { channel: "card" }), input.reference);

    const verified = await paystack.verifyTransaction(input.reference);
    expect(verified).toMatchObject({
      reference: input.reference,
      status: "success",
      amount: 123456,
      currency: "GHS",
      channel: "card",
      fees: 2407, // 1.95% of 123456, rounded
      card: { brand: "visa", last4: "4081" },
      mobileMoney: null,
      gatewayResponse: "Approved",
      customerEmail: "kofi@example.com",
    });
    expect(verified.paidAt).toBeInstanceOf(Date);
    expect(Math.abs(verified.paidAt!.getTime() - Date.now())).toBeLessThan(60_000);

    await standIn.idle();
    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    expect(webhook!.method).toBe("POST");
    expect(webhook!.headers["content-type"]).toBe("application/json");
    expect(isValidPaystackSignature(webhook!.rawBody, webhook!.headers["x-paystack-signature"], secretKey)).toBe(true);
    const event = parsePaystackEvent(webhook!.rawBody);
    expect(event.kind === "charge" && event.event === "charge.success" && event.transaction).toMatchObject({
      reference: input.reference,
      status: "success",
      amount: 123456,
      card: { brand: "visa", last4: "4081" },
    });
  });

  it("Decline → redirected to the callback, verify says failed, no charge event", async () => {
    const input = order();
    const started = await initializeTransaction({ secretKey, apiUrl: standIn.url }, input);
    expectCallback(await press(started.authorizationUrl, "decline"), input.reference);
    const verified = await verifyTransaction({ secretKey, apiUrl: standIn.url }, input.reference);
    expect(verified).toMatchObject({ status: "failed", paidAt: null, card: null, gatewayResponse: "Declined" });
    await standIn.idle();
    expect(receiver.received).toHaveLength(0);
  });

  it("Cancel → redirected to the callback, verify says abandoned", async () => {
    const input = order();
    const started = await paystack.initializeTransaction(input);
    const response = await fetch(`${started.authorizationUrl}/cancel`, { redirect: "manual" });
    expectCallback(response, input.reference);
    expect((await paystack.verifyTransaction(input.reference)).status).toBe("abandoned");
  });

  it("mobile money: pending ('Approve on your phone') until the delay passes, then success with network and masked number", async () => {
    standIn.setKnobs({ mobileMoneyApprovalDelayMs: 400 });
    const input = order({ channels: ["mobile_money"], amount: 25000 });
    const started = await paystack.initializeTransaction(input);
    const page = await openCheckout(started.authorizationUrl);
    expect(page).toMatch(/<dt>Channel<\/dt><dd>Mobile money<\/dd>/);
    expect(page).toContain("Mobile number");

    const approved = await press(started.authorizationUrl, "approve", { channel: "mobile_money", network: "Telecel", phone: "0241234567" });
    expect(approved.status).toBe(200);
    const waiting = await approved.text();
    expect(waiting).toContain("Approve on your phone");
    expect(waiting).toContain(`trxref=${input.reference}`);

    const pending = await paystack.verifyTransaction(input.reference);
    expect(["pending", "ongoing"]).toContain(pending.status);
    expect(pending.paidAt).toBeNull();
    expect(receiver.received).toHaveLength(0);

    await until(async () => (await paystack.verifyTransaction(input.reference)).status === "success");
    const verified = await paystack.verifyTransaction(input.reference);
    expect(verified).toMatchObject({
      amount: 25000,
      channel: "mobile_money",
      fees: 488, // 1.95% of 25000, rounded
      card: null,
      mobileMoney: { network: "Telecel", maskedNumber: "•••567" },
    });
    expect(JSON.stringify(verified)).not.toContain("0241234");
    await standIn.idle();
    expect(receiver.received.map((w) => JSON.parse(w.rawBody).event)).toEqual(["charge.success"]);
  });
});

describe("failures, each as one PaystackError kind, never carrying the secret", () => {
  it("a wrong secret key is refused (401, Paystack's message)", async () => {
    const error = await paystackError(
      initializeTransaction({ secretKey: "sk_test_wrong_000000000000", apiUrl: standIn.url }, order()),
      "refused",
    );
    expect(error.httpStatus).toBe(401);
    expect(error.providerMessage).toBe("Invalid key");
    expect(error.message).not.toContain("sk_test_wrong_000000000000");
  });

  it("what Paystack refuses: unknown reference, duplicate reference, a reference with characters Paystack does not allow", async () => {
    const unknown = await paystackError(paystack.verifyTransaction("AHF-nobody"), "refused");
    expect(unknown.providerMessage).toBe("Transaction reference not found");
    const input = order();
    await paystack.initializeTransaction(input);
    const duplicate = await paystackError(paystack.initializeTransaction(input), "refused");
    expect(duplicate.providerMessage).toBe("Duplicate Transaction Reference");
    await paystackError(paystack.initializeTransaction(order({ reference: "AHF-with_underscore" })), "refused");
    await paystackError(paystack.initializeTransaction(order({ email: "not-an-email" })), "refused");
  });

  it("unreachable: the stand-in closes the socket, or nothing listens on the port", async () => {
    standIn.setKnobs({ unreachable: true });
    await paystackError(paystack.initializeTransaction(order()), "unreachable");
    await paystackError(paystack.verifyTransaction("AHF-any"), "unreachable");
    standIn.setKnobs({ unreachable: false });

    const gone = await scriptedServer(() => undefined);
    await gone.close();
    await paystackError(verifyTransaction({ secretKey, apiUrl: gone.url }, "AHF-any"), "unreachable");
  });

  it("slower than the time-out: unreachable, and the call gives up on time", async () => {
    const input = order();
    await paystack.initializeTransaction(input);
    standIn.setKnobs({ verifyDelayMs: 3000 });
    const started = Date.now();
    const error = await paystackError(
      verifyTransaction({ secretKey, apiUrl: standIn.url, timeoutMs: 200 }, input.reference),
      "unreachable",
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error.message).toContain("200 ms");
    // Faster than the time-out, the same call works.
    standIn.setKnobs({ verifyDelayMs: 50 });
    expect((await verifyTransaction({ secretKey, apiUrl: standIn.url, timeoutMs: 2000 }, input.reference)).reference).toBe(input.reference);
  });

  it("a 500 is the server's failure; a status:false refusal is refused", async () => {
    standIn.setKnobs({ failInitialize: true });
    const server = await paystackError(paystack.initializeTransaction(order()), "server");
    expect(server.httpStatus).toBe(500);
    standIn.setKnobs({ failInitialize: "refused" });
    await paystackError(paystack.initializeTransaction(order()), "refused");
    standIn.setKnobs({ failInitialize: false, failVerify: "server-error" });
    await paystackError(paystack.verifyTransaction("AHF-any"), "server");
  });

  it("answers missing documented fields are invalid answers, for every call", async () => {
    const input = order();
    await paystack.initializeTransaction(input);
    standIn.approve(input.reference);
    standIn.setKnobs({ malformedAnswers: true });
    await paystackError(paystack.initializeTransaction(order()), "invalid-answer");
    const verify = await paystackError(paystack.verifyTransaction(input.reference), "invalid-answer");
    expect(verify.message).toContain("amount");
    await paystackError(paystack.createRefund({ transaction: input.reference }), "invalid-answer");
  });

  it("answers the stand-in would never give: another reference, a checkout URL that is not http(s), HTML, a redirect", async () => {
    const answers: Array<{ status: number; body: string; headers?: Record<string, string> }> = [];
    const server = await scriptedServer((_req, res) => {
      const next = answers.shift()!;
      res.writeHead(next.status, { "Content-Type": "application/json", ...next.headers }).end(next.body);
    });
    const config = { secretKey, apiUrl: server.url };
    try {
      const input = order();
      answers.push({
        status: 200,
        body: JSON.stringify({
          status: true,
          message: "ok",
          data: { authorization_url: "https://checkout.paystack.com/x", access_code: "x", reference: "AHF-someone-else" },
        }),
      });
      await paystackError(initializeTransaction(config, input), "invalid-answer");
      answers.push({
        status: 200,
        body: JSON.stringify({
          status: true,
          message: "ok",
          data: { authorization_url: "javascript:alert(1)", access_code: "x", reference: input.reference },
        }),
      });
      await paystackError(initializeTransaction(config, input), "invalid-answer");
      answers.push({ status: 200, body: "<html>Gateway</html>", headers: { "Content-Type": "text/html" } });
      await paystackError(verifyTransaction(config, input.reference), "invalid-answer");
      answers.push({ status: 502, body: "<html>Bad gateway</html>", headers: { "Content-Type": "text/html" } });
      await paystackError(verifyTransaction(config, input.reference), "server");
      answers.push({ status: 302, body: "", headers: { Location: "http://elsewhere.test/" } });
      await paystackError(verifyTransaction(config, input.reference), "invalid-answer");
      answers.push({
        status: 200,
        body: JSON.stringify({
          status: true,
          message: "ok",
          data: { ...standIn.transactionData((await paystack.initializeTransaction(order())).reference), reference: "AHF-other" },
        }),
      });
      await paystackError(verifyTransaction(config, input.reference), "invalid-answer");
    } finally {
      await server.close();
    }
  });

  it("a server that echoes the Authorization header back: the secret is blanked out of the error", async () => {
    const server = await scriptedServer((req, res) => {
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ status: false, message: `Bad header ${req.headers.authorization}` }));
    });
    try {
      const error = await paystackError(verifyTransaction({ secretKey, apiUrl: server.url }, "AHF-1"), "refused");
      expect(error.providerMessage).toContain("Bad header Bearer");
      expect(error.providerMessage).not.toContain(secretKey);
      expect(error.message).not.toContain("0123456789abcdef");
      // A key of another shape is blanked out all the same.
      const oddKey = "standin-odd-shaped-secret-42";
      const odd = await paystackError(verifyTransaction({ secretKey: oddKey, apiUrl: server.url }, "AHF-1"), "refused");
      expect(`${odd.message} ${odd.providerMessage}`).not.toContain(oddKey);
    } finally {
      await server.close();
    }
  });

  it("anything shaped like a Paystack secret key is blanked out of Paystack's message", async () => {
    const server = await scriptedServer((_req, res) => {
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ status: false, message: "Key sk_live_abcdef0123456789 is not allowed" }));
    });
    try {
      const error = await paystackError(verifyTransaction({ secretKey, apiUrl: server.url }, "AHF-1"), "refused");
      expect(error.providerMessage).toContain("is not allowed");
      expect(`${error.message} ${error.providerMessage}`).not.toContain("abcdef0123456789");
    } finally {
      await server.close();
    }
  });
});

describe("refunds", () => {
  async function paidTransaction(amount = 100000) {
    const input = order({ amount });
    await paystack.initializeTransaction(input);
    standIn.approve(input.reference);
    await standIn.idle();
    receiver.received.length = 0;
    return input.reference;
  }

  it("in full: queued, then refund.pending, refund.processing and refund.processed (signed, in order) arrive and verify says reversed", async () => {
    const reference = await paidTransaction();
    const refund = await paystack.createRefund({ transaction: reference, merchantNote: "Wrong size" });
    expect(refund).toMatchObject({ status: "pending", amount: 100000, currency: "GHS", transactionReference: reference });
    expect(refund.id).toMatch(/^\d+$/);
    await standIn.idle();
    expect(receiver.received.map((w) => JSON.parse(w.rawBody).event)).toEqual(["refund.pending", "refund.processing", "refund.processed"]);
    const webhook = receiver.received[2];
    expect(isValidPaystackSignature(webhook!.rawBody, webhook!.headers["x-paystack-signature"], secretKey)).toBe(true);
    // As Paystack publishes it: no refund id, the amount as a string, Paystack's refund reference.
    expect(JSON.parse(webhook!.rawBody).data).toMatchObject({ amount: "100000", refund_reference: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(webhook!.rawBody).data).not.toHaveProperty("id");
    expect(parsePaystackEvent(webhook!.rawBody)).toEqual({
      kind: "refund",
      event: "refund.processed",
      refund: {
        refundId: null,
        refundReference: expect.stringMatching(/^\d+$/),
        status: "processed",
        amount: 100000,
        currency: "GHS",
        transactionReference: reference,
        merchantNote: null,
      },
    });
    expect(standIn.refunds().find((r) => String(r.id) === refund.id)).toMatchObject({ status: "processed", merchantNote: "Wrong size" });
    expect((await paystack.verifyTransaction(reference)).status).toBe("reversed");
    await paystackError(paystack.createRefund({ transaction: reference }), "refused");
  });

  it("in part, never more than what is left; an unpaid transaction is refused", async () => {
    const reference = await paidTransaction(100000);
    expect((await createRefund({ secretKey, apiUrl: standIn.url }, { transaction: reference, amount: 30000 })).amount).toBe(30000);
    expect((await paystack.createRefund({ transaction: reference, amount: 50000 })).amount).toBe(50000);
    const tooMuch = await paystackError(paystack.createRefund({ transaction: reference, amount: 20001 }), "refused");
    expect(tooMuch.httpStatus).toBe(400);
    expect((await paystack.createRefund({ transaction: reference })).amount).toBe(20000);
    await standIn.idle();
    const processed = receiver.received.map((w) => JSON.parse(w.rawBody)).filter((e) => e.event === "refund.processed");
    expect(processed.map((e) => e.data.amount).sort()).toEqual(["20000", "30000", "50000"]);

    const unpaid = order();
    await paystack.initializeTransaction(unpaid);
    await paystackError(paystack.createRefund({ transaction: unpaid.reference }), "refused");
    await paystackError(paystack.createRefund({ transaction: "AHF-nobody" }), "refused");
    await expect(paystack.createRefund({ transaction: reference, amount: 0 })).rejects.toBeInstanceOf(RangeError);
  });

  it("refundOutcome failed: refund.failed, and the amount can be refunded again", async () => {
    const reference = await paidTransaction(5000);
    standIn.setKnobs({ refundOutcome: "failed", refundDelayMs: 100 });
    await paystack.createRefund({ transaction: reference });
    expect(standIn.refunds().at(-1)!.status).toBe("pending");
    await standIn.idle();
    expect(receiver.received.map((w) => JSON.parse(w.rawBody).event)).toEqual(["refund.pending", "refund.processing", "refund.failed"]);
    expect(JSON.parse(receiver.received[2]!.rawBody)).toMatchObject({
      event: "refund.failed",
      data: { status: "failed", transaction_reference: reference, amount: 5000, refund_reference: expect.stringMatching(/^TRF_/) },
    });
    expect((await paystack.verifyTransaction(reference)).status).toBe("success");
    standIn.setKnobs({ refundOutcome: "processed", refundDelayMs: 0 });
    expect((await paystack.createRefund({ transaction: reference })).amount).toBe(5000);
  });
});

describe("the stand-in's webhook knobs", () => {
  async function pay() {
    const input = order();
    await paystack.initializeTransaction(input);
    standIn.approve(input.reference);
    await standIn.idle();
    return input.reference;
  }

  it("duplicates each event, with the same body and a valid signature", async () => {
    standIn.setKnobs({ duplicateWebhooks: 5 });
    await pay();
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((w) => w.rawBody)).size).toBe(1);
    expect(receiver.received.every((w) => isValidPaystackSignature(w.rawBody, w.headers["x-paystack-signature"], secretKey))).toBe(true);
  });

  it("retries until it gets a 200, with a short backoff", async () => {
    receiver.answerWith(500, 503);
    await pay();
    expect(receiver.received).toHaveLength(3);
    expect(
      standIn
        .webhookDeliveries()
        .slice(-3)
        .map((d) => [d.try, d.status]),
    ).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it("badSignature: well-formed but wrong; wrongAmount / wrongCurrency: verify and events report another amount and currency", async () => {
    standIn.setKnobs({ badSignature: true, wrongAmount: true, wrongCurrency: true });
    const reference = await pay();
    const [webhook] = receiver.received;
    expect(webhook!.headers["x-paystack-signature"]).toMatch(/^[0-9a-f]{128}$/);
    expect(isValidPaystackSignature(webhook!.rawBody, webhook!.headers["x-paystack-signature"], secretKey)).toBe(false);
    const event = JSON.parse(webhook!.rawBody);
    expect(event.data.amount).not.toBe(123456);
    expect(event.data.currency).toBe("USD");
    const verified = await paystack.verifyTransaction(reference);
    expect(verified.amount).not.toBe(123456);
    expect(verified.currency).toBe("USD");
    expect(standIn.transaction(reference)!.amount).toBe(123456);
  });

  it("webhookDelayMs holds events back", async () => {
    standIn.setKnobs({ webhookDelayMs: 300 });
    const input = order();
    await paystack.initializeTransaction(input);
    standIn.approve(input.reference);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    await standIn.idle();
    expect(receiver.received).toHaveLength(1);
  });

  it("sendEvent replays, forges or drops the signature; knobs can be set over HTTP", async () => {
    const reference = await pay();
    receiver.received.length = 0;
    await standIn.sendEvent("charge.success", standIn.transactionData(reference));
    await standIn.sendEvent("charge.success", standIn.transactionData(reference), { signature: null });
    await standIn.sendEvent("charge.success", standIn.transactionData(reference), { signature: "0".repeat(128) });
    const [replayed, unsigned, forged] = receiver.received;
    expect(isValidPaystackSignature(replayed!.rawBody, replayed!.headers["x-paystack-signature"], secretKey)).toBe(true);
    expect(unsigned!.headers["x-paystack-signature"]).toBeUndefined();
    expect(isValidPaystackSignature(forged!.rawBody, forged!.headers["x-paystack-signature"], secretKey)).toBe(false);

    const response = await fetch(`${standIn.url}/__stand-in/knobs`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ duplicateWebhooks: 2, failVerify: "refused" }),
    });
    expect(response.status).toBe(200);
    expect(standIn.knobs()).toMatchObject({ duplicateWebhooks: 2, failVerify: "refused" });
    const refused = await fetch(`${standIn.url}/__stand-in/knobs`, { method: "POST", body: JSON.stringify({ noSuchKnob: 1 }) });
    expect(refused.status).toBe(400);
  });
});
