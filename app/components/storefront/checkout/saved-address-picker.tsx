import { NativeSelect } from "~/components/ui/native-select";
import { Checkbox } from "~/components/ui/checkbox";
import { addressPlace, addressTitle, type SavedAddress } from "~/modules/customers/address-book";

export const NEW_ADDRESS = "new";

/**
 * A signed-in customer's saved addresses at checkout (docs/product-rules.md §13 "Accounts"):
 * choosing one fills the delivery fields (and so the shipping fee and estimate); "A new
 * address" empties them. Plain data and a native select: no schema reaches the checkout page.
 */
export function SavedAddressPicker({
  addresses,
  chosen,
  onChoose,
}: {
  addresses: SavedAddress[];
  chosen: string;
  onChoose(address: SavedAddress | null): void;
}) {
  return (
    <div className="sm:col-span-2">
      <label htmlFor="checkout-saved-address" className="mb-1.5 block text-sm font-medium">
        Deliver to
      </label>
      <NativeSelect
        id="checkout-saved-address"
        value={chosen}
        onChange={(e) => onChoose(addresses.find((a) => a.id === e.target.value) ?? null)}
      >
        {addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {`${addressTitle(address)}: ${addressPlace(address)}${address.isDefault ? " (default)" : ""}`}
          </option>
        ))}
        <option value={NEW_ADDRESS}>A new address</option>
      </NativeSelect>
    </div>
  );
}

/** "Save this address to my account": only for a signed-in customer typing a new address. */
export function SaveAddressChoice() {
  return (
    <label className="flex items-center gap-3 text-sm sm:col-span-2">
      <Checkbox name="saveAddress" />
      Save this address to my account
    </label>
  );
}
