import { data, type AppLoadContext } from "react-router";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { guardAction } from "~/modules/auth/action-guard.server";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { addressTitle, type SavedAddress } from "./address-book";
import { addressBookForms, type AddressField } from "./address-book.schema";
import {
  AddressBookFullError,
  AddressNotFoundError,
  addAddress,
  listAddresses,
  removeAddress,
  setDefaultAddress,
  updateAddress,
} from "./address-book.server";

/** What the address book's forms are answered (routes/api/account-addresses.ts, and the page's action). */
export type AddressBookAnswer =
  | { ok: true; message: string; addresses: SavedAddress[] }
  | { ok: false; message: string; fieldErrors?: Partial<Record<AddressField, string>> };

/** Changes per customer: plenty for a person, a wall for a script. */
const ADDRESS_WRITES_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

const privately = { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };

/**
 * Add, edit, remove, make default: method, session, origin and the shared schema through
 * guardAction, then a per-customer rate limit, then the command, scoped to the signed-in
 * customer. Someone else's address (or none) is 404 "not in your address book", never 403.
 */
export async function addressBookAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "user",
      intents: addressBookForms,
      reply: (refused): AddressBookAnswer => ({
        ok: false,
        message:
          refused.reason === "input" && Object.keys(refused.fieldErrors).length
            ? "Please check the highlighted fields."
            : (refused.firstMessage ?? "Something went wrong. Please try again."),
        fieldErrors: refused.fieldErrors as Partial<Record<AddressField, string>>,
      }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const { db } = context.database;
  const userId = guarded.viewer.id;
  const limit = await consumeRateLimit(db, `address-book:user:${userId}`, ADDRESS_WRITES_LIMIT);
  if (!limit.allowed)
    return data<AddressBookAnswer>(
      { ok: false, message: "Too many changes to your address book. Please wait a few minutes and try again." },
      { status: 429, headers: { ...privately, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  try {
    let message: string;
    switch (guarded.intent) {
      case "add": {
        const added = await addAddress(db, userId, guarded.value);
        message = `${addressTitle(added)} was added to your address book.`;
        break;
      }
      case "edit": {
        const edited = await updateAddress(db, userId, guarded.value.id, guarded.value);
        message = `${addressTitle(edited)} was saved.`;
        break;
      }
      case "remove":
        await removeAddress(db, userId, guarded.value.id);
        message = "The address was removed.";
        break;
      case "default":
        await setDefaultAddress(db, userId, guarded.value.id);
        message = "Your default address was changed.";
        break;
    }
    return data<AddressBookAnswer>({ ok: true, message, addresses: await listAddresses(db, userId) }, { headers: privately });
  } catch (error) {
    if (error instanceof AddressNotFoundError)
      return data<AddressBookAnswer>({ ok: false, message: error.message }, { status: 404, headers: privately });
    if (error instanceof AddressBookFullError)
      return data<AddressBookAnswer>({ ok: false, message: error.message }, { status: 409, headers: privately });
    if (context.noticeDatabaseError(error)) throw error;
    context.log.error({ err: error }, "changing the address book failed");
    return data<AddressBookAnswer>({ ok: false, message: "Something went wrong. Please try again." }, { status: 500, headers: privately });
  }
}
