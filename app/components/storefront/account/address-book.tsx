import { MapPin, Pencil, Plus, Star, Trash2 } from "lucide";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { ADDRESS_BOOK_LIMIT, addressPlace, addressTitle, type SavedAddress } from "~/modules/customers/address-book";
import { postAddressForm } from "./address-post";

// The form and its schema (Zod) come only when the shopper opens it (decision 009).
const AddressFormDialog = lazy(() => import("./address-form-dialog"));

type Editing = { mode: "add" } | { mode: "edit"; address: SavedAddress } | null;

/**
 * /account/addresses (an island): the customer's saved addresses, the default first; add and
 * edit in a dialog, remove (asked once more) and make default in place. Each change is answered
 * with the whole list as the server now has it. Remove and Make default are forms that also
 * work before the script has loaded (posted to the page's own action).
 */
export function AddressBook({ addresses: initial }: { addresses: SavedAddress[] }) {
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  // The dialog's code is fetched on the first open, then the dialog stays mounted (closed or open).
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const edit = (next: Editing) => {
    setDialogLoaded(true);
    setEditing(next);
  };
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const full = addresses.length >= ADDRESS_BOOK_LIMIT;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)].filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    setBusy(fields.id ?? "form");
    const answer = await postAddressForm(fields);
    setBusy(null);
    setConfirming(null);
    if (answer.ok) setAddresses(answer.addresses);
    setNotice({ ok: answer.ok, text: answer.message });
  }

  return (
    <section aria-labelledby="address-book-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="address-book-heading" className="text-2xl font-semibold">
            Saved addresses
          </h2>
          <p className="mt-1 text-sm text-stone">
            For you and the people you send to. Checkout offers them, your default first ({addresses.length} of {ADDRESS_BOOK_LIMIT}).
          </p>
        </div>
        <Button type="button" onClick={() => edit({ mode: "add" })} disabled={full}>
          <Icon of={Plus} /> Add address
        </Button>
      </div>
      {full && (
        <p className="mt-4 rounded-sm border border-gold/50 bg-gold/10 px-4 py-3 text-sm text-charcoal">
          Your address book is full: it keeps up to {ADDRESS_BOOK_LIMIT} addresses. Remove one you no longer use to add another.
        </p>
      )}
      <p role="status" className={notice ? `mt-4 text-sm ${notice.ok ? "text-forest" : "text-destructive"}` : "sr-only"}>
        {notice?.text ?? ""}
      </p>

      {addresses.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-sm border border-dashed border-charcoal/25 bg-white/60 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-sand">
            <Icon of={MapPin} className="size-6 text-forest" />
          </span>
          <p className="mt-4 text-lg font-semibold">No saved addresses yet</p>
          <p className="mt-1 max-w-sm text-sm text-stone">
            Save your own and your family&rsquo;s addresses once, and choose them at checkout.
          </p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id}>
              <article
                aria-labelledby={`address-${address.id}`}
                className={`flex h-full flex-col rounded-sm border bg-white/80 p-5 md:p-6 ${address.isDefault ? "border-gold shadow-sm shadow-gold/20" : "border-border"}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 id={`address-${address.id}`} className="text-xl font-semibold">
                    {addressTitle(address)}
                  </h3>
                  {address.isDefault && (
                    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-gold/20 px-2.5 py-0.5 text-xs font-bold text-gold-ink">
                      <Icon of={Star} className="size-3" /> Default
                    </span>
                  )}
                </div>
                <address className="mt-3 grow space-y-0.5 text-sm leading-relaxed text-charcoal/90 not-italic">
                  {address.label && <span className="block font-semibold text-charcoal">{address.name}</span>}
                  <span className="block whitespace-pre-line">{address.addressLines}</span>
                  <span className="block">{addressPlace(address)}</span>
                  <span className="block text-stone">{address.phone}</span>
                </address>
                <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-border pt-4">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => edit({ mode: "edit", address })}
                    aria-label={`Edit ${addressTitle(address)}`}
                  >
                    <Icon of={Pencil} /> Edit
                  </Button>
                  {!address.isDefault && (
                    <form method="post" action="/account/addresses" onSubmit={(e) => void send(e)}>
                      <input type="hidden" name="intent" value="default" />
                      <input type="hidden" name="id" value={address.id} />
                      <Button
                        type="submit"
                        variant="ghost"
                        size="sm"
                        disabled={busy !== null}
                        aria-label={`Make ${addressTitle(address)} my default`}
                      >
                        <Icon of={Star} /> Make default
                      </Button>
                    </form>
                  )}
                  {confirming === address.id ? (
                    <form
                      method="post"
                      action="/account/addresses"
                      onSubmit={(e) => void send(e)}
                      className="flex flex-wrap items-center gap-2"
                    >
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="id" value={address.id} />
                      <span className="text-sm text-charcoal">Remove this address?</span>
                      <Button type="submit" variant="destructive" size="sm" disabled={busy !== null}>
                        Yes, remove
                      </Button>
                      <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(null)}>
                        Keep it
                      </Button>
                    </form>
                  ) : (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:bg-destructive/10"
                      onClick={() => setConfirming(address.id)}
                      aria-label={`Remove ${addressTitle(address)}`}
                    >
                      <Icon of={Trash2} /> Remove
                    </Button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <AddressFormDialog
            open={editing !== null}
            address={editing?.mode === "edit" ? editing.address : null}
            firstAddress={addresses.length === 0}
            onClose={() => setEditing(null)}
            onSaved={(list, message) => {
              setAddresses(list);
              setNotice({ ok: true, text: message });
              setEditing(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
