import { redirect } from "react-router";
import { privatePageHeaders } from "~/lib/cache-control";

// Private, like everything under /account (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

/** /account is the customer's orders (the account's first section). */
export function loader() {
  throw redirect("/account/orders");
}
