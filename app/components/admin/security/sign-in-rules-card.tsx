import { Save } from "lucide";
import { useId } from "react";
import { SettingsSection } from "~/components/admin/settings/settings-section";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { toDecimalString } from "~/lib/money";
import { useSecurityFetcher } from "./security-forms";
import { useIdentityGate } from "./use-identity-gate";

/** The owner's rules for every staff sign-in (decision 048): the app required of all, and which refunds ask again. */
export function SignInRulesCard({
  required,
  refundsAbove,
  currencySymbol,
}: {
  required: boolean;
  refundsAbove: number;
  currencySymbol: string;
}) {
  const rules = useSecurityFetcher("sign-in-rules");
  const gate = useIdentityGate();
  const id = useId();
  return (
    <SettingsSection
      title="Rules for all staff"
      description="Changes here ask you to confirm it's you when your sign-in is more than 15 minutes old."
    >
      <rules.fetcher.Form method="post" onSubmit={gate.gatedSubmit("change the sign-in rules")} className="grid gap-5">
        {gate.dialog}
        <input type="hidden" name="intent" value="sign-in-rules" />
        <div className="flex items-start justify-between gap-6">
          <div>
            <label htmlFor={`${id}-required`} className="text-sm font-medium text-charcoal">
              Require two-step sign-in of all staff
            </label>
            <p id={`${id}-required-hint`} className="mt-0.5 text-sm text-stone">
              Staff without an authenticator app can then open only this page until they set one up.
            </p>
          </div>
          <Switch id={`${id}-required`} name="staffTwoFactorRequired" defaultChecked={required} aria-describedby={`${id}-required-hint`} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-above`} className="text-sm font-medium text-charcoal">
            Ask again before refunds over
          </label>
          <div className="relative max-w-xs">
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-stone" aria-hidden>
              {currencySymbol}
            </span>
            <Input
              id={`${id}-above`}
              name="confirmRefundsAbove"
              inputMode="decimal"
              defaultValue={toDecimalString(refundsAbove)}
              aria-describedby={`${id}-above-hint`}
              className="pl-7 tabular-nums"
              required
            />
          </div>
          <p id={`${id}-above-hint`} className="text-xs text-stone">
            A larger refund asks for the password or app code when the sign-in is more than 15 minutes old. 0 asks before every refund.
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {rules.refused && <FormAlert inline title={rules.refused} className="mr-auto" />}
          <Button type="submit" disabled={rules.busy}>
            <Icon of={Save} /> {rules.busy ? "Saving…" : "Save rules"}
          </Button>
        </div>
      </rules.fetcher.Form>
    </SettingsSection>
  );
}
