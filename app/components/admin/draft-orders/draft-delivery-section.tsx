import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { countryOptions, ghanaRegions } from "~/modules/shipping/areas";
import { DraftDepositFields } from "./draft-deposit-fields";
import { DraftField, DraftSection } from "./draft-field";
import type { DraftEditorData, DraftErrors } from "./draft-types";

/** Delivered (its zone prices it) or collected from the showroom; the discount and staff's notes. */
export function DraftDeliverySection({ data, errors }: { data: DraftEditorData; errors: DraftErrors }) {
  const { draft } = data;
  return (
    <>
      <DraftSection
        id="draft-delivery-heading"
        title="Delivery"
        description="The shipping zone of the address sets the fee, as at checkout."
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">How it reaches the customer</legend>
          {[
            ["ship", "Deliver to an address"],
            ["collect", "Collect from the showroom (no fee)"],
          ].map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="delivery"
                value={value}
                defaultChecked={draft.delivery === value}
                className="size-4 accent-forest"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 md:grid-cols-2">
          {/* A select takes its defaultValue only when first drawn: keyed on the saved value, it shows
              what an action saved (a customer's "Use"), so Save draft never posts a stale blank. */}
          <DraftField name="customerCountry" label="Country" error={errors.customerCountry}>
            {(control) => (
              <NativeSelect key={draft.customerCountry} {...control} defaultValue={draft.customerCountry}>
                {countryOptions.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </DraftField>
          <DraftField name="customerRegion" label="Region (Ghana)" error={errors.customerRegion} hint="Needed for an address in Ghana.">
            {(control) => (
              <NativeSelect key={draft.customerRegion ?? ""} {...control} defaultValue={draft.customerRegion ?? ""}>
                <option value="">—</option>
                {ghanaRegions.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </DraftField>
        </div>
        <DraftField name="customerAddress" label="Delivery address" error={errors.customerAddress}>
          {(control) => <Textarea {...control} rows={2} defaultValue={draft.customerAddress} />}
        </DraftField>
      </DraftSection>
      <DraftDepositFields draft={draft} errors={errors} shopPercent={data.depositPercent} />
      <DraftSection id="draft-extras-heading" title="Discount and notes">
        <div className="grid gap-4 md:grid-cols-[1fr_2fr]">
          <DraftField name="discount" label="Discount (₵)" error={errors.discount} optional>
            {(control) => (
              <Input {...control} inputMode="decimal" defaultValue={draft.discountAmount ? (draft.discountAmount / 100).toFixed(2) : ""} />
            )}
          </DraftField>
          <DraftField name="discountReason" label="Why" error={errors.discountReason} hint="Kept with the order for the accounts.">
            {(control) => <Input {...control} defaultValue={draft.discountReason ?? ""} placeholder="Returning customer" />}
          </DraftField>
        </div>
        <DraftField name="notes" label="Notes for the workshop and staff" error={errors.notes} optional>
          {(control) => <Textarea {...control} rows={3} defaultValue={draft.notes ?? ""} />}
        </DraftField>
      </DraftSection>
    </>
  );
}
