import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Truck } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert, TextInput } from "~/components/forms/field";
import { SelectInput } from "~/components/forms/select-input";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import {
  CARRIER_NAME_MAX,
  shipmentFormSchema,
  TRACKING_NUMBER_MAX,
  TRACKING_URL_MAX,
  type ShipmentForm as ShipmentOutput,
  type ShipmentFormInput,
} from "~/modules/orders/fulfilment.schema";
import { knownCarrierNamed, shippingCarriers, type Shipment } from "~/modules/orders/shipping-carriers";
import type { FulfilmentActionResult } from "./order-update";

/**
 * Carrier, tracking number and an optional tracking link: "ship" marks the order shipped with
 * them (the shipped email carries them), "tracking" corrects them later without an email.
 * Checked in the browser with the action's schema; a known carrier's link is built from the
 * number when none is given.
 */
export function ShipmentForm({
  orderId,
  intent,
  current,
  onDone,
  balanceDue,
}: {
  orderId: string;
  intent: "ship" | "tracking";
  current: Shipment | null;
  onDone?: () => void;
  /** The balance still due ("₵725.00") when shipping it needs a reason (docs/decisions/041). */
  balanceDue?: string | null;
}) {
  const fetcher = useFetcher<FulfilmentActionResult>();
  const answer = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const known = knownCarrierNamed(current?.carrier);
  const [form, fields] = useForm<ShipmentFormInput, ShipmentOutput>({
    id: `${intent}-${orderId}`,
    defaultValue: {
      orderId,
      carrier: current ? (known?.id ?? "other") : "dhl",
      carrierOther: current && !known ? current.carrier : "",
      trackingNumber: current?.trackingNumber ?? "",
      // A link built from the number is rebuilt from the (corrected) number.
      trackingUrl: current?.trackingUrl && !current.trackingUrl.startsWith(known?.trackingUrl ?? "\0") ? current.trackingUrl : "",
      balanceReason: "",
    },
    lastResult: answer?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: shipmentFormSchema, disableAutoCoercion: true });
    },
  });
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      notify.success(intent === "ship" ? "Order shipped" : "Tracking saved", { description: result.message });
      onDone?.();
    } else notify.error(intent === "ship" ? "Not marked shipped" : "Tracking not saved", { description: result.message });
  });
  const busy = fetcher.state !== "idle";
  const other = fields.carrier.value === "other";

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={fields.orderId.name} value={orderId} />
      <Field field={fields.carrier} label="Carrier">
        <SelectInput field={fields.carrier}>
          {shippingCarriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          <option value="other">Other (type the name)</option>
        </SelectInput>
      </Field>
      {other ? (
        <Field field={fields.carrierOther} label="Carrier name" hint="A local courier, or your own rider">
          <TextInput field={fields.carrierOther} hint maxLength={CARRIER_NAME_MAX} autoComplete="off" />
        </Field>
      ) : (
        <input type="hidden" name={fields.carrierOther.name} value="" />
      )}
      <Field field={fields.trackingNumber} label="Tracking number" optional={other}>
        <TextInput
          field={fields.trackingNumber}
          maxLength={TRACKING_NUMBER_MAX}
          autoComplete="off"
          spellCheck={false}
          className="font-mono tracking-wide"
        />
      </Field>
      <Field
        field={fields.trackingUrl}
        label="Tracking link"
        optional
        hint={other ? "An https:// address the customer can open" : "Left empty, the carrier's tracking page for the number"}
        className="sm:col-span-2"
      >
        <TextInput
          field={fields.trackingUrl}
          type="url"
          hint
          inputMode="url"
          maxLength={TRACKING_URL_MAX}
          placeholder="https://"
          autoComplete="off"
        />
      </Field>
      {intent === "ship" && balanceDue ? (
        <Field
          field={fields.balanceReason}
          label={`Ship with ${balanceDue} still due because`}
          hint="Only when it must leave before the balance is paid (e.g. a trusted customer paying on collection). Kept in the order's history."
          optional
          className="sm:col-span-2"
        >
          <TextInput field={fields.balanceReason} hint maxLength={200} autoComplete="off" />
        </Field>
      ) : (
        <input type="hidden" name={fields.balanceReason.name} value="" />
      )}
      <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-2">
        {answer && <FormAlert id={form.errorId} inline title={answer.message} className="mr-auto" />}
        {onDone && intent === "tracking" && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          <Icon of={Truck} />
          {intent === "ship" ? (busy ? "Marking shipped…" : "Mark as shipped") : busy ? "Saving…" : "Save tracking"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
