import { AlertTriangle, Save } from "lucide";
import { useState } from "react";
import { getFormProps, getSelectProps } from "@conform-to/react";
import { Icon } from "~/components/ui/icon";
import { Field, TextareaInput, TextInput } from "~/components/forms/field";
import { SelectInput } from "~/components/forms/select-input";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Link } from "react-router";
import { currencySymbols } from "~/lib/money";
import { generalSettingsSchema, type generalSettingsFormValues } from "~/modules/settings/settings.schema";
import { currencyChangeWarning, storeCurrencies, storeTimezones } from "~/modules/settings/store-settings";
import { socialNetworks } from "~/modules/settings/contact-links";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

type GeneralValues = ReturnType<typeof generalSettingsFormValues>;

const timezoneLabels: Record<(typeof storeTimezones)[number], string> = {
  "Africa/Accra": "Africa/Accra (GMT, Ghana)",
  UTC: "UTC",
  "America/New_York": "America/New_York (Eastern Time)",
};

/**
 * The General tab: store name and contact, WhatsApp and social links, currency, timezone and
 * maintenance mode (shipping is priced per zone, on the Shipping zones page).
 * One Conform form checked with generalSettingsSchema in the browser and in the action; errors
 * appear under each field.
 */
export function GeneralSettingsForm({ values }: { values: GeneralValues }) {
  const { fetcher, form, fields, busy, message } = useSettingsForm({
    intent: "general",
    schema: generalSettingsSchema,
    defaultValue: { ...values, maintenanceMode: values.maintenanceMode ? "on" : undefined },
  });
  const [currency, setCurrency] = useState(values.currency);
  const [maintenance, setMaintenance] = useState(values.maintenanceMode);
  const currencyWarning = currency !== values.currency;
  const {
    key: currencyKey,
    defaultValue: _initialCurrency,
    ...currencyProps
  } = getSelectProps(fields.currency, {
    ariaDescribedBy: currencyWarning ? fields.currency.descriptionId : undefined,
  });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid grid-cols-1 gap-6">
      <input type="hidden" name="intent" value="general" />
      <SettingsSection title="Store" description="How the shop presents itself on the storefront and in emails.">
        <div className="grid gap-5 md:grid-cols-2">
          <Field field={fields.storeName} label="Store name" className="md:col-span-2">
            <TextInput field={fields.storeName} maxLength={100} required autoComplete="organization" />
          </Field>
          <Field field={fields.contactEmail} label="Contact email">
            <TextInput field={fields.contactEmail} type="email" maxLength={254} required autoComplete="email" />
          </Field>
          <Field field={fields.contactPhone} label="Phone">
            <TextInput field={fields.contactPhone} type="tel" maxLength={40} autoComplete="tel" />
          </Field>
          <Field
            field={fields.contactAddress}
            label="Address"
            hint="One line per line of the address, as shown in the footer and on receipts."
            className="md:col-span-2"
          >
            <TextareaInput field={fields.contactAddress} hint maxLength={300} rows={3} autoComplete="street-address" />
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection
        title="WhatsApp and social"
        description="Shown in the footer, on every product page (“Ask about this piece”) and on Custom Orders. Leave a field empty to hide it."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field
            field={fields.whatsappNumber}
            label="WhatsApp number"
            hint="In international form, with + and the country code, e.g. +233 24 123 4567."
            className="md:col-span-2"
          >
            <TextInput field={fields.whatsappNumber} hint type="tel" maxLength={30} autoComplete="off" placeholder="+233 24 123 4567" />
          </Field>
          {socialNetworks.map((network) => (
            <Field key={network.key} field={fields[network.key]} label={network.label}>
              <TextInput field={fields[network.key]} type="url" maxLength={300} autoComplete="off" placeholder={network.example} />
            </Field>
          ))}
        </div>
      </SettingsSection>

      <SettingsSection
        title="Currency and time"
        description="The currency prices are entered and charged in, and the timezone dates are shown in."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field field={fields.currency} label="Store currency">
            <NativeSelect
              key={currencyKey}
              {...currencyProps}
              value={currency}
              onChange={(e) => setCurrency(e.target.value as GeneralValues["currency"])}
            >
              {storeCurrencies.map((code) => (
                <option key={code} value={code}>
                  {code} ({currencySymbols[code]})
                </option>
              ))}
            </NativeSelect>
            {currencyWarning && (
              <p
                id={fields.currency.descriptionId}
                role="status"
                className="mt-0.5 flex gap-2 rounded-sm border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
              >
                <Icon of={AlertTriangle} className="mt-0.5 size-4 shrink-0" />
                {currencyChangeWarning}
              </p>
            )}
          </Field>
          <Field field={fields.timezone} label="Timezone" hint="Used for dates in the admin, the revenue chart and emails.">
            <SelectInput field={fields.timezone} hint>
              {storeTimezones.map((tz) => (
                <option key={tz} value={tz}>
                  {timezoneLabels[tz]}
                </option>
              ))}
            </SelectInput>
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection title="Shipping" description="Fees, free-shipping amounts, delivery times and Pay on Delivery are set per zone.">
        <p className="text-sm text-stone">
          Shipping is priced by where an order goes: edit the zones on the{" "}
          <Link to="/admin/shipping" className="font-semibold text-forest underline underline-offset-4">
            Shipping zones
          </Link>{" "}
          page.
        </p>
      </SettingsSection>

      <SettingsSection title="Maintenance mode" description="Close the shop for a while, for example during a stock take.">
        <div className="flex items-start gap-4">
          <Switch
            id={fields.maintenanceMode.id}
            name={fields.maintenanceMode.name}
            checked={maintenance}
            onCheckedChange={setMaintenance}
            aria-describedby={fields.maintenanceMode.descriptionId}
          />
          <div>
            <label htmlFor={fields.maintenanceMode.id} className="text-sm font-semibold">
              Maintenance mode {maintenance ? "on" : "off"}
            </label>
            <p id={fields.maintenanceMode.descriptionId} className="mt-0.5 text-sm text-stone">
              While on, every storefront page shows a maintenance notice (HTTP 503) to shoppers and search engines. Signed-in admins still
              see the shop, and sign-in and this admin panel keep working.
            </p>
          </div>
        </div>
      </SettingsSection>

      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-border bg-[#f6f2e9]/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        {message && (
          <p id={form.errorId} className="mr-auto text-sm font-medium text-destructive" role="alert">
            {message}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          <Icon of={Save} />
          {busy ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
