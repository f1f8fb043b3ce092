import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Dialog as DialogPrimitive } from "radix-ui";
import { countryUsesPostcode, type SavedAddress } from "~/modules/customers/address-book";
import { addressBookForms, type AddressField } from "~/modules/customers/address-book.schema";
import { HOME_COUNTRY } from "~/modules/shipping/areas";
import { DestinationFields } from "../checkout/destination-fields";
import { postAddressForm } from "./address-post";

const labelClass = "mb-1.5 block text-sm font-medium";
const textareaClass =
  "w-full rounded-sm border border-border bg-white px-3 py-2.5 text-sm focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-gold/60";

type Errors = Partial<Record<AddressField, string>>;

/**
 * Add or edit an address (a lazy chunk: it brings the shared schema). The form is checked in the
 * browser with the same schema the server uses (address-book.schema.ts), then sent; the server's
 * own refusals (a full book, an address gone meanwhile) show in the dialog.
 */
type Props = {
  address: SavedAddress | null;
  firstAddress: boolean;
  onClose(): void;
  onSaved(addresses: SavedAddress[], message: string): void;
};

/** The dialog stays mounted once loaded; its form is drawn anew (no errors left over) each time it opens. */
export default function AddressFormDialog({ open, ...props }: Props & { open: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && props.onClose()}>
      <DialogContent className="max-w-2xl p-6 md:p-8" aria-describedby="address-dialog-description">
        <DialogPrimitive.Title className="pr-10 text-3xl font-semibold">
          {props.address ? "Edit address" : "Add an address"}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description id="address-dialog-description" className="mt-1 text-sm text-stone">
          Everything checkout needs to deliver here: we fill it in for you when you choose this address.
        </DialogPrimitive.Description>
        <AddressForm key={props.address?.id ?? "new"} {...props} />
      </DialogContent>
    </Dialog>
  );
}

function AddressForm({ address, firstAddress, onClose, onSaved }: Props) {
  const [destination, setDestination] = useState({ country: address?.country ?? HOME_COUNTRY, region: address?.region ?? "" });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const intent = address ? "edit" : "add";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") fields[name] = value;
    const checked = addressBookForms[intent].safeParse(fields);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0]) as AddressField;
        found[key] ??= issue.message;
      }
      setErrors(found);
      setProblem("Please check the highlighted fields.");
      return;
    }
    setBusy(true);
    const answer = await postAddressForm(fields);
    setBusy(false);
    if (answer.ok) return onSaved(answer.addresses, answer.message);
    setErrors(answer.fieldErrors ?? {});
    setProblem(answer.message);
  }

  const field = (name: AddressField) => ({
    name,
    id: `address-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `address-${name}-error` : undefined,
  });
  const error = (name: AddressField) =>
    errors[name] ? (
      <p id={`address-${name}-error`} className="mt-1.5 text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form method="post" action="/account/addresses" noValidate onSubmit={(e) => void submit(e)} className="mt-6 grid gap-5 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      {address && <input type="hidden" name="id" value={address.id} />}
      <div className="sm:col-span-2">
        <label htmlFor="address-label" className={labelClass}>
          Label <span className="font-normal text-stone">(optional, e.g. Home, Mum in Kumasi)</span>
        </label>
        <Input {...field("label")} defaultValue={address?.label ?? ""} maxLength={60} />
        {error("label")}
      </div>
      <div>
        <label htmlFor="address-name" className={labelClass}>
          Full Name
        </label>
        <Input {...field("name")} autoComplete="name" required defaultValue={address?.name ?? ""} maxLength={120} />
        {error("name")}
      </div>
      <div>
        <label htmlFor="address-phone" className={labelClass}>
          Phone
        </label>
        <Input {...field("phone")} type="tel" autoComplete="tel" required defaultValue={address?.phone ?? ""} maxLength={40} />
        {error("phone")}
      </div>
      <DestinationFields
        country={destination.country}
        region={destination.region}
        onChange={setDestination}
        errors={{ country: errors.country, region: errors.region }}
      />
      <div className="sm:col-span-2">
        <label htmlFor="address-addressLines" className={labelClass}>
          Address
        </label>
        <textarea
          {...field("addressLines")}
          autoComplete="street-address"
          required
          rows={3}
          placeholder="House number and street, area, landmark or GhanaPost digital address"
          defaultValue={address?.addressLines ?? ""}
          className={textareaClass}
        />
        {error("addressLines")}
      </div>
      <div className={countryUsesPostcode(destination.country) ? undefined : "sm:col-span-2"}>
        <label htmlFor="address-city" className={labelClass}>
          Town or city <span className="font-normal text-stone">(optional)</span>
        </label>
        <Input {...field("city")} autoComplete="address-level2" defaultValue={address?.city ?? ""} maxLength={100} />
        {error("city")}
      </div>
      {countryUsesPostcode(destination.country) && (
        <div>
          <label htmlFor="address-postcode" className={labelClass}>
            Postcode <span className="font-normal text-stone">(optional)</span>
          </label>
          <Input {...field("postcode")} autoComplete="postal-code" defaultValue={address?.postcode ?? ""} maxLength={12} />
          {error("postcode")}
        </div>
      )}
      {!address?.isDefault && !firstAddress && (
        <label className="flex items-center gap-3 text-sm sm:col-span-2">
          <Checkbox name="makeDefault" />
          Use as my default address
        </label>
      )}
      {problem && (
        <p
          role="alert"
          className="rounded-sm border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive sm:col-span-2"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save address"}
        </Button>
      </div>
    </form>
  );
}
