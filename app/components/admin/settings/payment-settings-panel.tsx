import { AlertTriangle, CheckCircle2, Copy, ExternalLink, Info } from "lucide";
import { useRef, type ReactNode } from "react";
import { getFormProps } from "@conform-to/react";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";
import type { PaystackConnection } from "~/modules/payments/paystack-connection.server";
import { paystackModeDescriptions } from "~/modules/payments/paystack-mode";
import { paymentSettingsSchema } from "~/modules/settings/settings.schema";
import { DEPOSIT_PERCENT_RANGE, PAYMENT_HOLD_MINUTES, PAYMENT_LINK_HOURS } from "~/modules/settings/store-settings";
import { useIdentityGate } from "~/components/admin/security/use-identity-gate";
import { SettingsSaveBar } from "./settings-save-bar";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";
import { WholeNumberField } from "./whole-number-field";

/** Where Paystack keeps the keys and the webhook URL. */
const PAYSTACK_DEVELOPER_SETTINGS = "https://dashboard.paystack.com/#/settings/developers";

const modeLabels: Record<PaystackConnection["mode"], string> = {
  live: "Live",
  test: "Test",
  "not-connected": "Not connected",
  "unrecognised-key": "Unrecognised key",
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-stone">{label}</dt>
      <dd className="text-sm font-medium text-charcoal">{children}</dd>
    </div>
  );
}

const code = "rounded-sm bg-sand px-1.5 py-0.5 font-mono text-[0.8rem]";

function Notice({ tone, children }: { tone: "warning" | "info"; children: ReactNode }) {
  const icon = tone === "warning" ? AlertTriangle : Info;
  return (
    <p
      className={cn(
        "flex gap-2 rounded-sm border p-3 text-sm",
        tone === "warning" ? "border-yellow-300 bg-yellow-50 text-yellow-950" : "border-border bg-white text-charcoal",
      )}
    >
      <Icon of={icon} className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/**
 * The Payments tab: whether Paystack is connected and in which mode (from the keys' prefixes,
 * never the keys), the webhook URL to paste into Paystack's dashboard, how to connect when it is
 * not, and how long an unpaid online order holds its stock.
 */
export function PaymentSettingsPanel({
  paystack,
  holdMinutes,
  linkHours,
  depositPercent,
  storeCurrency,
}: {
  paystack: PaystackConnection;
  holdMinutes: number;
  linkHours: number;
  depositPercent: number;
  storeCurrency: string;
}) {
  const connected = paystack.mode === "live" || paystack.mode === "test";
  return (
    <div className="grid grid-cols-1 gap-6">
      <SettingsSection
        title="Paystack"
        description="Card Payment and Mobile Money are paid on Paystack's checkout; the shop never sees a card number."
      >
        <p
          role="status"
          data-testid="paystack-status"
          className={cn(
            "mb-4 flex items-start gap-2 rounded-sm border p-3 text-sm",
            connected ? "border-forest/25 bg-forest/5 text-forest" : "border-border bg-white text-charcoal",
          )}
        >
          {connected ? (
            <Icon of={CheckCircle2} className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Icon of={Info} className="mt-0.5 size-4 shrink-0" />
          )}
          <span>
            <span className="font-semibold">
              {connected ? `Connected, ${modeLabels[paystack.mode].toLowerCase()} mode.` : "Not connected."}
            </span>{" "}
            {connected
              ? paystackModeDescriptions[paystack.mode]
              : "Card Payment and Mobile Money are shown at checkout but cannot be chosen; shoppers pay on delivery."}
          </span>
        </p>
        <dl className="divide-y divide-border">
          <Row label="Status">{connected ? "Connected" : "Not connected"}</Row>
          {paystack.mode !== "not-connected" && <Row label="Mode">{modeLabels[paystack.mode]}</Row>}
          <Row label="Secret key">
            {paystack.secretKeyPrefix ? (
              <>
                <code className={code}>{paystack.secretKeyPrefix}…</code>{" "}
                <span className="font-normal text-stone">set (kept on the server)</span>
              </>
            ) : (
              <span className="font-normal text-stone">Not set</span>
            )}
          </Row>
          <Row label="Public key">
            {paystack.publicKeyPrefix ? (
              <code className={code}>{paystack.publicKeyPrefix}…</code>
            ) : (
              <span className="font-normal text-stone">Not set</span>
            )}
          </Row>
          {paystack.standInUrl && (
            <Row label="API">
              <code className={cn(code, "break-all")}>{paystack.standInUrl}</code>{" "}
              <span className="block pt-1 font-normal text-stone">
                Not Paystack&apos;s own API (https://api.paystack.co): a stand-in for trying payments. No real money moves.
              </span>
            </Row>
          )}
        </dl>
        <div className="mt-4 grid gap-3 empty:hidden">
          {paystack.keysDisagree && (
            <Notice tone="warning">
              The secret key is a {paystack.secretKeyPrefix?.slice(3, -1)} key but the public key is a{" "}
              {paystack.publicKeyPrefix?.slice(3, -1)} key. Use both keys of the same mode.
            </Notice>
          )}
          {connected && storeCurrency !== "GHS" && (
            <Notice tone="warning">
              The store currency is {storeCurrency}. Paystack charges cedis here, so Card Payment and Mobile Money stay off until the
              currency is GHS (General tab).
            </Notice>
          )}
        </div>
      </SettingsSection>

      {!connected && <HowToConnect />}

      <WebhookSection paystack={paystack} />

      <HoldTimeForm holdMinutes={holdMinutes} linkHours={linkHours} depositPercent={depositPercent} />
    </div>
  );
}

function HowToConnect() {
  return (
    <SettingsSection
      title="How to connect Paystack"
      description="Keys are server settings, not stored in the shop: nobody can read them here."
    >
      <ol className="grid list-decimal gap-3 pl-5 text-sm text-charcoal marker:font-semibold marker:text-stone">
        <li>
          In Paystack&apos;s dashboard, open{" "}
          <a
            href={PAYSTACK_DEVELOPER_SETTINGS}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-forest underline-offset-4 hover:underline"
          >
            Settings → API Keys &amp; Webhooks
            <Icon of={ExternalLink} className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>{" "}
          and copy the secret and public keys. Start with the test keys.
        </li>
        <li>
          Set them on the server, in the shop&apos;s environment:
          <pre className="mt-2 overflow-x-auto rounded-sm bg-charcoal p-3 font-mono text-xs leading-relaxed text-ivory">
            {"PAYSTACK_SECRET_KEY=sk_test_…\nPAYSTACK_PUBLIC_KEY=pk_test_…"}
          </pre>
        </li>
        <li>Restart the shop. This tab then says Connected, test mode, and Card Payment and Mobile Money open at checkout.</li>
        <li>Paste the webhook URL below into the same page of Paystack&apos;s dashboard.</li>
      </ol>
      <p className="mt-4 text-sm text-stone">
        The README&apos;s section <span className="font-semibold text-charcoal">Paying online</span> walks through it, including trying
        payments on this computer with the local Paystack stand-in before going live.
      </p>
    </SettingsSection>
  );
}

function WebhookSection({ paystack }: { paystack: PaystackConnection }) {
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(paystack.webhookUrl);
      notify.success("Webhook URL copied", { description: "Paste it into Paystack's dashboard as the webhook URL." });
    } catch {
      // No clipboard (an http address other than localhost): select it for the shortcut instead.
      input.current?.select();
      notify("Press Ctrl+C (or ⌘C) to copy the selected URL");
    }
  }
  return (
    <SettingsSection
      title="Webhook"
      description="Paystack tells the shop here when a payment or refund completes. Only messages signed with the secret key are believed."
    >
      <label htmlFor="paystack-webhook-url" className="text-sm font-medium text-charcoal">
        Webhook URL
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="paystack-webhook-url"
          readOnly
          value={paystack.webhookUrl}
          aria-describedby="paystack-webhook-hint"
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full rounded-sm border border-border bg-white px-3 font-mono text-sm text-charcoal focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold/60"
        />
        <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
          <Icon of={Copy} />
          Copy URL
        </Button>
      </div>
      <p id="paystack-webhook-hint" className="mt-1.5 text-xs text-stone">
        In Paystack&apos;s dashboard: Settings → API Keys &amp; Webhooks → Webhook URL (for the mode you use).
      </p>
      {paystack.webhookUnreachable && (
        <div className="mt-3">
          <Notice tone="warning">
            Paystack cannot reach this address from the internet. Set <code className={code}>PUBLIC_URL</code> to the shop&apos;s public
            https address (for local tries, the stand-in calls it directly).
          </Notice>
        </div>
      )}
    </SettingsSection>
  );
}

function HoldTimeForm({ holdMinutes, linkHours, depositPercent }: { holdMinutes: number; linkHours: number; depositPercent: number }) {
  const { fetcher, form, fields, busy, message } = useSettingsForm({
    intent: "payments",
    schema: paymentSettingsSchema,
    defaultValue: {
      paymentHoldMinutes: String(holdMinutes),
      paymentLinkHours: String(linkHours),
      depositPercent: String(depositPercent),
    },
  });
  // Payment settings ask "Confirm it's you" on a sign-in older than 15 minutes (decision 048).
  const gate = useIdentityGate();
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={gate.gatedSubmit("save the payment settings", formProps.onSubmit)}
      className="grid grid-cols-1 gap-6"
    >
      {gate.dialog}
      <input type="hidden" name="intent" value="payments" />
      <SettingsSection
        title="Unpaid online orders"
        description="An order paid by card or mobile money keeps its stock while the shopper pays. Still unpaid after this time, it is cancelled (after one last check with Paystack), its stock returns and the shopper is emailed."
      >
        <WholeNumberField
          field={fields.paymentHoldMinutes}
          label="Hold time (minutes)"
          hint={`From ${PAYMENT_HOLD_MINUTES.min} minutes to ${PAYMENT_HOLD_MINUTES.max} (7 days). Default ${PAYMENT_HOLD_MINUTES.default}.`}
          bounds={PAYMENT_HOLD_MINUTES}
          className="max-w-xs"
        />
      </SettingsSection>
      <SettingsSection
        title="Payment links"
        description="A link staff send from an order (by email or WhatsApp) lets the customer pay by card or mobile money without an account. It stays open this long; an order placed by staff keeps its stock for as long, then is cancelled unpaid."
      >
        <WholeNumberField
          field={fields.paymentLinkHours}
          label="Links stay open (hours)"
          hint={`From ${PAYMENT_LINK_HOURS.min} hour to ${PAYMENT_LINK_HOURS.max} (30 days). Default ${PAYMENT_LINK_HOURS.default} (3 days).`}
          bounds={PAYMENT_LINK_HOURS}
          className="max-w-xs"
        />
      </SettingsSection>
      <SettingsSection
        title="Deposits"
        description="Made-to-measure and custom pieces are paid in two parts: this deposit when the order is placed, the balance when the garment is ready. Ready-made pieces and delivery are paid in full. At checkout the shopper may pay everything at once."
      >
        <WholeNumberField
          field={fields.depositPercent}
          label="Deposit on bespoke pieces (%)"
          hint={`From ${DEPOSIT_PERCENT_RANGE.min} (no deposit: paid in full) to ${DEPOSIT_PERCENT_RANGE.max}. Default ${DEPOSIT_PERCENT_RANGE.default}.`}
          bounds={DEPOSIT_PERCENT_RANGE}
          className="max-w-xs"
        />
      </SettingsSection>
      <SettingsSaveBar message={message} busy={busy} errorId={form.errorId} label="Save payment settings" />
    </fetcher.Form>
  );
}
