import { Trash2, UserPlus } from "lucide";
import { useState } from "react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatDate } from "~/lib/dates";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Field } from "~/components/forms/field";
import type { AdminUser } from "~/modules/auth/staff.server";
import { SettingsSection } from "./settings-section";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { SettingsActionResult } from "./settings-result";
import { settingsFetcherKeys } from "./settings-toasts";
import { useSettingsForm } from "./use-settings-form";
import { addAdminSchema } from "~/modules/settings/settings.schema";

/** Add an admin by the email of an existing account (docs/product-rules.md §5: Add Admin disabled while empty). */
function AddAdminForm() {
  // The address is checked by the action (which says whose account is missing); the button waits for one.
  const { fetcher, form, fields, busy } = useSettingsForm({ intent: "add-admin", schema: addAdminSchema });
  const [email, setEmail] = useState("");
  const { key, defaultValue: _typed, ...emailProps } = getInputProps(fields.email, { type: "email", ariaDescribedBy: "add-admin-hint" });

  // The toast is the page's (settings-toasts.ts); here the box is emptied after a success.
  useFetcherResult(fetcher, (r) => {
    if (r.ok) setEmail("");
  });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="add-admin" />
      <Field field={fields.email} label="Email of the account to make admin" className="flex-1">
        <Input
          key={key}
          {...emailProps}
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={busy || email.trim() === ""}>
        <Icon of={UserPlus} />
        {busy ? "Adding…" : "Add Admin"}
      </Button>
    </fetcher.Form>
  );
}

/** One admin's remove button, behind docs/product-rules.md's confirmation. */
function RemoveAdminButton({ admin }: { admin: AdminUser }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys["remove-admin"] });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("userId") === admin.userId;

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={`Remove admin ${admin.email}`}
          className="text-destructive hover:bg-red-50"
        >
          <Icon of={Trash2} />
          {busy ? "Removing…" : "Remove"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Remove admin?</AlertDialogTitle>
        <AlertDialogDescription>
          Are you sure you want to remove this admin user? <span className="font-semibold text-charcoal">{admin.email}</span> keeps their
          account but loses access to the admin panel.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => void fetcher.submit({ intent: "remove-admin", userId: admin.userId }, { method: "post" })}>
            Remove admin
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The Admin Users tab: add by email, the list, remove (never yourself, never the last admin). */
export function AdminUsersPanel({ admins, viewerId, timeZone }: { admins: AdminUser[]; viewerId: string; timeZone: string }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <SettingsSection
        title="Add an admin"
        description="The person needs an account first: ask them to sign up, then enter their email here."
      >
        <AddAdminForm />
        <p id="add-admin-hint" className="mt-2 text-xs text-stone">
          Admins can manage products, orders, customers, settings and other admins.
        </p>
      </SettingsSection>
      <SettingsSection
        title="Admin users"
        description={`${admins.length} admin${admins.length === 1 ? "" : "s"}. The last admin cannot be removed.`}
      >
        {/* On a phone each admin reads as a row of its own; from md up, a table. */}
        <ul className="divide-y divide-border md:hidden" aria-label="Admins">
          {admins.map((admin) => {
            const isYou = admin.userId === viewerId;
            return (
              <li key={admin.userId} className="flex items-start justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-all">
                    {admin.email}
                    {isYou && <span className="ml-2 rounded-full bg-forest/10 px-2 py-0.5 text-xs font-semibold text-forest">You</span>}
                  </p>
                  <p className="mt-0.5 text-xs text-stone">
                    {admin.name || "—"} · admin since <time dateTime={admin.createdAt}>{formatDate(admin.createdAt, timeZone)}</time>
                  </p>
                </div>
                {isYou ? null : <RemoveAdminButton admin={admin} />}
              </li>
            );
          })}
        </ul>
        <div className="relative hidden md:block">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-border text-left text-xs tracking-[0.12em] text-stone uppercase">
                <th scope="col" className="px-5 py-2 font-semibold md:px-3">
                  Email
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Admin since
                </th>
                <th scope="col" className="px-5 py-2 text-right font-semibold md:px-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {admins.map((admin) => {
                const isYou = admin.userId === viewerId;
                return (
                  <tr key={admin.userId}>
                    <td className="px-5 py-3 font-medium md:px-3">
                      {admin.email}
                      {isYou && <span className="ml-2 rounded-full bg-forest/10 px-2 py-0.5 text-xs font-semibold text-forest">You</span>}
                    </td>
                    <td className="px-3 py-3">{admin.name || "—"}</td>
                    <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                      <time dateTime={admin.createdAt}>{formatDate(admin.createdAt, timeZone)}</time>
                    </td>
                    <td className="px-5 py-2 text-right md:px-3">{isYou ? null : <RemoveAdminButton admin={admin} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </SettingsSection>
    </div>
  );
}
