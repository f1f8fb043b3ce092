import { HOME_COUNTRY, destinationName } from "~/modules/shipping/areas";

/*
 * The address book's plain part (decision 009: no Zod here), read by the checkout page and the
 * account pages in the browser. The schema is address-book.schema.ts; the commands
 * address-book.server.ts.
 */

/** How many addresses a customer keeps (docs/product-rules.md §13 "Accounts"). */
export const ADDRESS_BOOK_LIMIT = 20;

export const ADDRESS_BOOK_FULL = `Your address book is full: it keeps up to ${ADDRESS_BOOK_LIMIT} addresses. Remove one you no longer use, then add this one.`;
export const ADDRESS_NOT_FOUND = "That address is not in your address book. Reload the page and try again.";

/** One address as the account pages and checkout draw it. */
export interface SavedAddress {
  id: string;
  label: string | null;
  name: string;
  phone: string;
  country: string;
  region: string | null;
  addressLines: string;
  city: string | null;
  postcode: string | null;
  isDefault: boolean;
}

/** Ghana's addresses have no postcode (a GhanaPost digital address goes with the lines). */
export function countryUsesPostcode(country: string): boolean {
  return country !== HOME_COUNTRY;
}

/**
 * The checkout's one "Delivery Address" text for a saved address: its lines, then the town and
 * postcode on a line of their own. The order keeps this text, as it keeps what a shopper types.
 */
export function deliveryAddressText(address: Pick<SavedAddress, "addressLines" | "city" | "postcode">): string {
  const last = [address.city, address.postcode].filter(Boolean).join(" ");
  return last ? `${address.addressLines}\n${last}` : address.addressLines;
}

/** "Kumasi, Ashanti, Ghana" or "London SW1A 1AA, United Kingdom": where it is, in one line. */
export function addressPlace(address: Pick<SavedAddress, "country" | "region" | "city" | "postcode">): string {
  const town = [address.city, address.postcode].filter(Boolean).join(" ");
  return [town, destinationName(address.country, address.region)].filter(Boolean).join(", ");
}

/** How a saved address is named in a list: its label, else the recipient. */
export function addressTitle(address: Pick<SavedAddress, "label" | "name">): string {
  return address.label || address.name;
}
