import { getFormProps } from "@conform-to/react";
import { LoaderCircle } from "lucide";
import type { FetcherWithComponents } from "react-router";
import { Icon } from "~/components/ui/icon";
import { SwitchField } from "~/components/forms/choice-fields";
import { useFetcherForm } from "~/components/forms/use-fetcher-form";
import { Field, FormAlert, MoneyInput, TextInput } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { currencySymbols, toDecimalString, type CurrencyCode } from "~/lib/money";
import { isGhanaRegion } from "~/modules/shipping/areas";
import {
  MAX_ZONE_DAYS,
  MAX_ZONE_NAME,
  shippingZoneFormSchema,
  type ShippingZoneFormValues,
  type ShippingZoneInput,
} from "~/modules/shipping/shipping-zone.schema";
import type { ShippingZone } from "~/modules/shipping/shipping-zones";
import { CountryPicker } from "./country-picker";
import { GhanaRegionCheckboxes } from "./ghana-region-checkboxes";
import { CORRECT_ZONE_FIELDS, type ZoneActionResult } from "./zone-action";

const blankZone: ShippingZoneFormValues = {
  name: "",
  areas: [],
  fee: "",
  freeShippingThreshold: "",
  deliveryMinDays: "",
  deliveryMaxDays: "",
  payOnDelivery: "",
};

function formValues(zone: ShippingZone): ShippingZoneFormValues {
  return {
    name: zone.name,
    areas: zone.areas,
    fee: toDecimalString(zone.fee),
    freeShippingThreshold: zone.freeShippingThreshold === null ? "" : toDecimalString(zone.freeShippingThreshold),
    deliveryMinDays: String(zone.deliveryMinDays),
    deliveryMaxDays: String(zone.deliveryMaxDays),
    payOnDelivery: zone.payOnDelivery ? "on" : "",
  };
}

/**
 * A zone's fields, posted through the dialog's fetcher. shippingZoneFormSchema checks them here
 * on submit and again in the action; what only the server can tell (a country already in
 * another zone, a taken name) comes back under its field. Inputs are uncontrolled (the country
 * picker keeps its own list), so what was typed stays after an error.
 */
export function ZoneForm({
  zone,
  zones,
  currency,
  fetcher,
  onCancel,
}: {
  /** Null: a new zone. */
  zone: ShippingZone | null;
  /** Every zone, to say which other zone a country is in. */
  zones: ShippingZone[];
  currency: CurrencyCode;
  fetcher: FetcherWithComponents<ZoneActionResult>;
  onCancel: () => void;
}) {
  const { form, fields, busy, message } = useFetcherForm<ShippingZoneFormValues, ShippingZoneInput>({
    id: zone ? `zone-${zone.id}` : "zone-new",
    defaultValue: zone ? formValues(zone) : blankZone,
    schema: shippingZoneFormSchema,
    fetcher,
    refusedTitle: "Zone not saved",
    correctFields: CORRECT_ZONE_FIELDS,
  });
  const symbol = currencySymbols[currency];
  const ownerOf = (code: string) => zones.find((other) => other.id !== zone?.id && other.areas.includes(code))?.name;
  const areas = zone?.areas ?? [];
  const restOfWorld = zone?.isRestOfWorld ?? false;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value={zone ? "update" : "create"} />
      {zone && <input type="hidden" name="id" value={zone.id} />}
      <div className="grid gap-5 px-6">
        <Field field={fields.name} label="Name" hint="Staff see it here; shoppers see it at checkout and on the Shipping page.">
          <TextInput field={fields.name} hint maxLength={MAX_ZONE_NAME} autoComplete="off" />
        </Field>
        {restOfWorld ? (
          <p className="rounded-sm border border-border bg-sand/40 px-3 py-2 text-sm text-charcoal">
            This zone covers every country no other zone names. It cannot be deleted.
          </p>
        ) : (
          <>
            <CountryPicker
              field={fields.areas}
              name={fields.areas.name}
              initial={areas.filter((a) => !isGhanaRegion(a))}
              ownerOf={ownerOf}
            />
            <GhanaRegionCheckboxes name={fields.areas.name} initial={areas.filter(isGhanaRegion)} ownerOf={ownerOf} />
          </>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.fee} label={`Fee (${symbol})`} hint="0 ships free.">
            <MoneyInput field={fields.fee} symbol={symbol} hint />
          </Field>
          <Field field={fields.freeShippingThreshold} label={`Free shipping over (${symbol})`} optional hint="Empty: never free.">
            <MoneyInput field={fields.freeShippingThreshold} symbol={symbol} hint />
          </Field>
          <Field field={fields.deliveryMinDays} label="Delivery from (working days)">
            <TextInput field={fields.deliveryMinDays} type="number" inputMode="numeric" min={0} max={MAX_ZONE_DAYS} step={1} />
          </Field>
          <Field field={fields.deliveryMaxDays} label="Delivery to (working days)">
            <TextInput field={fields.deliveryMaxDays} type="number" inputMode="numeric" min={0} max={MAX_ZONE_DAYS} step={1} />
          </Field>
        </div>
        <SwitchField field={fields.payOnDelivery} label="Pay on Delivery" hint="Shoppers in this zone may pay when the parcel arrives." />
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
            {busy ? "Saving…" : zone ? "Save zone" : "Add zone"}
          </Button>
        </div>
      </div>
    </fetcher.Form>
  );
}
