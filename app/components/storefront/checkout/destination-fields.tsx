import { NativeSelect } from "~/components/ui/native-select";
import { HOME_COUNTRY, countryOptions, ghanaRegions } from "~/modules/shipping/areas";

const labelClass = "mb-1.5 block text-sm font-medium";

function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-destructive">
      {message}
    </p>
  );
}

/**
 * Where the order goes: every country, and for Ghana a required region (the zones price
 * Ghanaian addresses by region). Controlled, so the summary's fee follows each choice.
 */
export function DestinationFields({
  country,
  region,
  onChange,
  errors,
}: {
  country: string;
  region: string;
  onChange(destination: { country: string; region: string }): void;
  errors: { country?: string | undefined; region?: string | undefined };
}) {
  const inGhana = country === HOME_COUNTRY;
  return (
    <>
      <div className={inGhana ? undefined : "sm:col-span-2"}>
        <label htmlFor="checkout-country" className={labelClass}>
          Country
        </label>
        <NativeSelect
          name="country"
          id="checkout-country"
          autoComplete="country"
          value={country}
          onChange={(e) => onChange({ country: e.target.value, region: e.target.value === HOME_COUNTRY ? region : "" })}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? "checkout-country-error" : undefined}
        >
          {countryOptions.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="checkout-country-error" message={errors.country} />
      </div>
      {inGhana && (
        <div>
          <label htmlFor="checkout-region" className={labelClass}>
            Region
          </label>
          <NativeSelect
            name="region"
            id="checkout-region"
            autoComplete="address-level1"
            required
            value={region}
            onChange={(e) => onChange({ country, region: e.target.value })}
            aria-invalid={errors.region ? true : undefined}
            aria-describedby={errors.region ? "checkout-region-error" : undefined}
          >
            <option value="">Choose your region</option>
            {ghanaRegions.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="checkout-region-error" message={errors.region} />
        </div>
      )}
    </>
  );
}
