import { AddressBook } from "~/components/storefront/account/address-book";
import { defineIsland } from "./island";

export const AddressBookIsland = /* @__PURE__ */ defineIsland("address-book", AddressBook);

/** What the address book page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [AddressBookIsland];
