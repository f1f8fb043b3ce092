import { getFormProps } from "@conform-to/react";
import { TriangleAlert } from "lucide";
import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert, TextInput } from "~/components/forms/field";
import { formatDate } from "~/lib/dates";
import { formatMoney, type CurrencyCode } from "~/lib/money";
import { formatDisplayAmount, RATE_STALE_AFTER_DAYS, type DisplayCurrency } from "~/modules/currency/exchange-rates";
import { exchangeRatesFormSchema } from "~/modules/currency/exchange-rates-form";
import type { ExchangeRateRow } from "~/modules/currency/exchange-rates.server";
import { SettingsSaveBar } from "./settings-save-bar";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

/**
 * "$1 ≈ ₵11.00": the rate read the other way, for a typed rate (null when it is not a number).
 * Large rates read per 10, 100, … units ("₦100 ≈ ₵1.05"), so the cedi side is not all zeros.
 */
export function inverseRateHint(rate: number, currency: DisplayCurrency, storeCurrency: CurrencyCode): string | null {
  if (!Number.isFinite(rate) || rate <= 0) return null;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(rate)));
  const pesewas = Math.round((unit / rate) * 100);
  if (!Number.isSafeInteger(pesewas)) return null;
  const left = formatDisplayAmount(unit, currency).replace(/\.00$/, "");
  return `${left} ≈ ${formatMoney(pesewas, storeCurrency)}`;
}

/**
 * Settings → Currencies: a rate per display currency against the store currency, each with the
 * date it was set and a flag once it is older than a week. Shoppers abroad see approximate
 * prices from these; nothing is charged in them. An empty field stops offering that currency.
 */
export function CurrencySettingsForm({
  storeCurrency,
  rows,
  setForOldCurrency,
  timeZone,
}: {
  storeCurrency: CurrencyCode;
  rows: ExchangeRateRow[];
  /** The store currency the stored rates were set for, when it is no longer the store's. */
  setForOldCurrency: CurrencyCode | null;
  timeZone: string;
}) {
  const defaults = Object.fromEntries(rows.map((row) => [row.currency, row.rate === null ? "" : String(row.rate)]));
  const { fetcher, form, fields, busy, message } = useSettingsForm({
    intent: "currencies",
    schema: exchangeRatesFormSchema,
    defaultValue: defaults,
  });
  // What is typed, for the inverse hint beside each field.
  const [typed, setTyped] = useState<Record<string, string>>(defaults);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid grid-cols-1 gap-6">
      <input type="hidden" name="intent" value="currencies" />
      <SettingsSection
        title="Exchange rates"
        description={`Shoppers abroad see approximate prices in their own currency from these rates, beside the ${storeCurrency} price. Everything is charged in ${storeCurrency}. Leave a rate empty to stop offering that currency.`}
      >
        {setForOldCurrency && (
          <FormAlert
            className="mb-5"
            title={`These rates were set for ${setForOldCurrency}, but the store currency is now ${storeCurrency}.`}
            description={`Set each rate again against ${storeCurrency}; until then shoppers see prices in ${storeCurrency} only.`}
          />
        )}
        <ul className="divide-y divide-border">
          {rows.map((row) => {
            const field = fields[row.currency];
            const hint = inverseRateHint(Number(typed[row.currency]), row.currency, storeCurrency);
            return (
              <li key={row.currency} className="py-4 first:pt-0 last:pb-0">
                <Field
                  field={field}
                  label={
                    <>
                      {row.name} ({row.currency})<span className="sr-only"> per 1 {storeCurrency}</span>
                    </>
                  }
                  hint={
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      {hint && <span className="tabular-nums">{hint}</span>}
                      <span>{row.setAt ? `Set ${formatDate(row.setAt, timeZone)}` : "Not set: not offered to shoppers"}</span>
                      {row.stale && (
                        <span className="inline-flex items-center gap-1 font-semibold text-destructive">
                          <Icon of={TriangleAlert} className="size-3.5" />
                          Older than {RATE_STALE_AFTER_DAYS} days: update it
                        </span>
                      )}
                    </span>
                  }
                >
                  <div className="flex items-center gap-2">
                    <span className="shrink-0 text-sm text-stone tabular-nums" aria-hidden>
                      1 {storeCurrency} =
                    </span>
                    <TextInput
                      field={field}
                      hint
                      inputMode="decimal"
                      autoComplete="off"
                      className="max-w-40 tabular-nums"
                      onChange={(event) => setTyped((current) => ({ ...current, [row.currency]: event.target.value }))}
                    />
                    <span className="shrink-0 text-sm text-stone" aria-hidden>
                      {row.currency}
                    </span>
                  </div>
                </Field>
              </li>
            );
          })}
        </ul>
      </SettingsSection>
      <SettingsSaveBar message={message} busy={busy} errorId={form.errorId} label="Save rates" />
    </fetcher.Form>
  );
}
