import { parseArgs } from "node:util";
import { startPaystackStandIn } from "../tests/support/paystack-stand-in";

/**
 * npx tsx scripts/paystack-stand-in.ts [--port 4010] [--host 127.0.0.1]
 *   [--webhook http://localhost:3000/api/webhooks/paystack] [--mobile-money-delay 8000]
 *
 * Runs the local Paystack stand-in (tests/support/paystack-stand-in.ts) to try online payments
 * without a Paystack account: a hosted checkout with Approve / Decline / Cancel, signed webhooks
 * to the shop in the shapes Paystack publishes (refund.pending → processing → processed, disputes).
 * The secret key comes from PAYSTACK_SECRET_KEY (a test key; live keys are refused).
 * Change its behaviour while it runs: POST /__stand-in/knobs with JSON, e.g.
 * {"duplicateWebhooks": 5}, {"failInitialize": true}, {"refundOutcome": "failed"} or
 * {"initializeAnswerLost": 1}; open a dispute with POST /__stand-in/transactions/REF/dispute,
 * then POST /__stand-in/disputes/ID/remind or /resolve {"resolution": "merchant-accepted"};
 * GET /__stand-in/transactions, /refunds and /disputes list what it holds.
 */
const usage =
  "Usage: npx tsx scripts/paystack-stand-in.ts [--port 4010] [--host 127.0.0.1] [--webhook http://localhost:3000/api/webhooks/paystack] [--mobile-money-delay ms]";

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      webhook: { type: "string", default: "http://localhost:3000/api/webhooks/paystack" },
      "mobile-money-delay": { type: "string", default: "8000" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) return console.info(usage);
  const port = Number(values.port);
  const delay = Number(values["mobile-money-delay"]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number.\n${usage}`);
  if (!Number.isInteger(delay) || delay < 0) throw new Error(`--mobile-money-delay must be a number of milliseconds.\n${usage}`);

  const secretKey = process.env.PAYSTACK_SECRET_KEY || "sk_test_standin_0000000000000000";
  const standIn = await startPaystackStandIn({
    secretKey,
    port,
    host: values.host,
    webhookUrl: values.webhook || null,
    mobileMoneyApprovalDelayMs: delay,
  });
  const shownKey = process.env.PAYSTACK_SECRET_KEY ? "$PAYSTACK_SECRET_KEY" : secretKey;
  console.info(`Paystack stand-in on ${standIn.url} (test mode: no real money moves).`);
  console.info(`Webhooks go to ${values.webhook || "(nowhere: pass --webhook URL)"}, signed with the secret key.`);
  console.info(`Mobile money stays "Approve on your phone" for ${delay} ms after Approve.`);
  console.info("");
  console.info("Point the shop at it (in another terminal):");
  console.info(
    `  PAYSTACK_SECRET_KEY=${shownKey} PAYSTACK_PUBLIC_KEY=pk_test_standin_0000000000000000 PAYSTACK_API_URL=${standIn.url} npm start`,
  );
  console.info("");
  const post = (path: string, body: string) =>
    `curl -X POST ${standIn.url}/__stand-in/${path} -H 'Content-Type: application/json' -d '${body}'`;
  console.info("Knobs, e.g. duplicate every webhook three times:");
  console.info(`  ${post("knobs", '{"duplicateWebhooks":3}')}`);
  console.info('Refunds fail from now on ("needs-attention" too; "processed" to go back):');
  console.info(`  ${post("knobs", '{"refundOutcome":"failed"}')}`);
  console.info("The next Pay now creates the transaction but its answer is lost:");
  console.info(`  ${post("knobs", '{"initializeAnswerLost":1}')}`);
  console.info(`A dispute on a paid transaction (references: ${standIn.url}/__stand-in/transactions), then remind, resolve:`);
  console.info(`  ${post("transactions/REFERENCE/dispute", '{"message":"Never arrived"}')}`);
  console.info(`  ${post("disputes/ID/remind", "{}")}`);
  console.info(`  ${post("disputes/ID/resolve", '{"resolution":"merchant-accepted"}')}`);
  console.info(`What it holds: ${standIn.url}/__stand-in/transactions, /refunds and /disputes. Ctrl+C stops it.`);

  const stop = () => {
    void standIn.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
