import type { AddressBookAnswer } from "~/modules/customers/address-book-action.server";

const UNREACHABLE: AddressBookAnswer = { ok: false, message: "We could not reach the shop. Check your connection and try again." };

/** Sends one of the address book's forms to /api/account/addresses and reads its JSON answer. */
export async function postAddressForm(fields: Record<string, string>): Promise<AddressBookAnswer> {
  try {
    const response = await fetch("/api/account/addresses", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    if (!response.headers.get("Content-Type")?.includes("application/json")) return UNREACHABLE;
    return (await response.json()) as AddressBookAnswer;
  } catch {
    return UNREACHABLE;
  }
}
