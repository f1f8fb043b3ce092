import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Plus, Receipt, X } from "lucide";
import { useState } from "react";
import { Field, FieldError, TextInput } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Icon } from "~/components/ui/icon";
import { Switch } from "~/components/ui/switch";
import { money } from "~/components/admin/admin-format";
import { basisPointsOf, rateText, taxLineLabel, taxWithin, type TaxRate } from "~/modules/taxes/tax-lines";
import { MAX_TAX_LINES, TAX_NAME_MAX, type TaxSettings } from "~/modules/taxes/tax-settings";
import { taxSettingsFormSchema, type TaxSettingsForm as TaxSettingsFormValues } from "~/modules/taxes/tax-settings.schema";
import { useAdminViewer } from "../use-admin-viewer";
import { SettingsSaveBar } from "./settings-save-bar";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

type LineValues = { name: string; rate: string };

/** Ghana from 1 January 2026 (VAT reform of the 2026 budget): VAT and the two levies on the same base. */
const GHANA_2026: LineValues[] = [
  { name: "VAT", rate: "15" },
  { name: "NHIL", rate: "2.5" },
  { name: "GETFund levy", rate: "2.5" },
];

/** The example the tab works through as staff type: an order of ₵1,000.00. */
const EXAMPLE_GROSS = 100_000;

/**
 * Settings → Taxes (decision 045): prices include tax (the only mode), the named taxes and their
 * rates, the shop's TIN, and which destinations are zero-rated. Nothing a shopper pays changes:
 * the invoice shows the tax inside each total.
 */
export function TaxSettingsForm({
  settings,
  zones,
  storeCurrency,
}: {
  settings: TaxSettings;
  zones: { id: number; name: string }[];
  storeCurrency: string;
}) {
  const { fetcher, form, fields, busy, message } = useSettingsForm({
    intent: "taxes",
    schema: taxSettingsFormSchema,
    defaultValue: {
      lines: settings.lines.map((line) => ({ name: line.name, rate: rateText(line.basisPoints) })),
      tin: settings.tin,
    },
  });
  const [exports, setExports] = useState(settings.zeroRateExports);
  // An accountant reads the taxes (taxes.view) but may not change them: the form shows, disabled.
  const mayEdit = useAdminViewer().can("taxes.manage");
  const rows = fields.lines.getFieldList();
  // What is typed now, for the worked example (rows still being typed are left out of it).
  const typed = rows.flatMap((row): TaxRate[] => {
    const { name, rate } = row.getFieldset();
    const basisPoints = basisPointsOf(String(rate.value ?? ""));
    const label = String(name.value ?? "").trim();
    return basisPoints === null || label === "" ? [] : [{ name: label, basisPoints }];
  });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid grid-cols-1 gap-6">
      <input type="hidden" name="intent" value="taxes" />
      <fieldset disabled={!mayEdit} className="grid min-w-0 grid-cols-1 gap-6">
        <SettingsSection
          title="Tax lines"
          description="Prices include tax, as in Ghana: what you set as a price, and what the shopper pays, already holds every tax below. Nothing is added at checkout; each invoice shows how much of its total is tax."
        >
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-forest/25 bg-forest/5 px-3 py-1 text-xs font-semibold tracking-wide text-forest uppercase">
            <Icon of={Receipt} className="size-3.5" />
            Prices include tax
          </p>
          <TaxLines form={form} field={fields.lines} rows={rows} />
          <p className="mt-4 max-w-prose text-xs text-stone">
            Each rate is charged on the price net of tax, and together they come out of the price: net = price × 100 ÷ (100 + the rates
            added up). Each tax is rounded to the pesewa so that the taxes and the net add up to the total exactly. For VAT charged on a
            price that includes the levies (Ghana before 2026), enter the VAT as it falls on the net: 15 % × 1.06 = 15.9 %.
          </p>
          <WorkedExample rates={typed} currency={storeCurrency} />
        </SettingsSection>

        <SettingsSection
          title="Taxpayer Identification Number"
          description="Printed on every invoice and packing slip, as on your Ghana Revenue Authority certificate. Leave it empty if the shop is not registered."
        >
          <Field
            field={fields.tin}
            label="TIN"
            optional
            hint="As on your GRA certificate: a letter then 10 digits (C0012345678), or for an individual the Ghana Card PIN (GHA-123456789-0)."
            className="max-w-xs"
          >
            <TextInput field={fields.tin} hint maxLength={20} autoComplete="off" spellCheck={false} className="font-mono uppercase" />
          </Field>
        </SettingsSection>

        <SettingsSection
          title="Zero-rated destinations"
          description="Goods exported from Ghana are zero-rated: the order's total holds no tax and its invoice says “Zero-rated: export”."
        >
          <div className="flex items-start justify-between gap-6">
            <div>
              <label htmlFor={fields.zeroRateExports.id} className="text-sm font-semibold">
                Every destination outside Ghana
              </label>
              <p id={fields.zeroRateExports.descriptionId} className="mt-0.5 max-w-prose text-sm text-stone">
                Recommended: an order shipped abroad is an export, whichever zone it ships in. Orders delivered in Ghana or collected from
                the showroom are taxed.
              </p>
            </div>
            <Switch
              id={fields.zeroRateExports.id}
              name={fields.zeroRateExports.name}
              checked={exports}
              onCheckedChange={setExports}
              aria-describedby={fields.zeroRateExports.descriptionId}
              className="mt-0.5"
            />
          </div>
          {zones.length > 0 && (
            <div className="mt-5 border-t border-border pt-5">
              <fieldset aria-describedby={fields.zeroRatedZoneIds.descriptionId}>
                <legend className="text-sm font-semibold">Also zero-rate these shipping zones</legend>
                <p id={fields.zeroRatedZoneIds.descriptionId} className="mt-0.5 max-w-prose text-sm text-stone">
                  Whatever the country. Most shops tick none.
                </p>
                <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
                  {zones.map((zone) => (
                    <li key={zone.id}>
                      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                        <Checkbox
                          name={fields.zeroRatedZoneIds.name}
                          value={String(zone.id)}
                          defaultChecked={settings.zeroRatedZoneIds.includes(zone.id)}
                        />
                        {zone.name}
                      </label>
                    </li>
                  ))}
                </ul>
                <FieldError field={fields.zeroRatedZoneIds} />
              </fieldset>
            </div>
          )}
        </SettingsSection>
      </fieldset>
      {mayEdit ? (
        <SettingsSaveBar message={message} busy={busy} errorId={form.errorId} label="Save tax settings" />
      ) : (
        <p className="text-sm text-stone">Your role can read the tax settings; a manager or the owner changes them.</p>
      )}
    </fetcher.Form>
  );
}

type LinesField = FieldMetadata<LineValues[], TaxSettingsFormValues, string[]>;

/** The taxes as a Conform list: a name and a rate per row; Add and Remove are Conform's intents. */
function TaxLines({
  form,
  field,
  rows,
}: {
  form: FormMetadata<TaxSettingsFormValues, string[]>;
  field: LinesField;
  rows: ReturnType<LinesField["getFieldList"]>;
}) {
  return (
    <div className="grid gap-3">
      {rows.length === 0 ? (
        <div className="rounded-sm border border-dashed border-border bg-white px-4 py-5 text-sm">
          <p className="font-semibold text-charcoal">No taxes: invoices show none.</p>
          <p className="mt-0.5 text-stone">
            Add the taxes the shop is registered for. In Ghana from 2026: VAT 15 %, NHIL 2.5 % and GETFund levy 2.5 % (20 % in all).
          </p>
          <Button {...form.update.getButtonProps({ name: field.name, value: GHANA_2026 })} variant="outline" size="sm" className="mt-3">
            Fill in Ghana&apos;s 2026 rates
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Taxes">
          {rows.map((row, index) => {
            const line = row.getFieldset();
            const name = String(line.name.value ?? "").trim();
            return (
              <li
                key={row.key}
                className="grid grid-cols-[minmax(0,1fr)_7.5rem] items-start gap-3 rounded-sm border border-border bg-white p-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto]"
              >
                <Field field={line.name} label={`Tax ${index + 1} name`}>
                  <TextInput field={line.name} maxLength={TAX_NAME_MAX} placeholder={index === 0 ? "VAT" : "NHIL"} autoComplete="off" />
                </Field>
                <Field
                  field={line.rate}
                  label={
                    <>
                      Rate<span className="sr-only"> of tax {index + 1}</span> (%)
                    </>
                  }
                >
                  <div className="relative">
                    <TextInput field={line.rate} inputMode="decimal" autoComplete="off" className="pr-8 text-right tabular-nums" />
                    <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-stone" aria-hidden>
                      %
                    </span>
                  </div>
                </Field>
                <Button
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  variant="ghost"
                  size="sm"
                  className="col-span-2 justify-self-end text-stone hover:text-destructive sm:col-span-1 sm:mt-7"
                  aria-label={`Remove tax ${index + 1}${name ? ` (${name})` : ""}`}
                >
                  <Icon of={X} /> Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError field={field} />
      {rows.length > 0 && (
        <Button
          {...form.insert.getButtonProps({ name: field.name, defaultValue: { name: "", rate: "" } })}
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={rows.length >= MAX_TAX_LINES}
        >
          <Icon of={Plus} /> Add a tax
        </Button>
      )}
      {rows.length === 0 && (
        <Button
          {...form.insert.getButtonProps({ name: field.name, defaultValue: { name: "", rate: "" } })}
          variant="ghost"
          size="sm"
          className="justify-self-start"
        >
          <Icon of={Plus} /> Add a tax of your own
        </Button>
      )}
    </div>
  );
}

/** "On an order of ₵1,000.00": the taxes as typed, worked through as the invoice will show them. */
function WorkedExample({ rates, currency }: { rates: TaxRate[]; currency: string }) {
  if (rates.length === 0) return null;
  const breakdown = taxWithin(EXAMPLE_GROSS, rates);
  return (
    <section aria-label="Worked example" className="mt-5 rounded-sm border border-border bg-sand/50 p-4">
      <h3 className="font-sans text-xs font-bold tracking-[0.16em] text-stone uppercase">
        On an order of {money(EXAMPLE_GROSS, currency)}, tax included
      </h3>
      <dl className="mt-2 grid max-w-sm grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums [&_dd]:pl-6">
        {breakdown.lines.map((line, index) => (
          <div key={`${line.name}-${index}`} className="contents">
            <dt className="text-charcoal">{taxLineLabel(line)}</dt>
            <dd className="text-right">{money(line.amount, currency)}</dd>
          </div>
        ))}
        <dt className="border-t border-border pt-1 text-charcoal">Net of tax</dt>
        <dd className="border-t border-border pt-1 text-right">{money(breakdown.net, currency)}</dd>
      </dl>
    </section>
  );
}
