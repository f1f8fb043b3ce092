import { KeyRound, ShieldCheck, ShieldOff, Smartphone } from "lucide";
import { SettingsSection } from "~/components/admin/settings/settings-section";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { RecoveryCodes } from "./recovery-codes";
import { SecretField, useSecurityFetcher } from "./security-forms";

/**
 * Two-step sign-in for the signed-in staff member (decision 048): off → password → QR code, key
 * and recovery codes → the app's first code turns it on; on → new recovery codes or turn off
 * (unless the owner requires it of everyone).
 */
export function TwoFactorCard({
  enabled,
  required,
  storeName,
  email,
}: {
  enabled: boolean;
  required: boolean;
  storeName: string;
  email: string;
}) {
  return (
    <SettingsSection
      title="Two-step sign-in"
      description="After your password, a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…). Someone who learns your password still cannot sign in."
    >
      <p
        role="status"
        className={cn(
          "mb-5 flex items-center gap-2 rounded-sm border p-3 text-sm",
          enabled ? "border-forest/25 bg-forest/5 text-forest" : "border-border bg-white text-charcoal",
        )}
      >
        <Icon of={enabled ? ShieldCheck : ShieldOff} className="size-4 shrink-0" />
        <span>
          <span className="font-semibold">{enabled ? "On." : "Off."}</span>{" "}
          {enabled ? "Each sign-in asks for a code from your app." : "Your password alone signs you in."}
          {required && " The shop requires it of all staff."}
        </span>
      </p>
      {enabled ? <WhenOn required={required} storeName={storeName} email={email} /> : <SetUp storeName={storeName} email={email} />}
    </SettingsSection>
  );
}

function SetUp({ storeName, email }: { storeName: string; email: string }) {
  const start = useSecurityFetcher("start-setup");
  const finish = useSecurityFetcher("finish-setup");
  const setup = start.fetcher.data?.ok ? start.fetcher.data.setup : undefined;
  if (!setup)
    return (
      <start.fetcher.Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="start-setup" />
        <SecretField
          name="password"
          label="Your password"
          kind="password"
          refused={start.refused}
          hint="To set up the app, confirm your password first."
        />
        <div>
          <Button type="submit" disabled={start.busy}>
            <Icon of={Smartphone} /> {start.busy ? "Preparing…" : "Set up an authenticator app"}
          </Button>
        </div>
      </start.fetcher.Form>
    );
  return (
    <ol className="grid gap-6">
      <li className="grid gap-3">
        <h3 className="font-display text-xl font-semibold">1. Scan this code with your app</h3>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div
            role="img"
            aria-label="QR code to add this shop to your authenticator app"
            className="size-48 shrink-0 rounded-sm border border-border bg-white p-2 [&_svg]:size-full"
            // Our own SVG, drawn on the server from the plugin's otpauth address (two-factor.server.ts).
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="text-sm text-stone">
            Cannot scan? Choose &ldquo;Enter a setup key&rdquo; in the app and type this key:
            <code
              data-testid="two-factor-key"
              className="mt-2 block rounded-sm bg-sand px-2 py-1.5 font-mono text-sm break-all text-charcoal"
            >
              {setup.key}
            </code>
          </p>
        </div>
      </li>
      <li className="grid gap-3">
        <h3 className="font-display text-xl font-semibold">2. Keep your recovery codes</h3>
        <RecoveryCodes codes={setup.recoveryCodes} storeName={storeName} email={email} />
      </li>
      <li>
        <finish.fetcher.Form method="post" className="grid gap-3">
          <h3 className="font-display text-xl font-semibold">3. Enter the code your app shows</h3>
          <input type="hidden" name="intent" value="finish-setup" />
          <SecretField name="code" label="Code from your app" kind="code" refused={finish.refused} />
          <div>
            <Button type="submit" disabled={finish.busy}>
              <Icon of={ShieldCheck} /> {finish.busy ? "Checking…" : "Turn on two-step sign-in"}
            </Button>
          </div>
        </finish.fetcher.Form>
      </li>
    </ol>
  );
}

function WhenOn({ required, storeName, email }: { required: boolean; storeName: string; email: string }) {
  const codes = useSecurityFetcher("new-codes");
  const off = useSecurityFetcher("turn-off");
  const fresh = codes.fetcher.data?.ok ? codes.fetcher.data.recoveryCodes : undefined;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <codes.fetcher.Form method="post" className="grid content-start gap-3">
        <h3 className="font-display text-xl font-semibold">Recovery codes</h3>
        <p className="text-sm text-stone">Used some, or lost them? Make ten new ones; the old ones stop working.</p>
        <input type="hidden" name="intent" value="new-codes" />
        <SecretField name="password" label="Your password" kind="password" refused={codes.refused} />
        <div>
          <Button type="submit" variant="outline" disabled={codes.busy}>
            <Icon of={KeyRound} /> {codes.busy ? "Making…" : "Make new recovery codes"}
          </Button>
        </div>
        {fresh && <RecoveryCodes codes={fresh} storeName={storeName} email={email} />}
      </codes.fetcher.Form>
      {!required && (
        <off.fetcher.Form method="post" className="grid content-start gap-3">
          <h3 className="font-display text-xl font-semibold">Turn off</h3>
          <p className="text-sm text-stone">Your password alone will sign you in again. Your app&apos;s entry stops working.</p>
          <input type="hidden" name="intent" value="turn-off" />
          <SecretField name="password" label="Your password" kind="password" refused={off.refused} />
          <div>
            <Button type="submit" variant="outline" className="text-destructive" disabled={off.busy}>
              <Icon of={ShieldOff} /> {off.busy ? "Turning off…" : "Turn off two-step sign-in"}
            </Button>
          </div>
        </off.fetcher.Form>
      )}
    </div>
  );
}
