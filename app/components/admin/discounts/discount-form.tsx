import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { LoaderCircle } from "lucide";
import { useState, type ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { Icon } from "~/components/ui/icon";
import { SwitchField } from "~/components/forms/choice-fields";
import { useFetcherForm } from "~/components/forms/use-fetcher-form";
import { Field, FieldError, FormAlert, MoneyInput, TextareaInput, TextInput } from "~/components/forms/field";
import { SelectInput } from "~/components/forms/select-input";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { currencySymbols, type CurrencyCode } from "~/lib/money";
import { zoneLabel } from "~/lib/dates";
import { discountCodeFormSchema, type DiscountCodeFormValues, type DiscountCodeInput } from "~/modules/discounts/discount-code.schema";
import type { DiscountKind, DiscountScope } from "~/modules/discounts/discount-terms";
import { CORRECT_DISCOUNT_FIELDS, type DiscountActionResult } from "./discount-action";

export interface DiscountChoices {
  collections: { id: number; name: string }[];
  products: { id: number; name: string }[];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-xs font-semibold tracking-[0.14em] text-stone uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Checkboxes sending one id each, with a filter box above when the list is long (products). */
function IdChecklist<S>({
  field,
  label,
  options,
  initial,
}: {
  field: FieldMetadata<S>;
  label: string;
  options: { id: number; name: string }[];
  initial: string[];
}) {
  const [filter, setFilter] = useState("");
  const shown = filter ? options.filter((o) => o.name.toLowerCase().includes(filter.toLowerCase())) : options;
  const labelId = `${field.id}-label`;
  return (
    <div className="grid gap-2">
      <span id={labelId} className="text-sm font-medium text-charcoal">
        {label}
      </span>
      {options.length > 8 && (
        <Input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          placeholder={`Find ${label.toLowerCase()}`}
          aria-label={`Find ${label.toLowerCase()}`}
        />
      )}
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={field.errors ? field.errorId : undefined}
        className="grid max-h-52 gap-1 overflow-y-auto rounded-sm border border-border bg-white p-2 sm:grid-cols-2"
      >
        {options.map((option) => (
          <label
            key={option.id}
            // Hidden, not removed: a ticked product the filter hides is still sent.
            hidden={!shown.includes(option)}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-sand/60 has-[:checked]:bg-forest/5 has-[:checked]:font-semibold"
          >
            <Checkbox name={field.name} value={String(option.id)} defaultChecked={initial.includes(String(option.id))} />
            {option.name}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </div>
  );
}

/**
 * A code's fields, posted through the dialog's fetcher; discountCodeFormSchema checks them here
 * on submit and again in the action (a code taken in any case comes back under Code). What the
 * code gives and what it applies to show only the fields they need.
 */
export function DiscountForm({
  id,
  values,
  choices,
  currency,
  timeZone,
  fetcher,
  onCancel,
}: {
  /** Null: a new code. */
  id: number | null;
  values: DiscountCodeFormValues;
  choices: DiscountChoices;
  currency: CurrencyCode;
  timeZone: string;
  fetcher: FetcherWithComponents<DiscountActionResult>;
  onCancel: () => void;
}) {
  const { form, fields, busy, message } = useFetcherForm<DiscountCodeFormValues, DiscountCodeInput>({
    id: id ? `discount-${id}` : "discount-new",
    defaultValue: values,
    schema: discountCodeFormSchema,
    fetcher,
    refusedTitle: "Code not saved",
    correctFields: CORRECT_DISCOUNT_FIELDS,
  });
  const [kind, setKind] = useState<DiscountKind>(values.kind);
  const [scope, setScope] = useState<DiscountScope>(values.scope);
  const symbol = currencySymbols[currency];
  const dateInput = (field: FieldMetadata<string>) => {
    const { key, ...control } = getInputProps(field, { type: "datetime-local", ariaDescribedBy: field.descriptionId });
    return <Input key={key} {...control} />;
  };

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id && <input type="hidden" name="id" value={id} />}
      <div className="grid gap-6 px-6">
        <Section title="The code">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field field={fields.code} label="Code" hint="Letters, digits and dashes; shoppers may type it in any case.">
              <TextInput
                field={fields.code}
                hint
                maxLength={32}
                autoComplete="off"
                spellCheck={false}
                className="font-mono tracking-wider uppercase"
              />
            </Field>
            <Field field={fields.kind} label="Gives">
              <SelectInput field={fields.kind} onChange={(event) => setKind(event.currentTarget.value as DiscountKind)}>
                <option value="percentage">A percentage off</option>
                <option value="fixed">An amount off</option>
                <option value="free_shipping">Free shipping</option>
              </SelectInput>
            </Field>
            {kind === "percentage" && (
              <Field field={fields.percent} label="Percentage off (%)" hint="1 to 100, of the pieces it applies to.">
                <TextInput field={fields.percent} type="number" inputMode="numeric" min={1} max={100} step={1} hint />
              </Field>
            )}
            {kind === "fixed" && (
              <Field field={fields.amount} label={`Amount off (${symbol})`} hint="Never more than the pieces it applies to.">
                <MoneyInput field={fields.amount} symbol={symbol} hint />
              </Field>
            )}
            <Field field={fields.minimumSubtotal} label={`Minimum spend (${symbol})`} optional hint="On the pieces it applies to.">
              <MoneyInput field={fields.minimumSubtotal} symbol={symbol} hint />
            </Field>
          </div>
        </Section>

        <Section title="When and how often">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field field={fields.startsAt} label="Starts" optional hint={`${zoneLabel(timeZone)} (the shop's time). Empty: at once.`}>
              {dateInput(fields.startsAt)}
            </Field>
            <Field field={fields.endsAt} label="Ends" optional hint="Empty: until you end it.">
              {dateInput(fields.endsAt)}
            </Field>
            <Field field={fields.usageLimit} label="Total uses" optional hint="Orders in all. Empty: no limit.">
              <TextInput field={fields.usageLimit} type="number" inputMode="numeric" min={1} step={1} hint />
            </Field>
            <Field field={fields.perCustomerLimit} label="Uses per customer" optional hint="By email and by account.">
              <TextInput field={fields.perCustomerLimit} type="number" inputMode="numeric" min={1} step={1} hint />
            </Field>
          </div>
        </Section>

        <Section title="What it applies to">
          <Field field={fields.scope} label="Applies to">
            <SelectInput field={fields.scope} onChange={(event) => setScope(event.currentTarget.value as DiscountScope)}>
              <option value="order">The whole order</option>
              <option value="collections">Pieces in chosen collections</option>
              <option value="products">Chosen products</option>
            </SelectInput>
          </Field>
          {scope === "collections" && (
            <IdChecklist field={fields.collectionIds} label="Collections" options={choices.collections} initial={values.collectionIds} />
          )}
          {scope === "products" && (
            <IdChecklist field={fields.productIds} label="Products" options={choices.products} initial={values.productIds} />
          )}
          <SwitchField
            field={fields.excludeSaleItems}
            label="Leave out sale pieces"
            hint="Pieces already shown with a struck-through price are not discounted."
          />
          <Field
            field={fields.customerEmails}
            label="Only for these customers"
            optional
            hint="Email addresses, one a line. Anyone else is told the code is not recognised."
          >
            <TextareaInput field={fields.customerEmails} rows={2} hint spellCheck={false} />
          </Field>
        </Section>
      </div>
      <div className="sticky bottom-0 z-10 flex flex-col gap-3 border-t border-border bg-ivory/95 px-6 py-4 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
        <div id={form.errorId} className="min-w-0">
          {message && <FormAlert title={message} inline />}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Icon of={LoaderCircle} className="animate-spin" />}
            {busy ? "Saving…" : id ? "Save code" : "Create code"}
          </Button>
        </div>
      </div>
    </fetcher.Form>
  );
}
