import { AlertTriangle, Save } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { currencySymbols } from "~/lib/money";
import { currencyChangeWarning, storeCurrencies, storeTimezones, type generalSettingsFormValues } from "~/modules/settings/settings.schema";
import { describedBy, SettingsField, SettingsSection } from "./settings-field";
import type { SettingsActionResult } from "./settings-result";
import { settingsFetcherKeys } from "./settings-toasts";

type GeneralValues = ReturnType<typeof generalSettingsFormValues>;

const timezoneLabels: Record<(typeof storeTimezones)[number], string> = {
  "Africa/Accra": "Africa/Accra (GMT, Ghana)",
  UTC: "UTC",
  "America/New_York": "America/New_York (Eastern Time)",
};

/**
 * The General tab: currency, timezone, maintenance mode, shipping, store name and contact.
 * One form, checked on the server with generalSettingsSchema; errors appear under each field.
 */
export function GeneralSettingsForm({ values }: { values: GeneralValues }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys.general });
  const [currency, setCurrency] = useState(values.currency);
  const [maintenance, setMaintenance] = useState(values.maintenanceMode);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "general" ? fetcher.data : undefined;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const symbol = currencySymbols[currency];

  const field = (name: keyof GeneralValues, hint?: string) => ({
    id: `settings-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(`settings-${name}`, { hint, error: errors[name] }),
  });

  return (
    <fetcher.Form method="post" noValidate className="grid grid-cols-1 gap-6">
      <input type="hidden" name="intent" value="general" />
      <SettingsSection title="Store" description="How the shop presents itself on the storefront and in emails.">
        <div className="grid gap-5 md:grid-cols-2">
          <SettingsField id="settings-storeName" label="Store name" error={errors.storeName} className="md:col-span-2">
            <Input {...field("storeName")} defaultValue={values.storeName} maxLength={100} required autoComplete="organization" />
          </SettingsField>
          <SettingsField id="settings-contactEmail" label="Contact email" error={errors.contactEmail}>
            <Input
              {...field("contactEmail")}
              type="email"
              defaultValue={values.contactEmail}
              maxLength={254}
              required
              autoComplete="email"
            />
          </SettingsField>
          <SettingsField id="settings-contactPhone" label="Phone" error={errors.contactPhone}>
            <Input {...field("contactPhone")} type="tel" defaultValue={values.contactPhone} maxLength={40} autoComplete="tel" />
          </SettingsField>
          <SettingsField
            id="settings-contactAddress"
            label="Address"
            hint="One line per line of the address, as shown in the footer and on receipts."
            error={errors.contactAddress}
            className="md:col-span-2"
          >
            <Textarea
              {...field("contactAddress", "hint")}
              defaultValue={values.contactAddress}
              maxLength={300}
              rows={3}
              autoComplete="street-address"
            />
          </SettingsField>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Currency and time"
        description="The currency prices are entered and charged in, and the timezone dates are shown in."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <SettingsField id="settings-currency" label="Store currency" error={errors.currency}>
            <NativeSelect
              {...field("currency")}
              value={currency}
              onChange={(e) => setCurrency(e.target.value as GeneralValues["currency"])}
              aria-describedby={describedBy("settings-currency", {
                hint: currency !== values.currency ? "warning" : undefined,
                error: errors.currency,
              })}
            >
              {storeCurrencies.map((code) => (
                <option key={code} value={code}>
                  {code} ({currencySymbols[code]})
                </option>
              ))}
            </NativeSelect>
            {currency !== values.currency && (
              <p
                id="settings-currency-hint"
                role="status"
                className="mt-2 flex gap-2 rounded-sm border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                {currencyChangeWarning}
              </p>
            )}
          </SettingsField>
          <SettingsField
            id="settings-timezone"
            label="Timezone"
            error={errors.timezone}
            hint="Used for dates in the admin, the revenue chart and emails."
          >
            <NativeSelect {...field("timezone", "hint")} defaultValue={values.timezone}>
              {storeTimezones.map((tz) => (
                <option key={tz} value={tz}>
                  {timezoneLabels[tz]}
                </option>
              ))}
            </NativeSelect>
          </SettingsField>
        </div>
      </SettingsSection>

      <SettingsSection title="Shipping" description={`Amounts in the store currency (${currency}), with at most two decimals.`}>
        <div className="grid gap-5 md:grid-cols-2">
          {(["shippingFee", "freeShippingThreshold"] as const).map((name) => (
            <SettingsField
              key={name}
              id={`settings-${name}`}
              label={name === "shippingFee" ? "Shipping fee" : "Free shipping from"}
              hint={
                name === "shippingFee"
                  ? "Charged on orders below the free-shipping amount."
                  : "Orders with a subtotal at or above this ship free."
              }
              error={errors[name]}
            >
              <div className="relative">
                <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-stone" aria-hidden>
                  {symbol}
                </span>
                <Input
                  {...field(name, "hint")}
                  defaultValue={values[name]}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pl-8 tabular-nums"
                />
              </div>
            </SettingsField>
          ))}
        </div>
      </SettingsSection>

      <SettingsSection title="Maintenance mode" description="Close the shop for a while, for example during a stock take.">
        <div className="flex items-start gap-4">
          <Switch
            id="settings-maintenanceMode"
            name="maintenanceMode"
            checked={maintenance}
            onCheckedChange={setMaintenance}
            aria-describedby="settings-maintenanceMode-hint"
          />
          <div>
            <label htmlFor="settings-maintenanceMode" className="text-sm font-semibold">
              Maintenance mode {maintenance ? "on" : "off"}
            </label>
            <p id="settings-maintenanceMode-hint" className="mt-0.5 text-sm text-stone">
              While on, every storefront page shows a maintenance notice (HTTP 503) to shoppers and search engines. Signed-in admins still
              see the shop, and sign-in and this admin panel keep working.
            </p>
          </div>
        </div>
      </SettingsSection>

      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-border bg-[#f6f2e9]/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        {result && !result.ok && (
          <p className="mr-auto text-sm font-medium text-destructive" role="alert">
            {result.message}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          <Save aria-hidden />
          {busy ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
