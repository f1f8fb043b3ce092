import { Save } from "lucide";
import { useState } from "react";
import { getFormProps } from "@conform-to/react";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { notificationSettingsSchema } from "~/modules/settings/settings.schema";
import { REVIEW_INVITATION_DAYS } from "~/modules/settings/store-settings";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";
import { WholeNumberField } from "./whole-number-field";

interface NotificationValues {
  emailNotifications: boolean;
  orderNotifications: boolean;
  customerNotifications: boolean;
  reviewInvitationDays: number;
}

const switches: { name: "emailNotifications" | "orderNotifications" | "customerNotifications"; label: string; description: string }[] = [
  {
    name: "emailNotifications",
    label: "Email notifications",
    description: "Email every admin when a new order is placed, with the order number, customer and total.",
  },
  {
    name: "orderNotifications",
    label: "Order notifications",
    description: "Email the customer when their order's status changes (confirmed, shipped, delivered, cancelled).",
  },
  {
    name: "customerNotifications",
    label: "Customer notifications",
    description:
      "Email every admin when a shopper creates an account. Customers' own verification and password reset emails are always sent, whatever this says.",
  },
];

/** The Notifications tab: the three switches and the review invitation's delay, saved together. */
export function NotificationSettingsForm({ values }: { values: NotificationValues }) {
  const { fetcher, form, fields, busy, message } = useSettingsForm({
    intent: "notifications",
    schema: notificationSettingsSchema,
    defaultValue: { reviewInvitationDays: String(values.reviewInvitationDays) },
  });
  const [state, setState] = useState(values);
  const changed = switches.some(({ name }) => state[name] !== values[name]);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid grid-cols-1 gap-6">
      <input type="hidden" name="intent" value="notifications" />
      <SettingsSection
        title="Notifications"
        description="Which emails the shop sends. Emails are queued and retried, so an order is never held up by email."
      >
        <ul className="divide-y divide-border">
          {switches.map(({ name, label, description }) => (
            <li key={name} className="flex items-start justify-between gap-6 py-4 first:pt-0 last:pb-0">
              <div>
                <label htmlFor={fields[name].id} className="text-sm font-semibold">
                  {label}
                </label>
                <p id={fields[name].descriptionId} className="mt-0.5 max-w-prose text-sm text-stone">
                  {description}
                </p>
              </div>
              <Switch
                id={fields[name].id}
                name={fields[name].name}
                checked={state[name]}
                onCheckedChange={(on) => setState((s) => ({ ...s, [name]: on }))}
                aria-describedby={fields[name].descriptionId}
                className="mt-0.5"
              />
            </li>
          ))}
        </ul>
        <WholeNumberField
          field={fields.reviewInvitationDays}
          label="Invite to review after (days)"
          hint={`Days after an order is marked Delivered that its customer is emailed once, with a link to review each piece. 0 sends none. Default ${REVIEW_INVITATION_DAYS.default}.`}
          bounds={REVIEW_INVITATION_DAYS}
          className="mt-6 max-w-md border-t border-border pt-5"
          inputClassName="max-w-32"
        />
      </SettingsSection>
      <div className="flex items-center justify-end gap-3">
        {message && !busy ? (
          <p id={form.errorId} className="mr-auto text-sm font-medium text-destructive" role="alert">
            {message}
          </p>
        ) : (
          changed && !busy && <p className="mr-auto text-sm text-stone">You have unsaved changes.</p>
        )}
        <Button type="submit" disabled={busy}>
          <Icon of={Save} />
          {busy ? "Saving…" : "Save notifications"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
