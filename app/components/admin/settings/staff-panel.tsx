import { Ban, MailPlus, RotateCcw, Trash2, X } from "lucide";
import { useIdentityGate } from "~/components/admin/security/use-identity-gate";
import { useState } from "react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatDate, formatDateTime } from "~/lib/dates";
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
import { NativeSelect } from "~/components/ui/native-select";
import { Field } from "~/components/forms/field";
import { ROLE_LABELS, ROLE_SUMMARIES, STAFF_ROLES, type StaffRole } from "~/modules/auth/capabilities";
import type { StaffMember } from "~/modules/auth/staff.server";
import type { OpenInvitation } from "~/modules/auth/staff-invitations.server";
import { inviteStaffSchema } from "~/modules/settings/settings.schema";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { SettingsSection } from "./settings-section";
import type { SettingsActionResult } from "./settings-result";
import { settingsFetcherKeys } from "./settings-toasts";
import { useSettingsForm } from "./use-settings-form";

/** Invite by email with a role (decision 047): the person gets a link to set their password. */
function InviteForm() {
  const { fetcher, form, fields, busy } = useSettingsForm({
    intent: "invite-staff",
    schema: inviteStaffSchema,
    defaultValue: { role: "staff" },
  });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("staff");
  const { key, defaultValue: _typed, ...emailProps } = getInputProps(fields.email, { type: "email" });
  useFetcherResult(fetcher, (r) => {
    if (r.ok) setEmail("");
  });
  const gate = useIdentityGate();
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={gate.gatedSubmit("invite a member of staff", formProps.onSubmit)}
      className="grid gap-3 md:grid-cols-[1fr_14rem_auto] md:items-end"
    >
      {gate.dialog}
      <input type="hidden" name="intent" value="invite-staff" />
      <Field field={fields.email} label="Email">
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
      <Field field={fields.role} label="Role">
        <NativeSelect
          id={fields.role.id}
          name={fields.role.name}
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          aria-describedby="invite-role-summary"
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" disabled={busy || email.trim() === ""}>
        <Icon of={MailPlus} />
        {busy ? "Sending…" : "Send invitation"}
      </Button>
      <p id="invite-role-summary" className="text-xs text-stone md:col-span-3">
        <span className="font-semibold text-charcoal">{ROLE_LABELS[role]}:</span> {ROLE_SUMMARIES[role]}
      </p>
    </fetcher.Form>
  );
}

function useStaffChange() {
  return useFetcher<SettingsActionResult>({ key: settingsFetcherKeys["change-role"] });
}

/** A confirmed change of one member (suspend, reactivate, remove) or one invitation (revoke). */
function ConfirmButton({
  label,
  title,
  description,
  confirm,
  icon,
  fields,
  destructive = false,
  accessibleName,
}: {
  label: string;
  title: string;
  description: string;
  confirm: string;
  icon: typeof Trash2;
  fields: Record<string, string>;
  destructive?: boolean;
  accessibleName: string;
}) {
  const fetcher = useStaffChange();
  // Staff changes ask "Confirm it's you" on a sign-in over 15 minutes old (decision 048).
  const gate = useIdentityGate();
  const busy =
    fetcher.state !== "idle" && fetcher.formData?.get("intent") === fields.intent && fetcher.formData?.get("userId") === fields.userId;
  return (
    <AlertDialog>
      {gate.dialog}
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={accessibleName}
          className={destructive ? "text-destructive hover:bg-red-50" : undefined}
        >
          <Icon of={icon} />
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => gate.guard(confirm.toLowerCase(), () => void fetcher.submit(fields, { method: "post" }))}>
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A member's role, changed as soon as another is chosen (their sessions end: they sign in again). */
function RoleSelect({ member }: { member: StaffMember }) {
  const fetcher = useStaffChange();
  const gate = useIdentityGate();
  const pending =
    fetcher.state !== "idle" && fetcher.formData?.get("userId") === member.userId
      ? (fetcher.formData.get("role") as StaffRole | null)
      : null;
  return (
    <>
      {gate.dialog}
      <NativeSelect
        aria-label={`Role of ${member.email}`}
        value={pending ?? member.role}
        className="w-40"
        onChange={(e) => {
          const role = e.target.value;
          gate.guard(
            `change the role of ${member.email}`,
            () => void fetcher.submit({ intent: "change-role", userId: member.userId, role }, { method: "post" }),
          );
        }}
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}

function MemberActions({ member, isYou }: { member: StaffMember; isYou: boolean }) {
  if (isYou) return null;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {member.suspended ? (
        <ConfirmButton
          label="Reactivate"
          title="Reactivate this member?"
          description={`${member.email} can sign in to the admin again as ${ROLE_LABELS[member.role]}.`}
          confirm="Reactivate"
          icon={RotateCcw}
          fields={{ intent: "reactivate-staff", userId: member.userId }}
          accessibleName={`Reactivate ${member.email}`}
        />
      ) : (
        <ConfirmButton
          label="Suspend"
          title="Suspend this member?"
          description={`${member.email} is signed out everywhere at once and cannot use the admin until reactivated.`}
          confirm="Suspend"
          icon={Ban}
          fields={{ intent: "suspend-staff", userId: member.userId }}
          accessibleName={`Suspend ${member.email}`}
        />
      )}
      <ConfirmButton
        label="Remove"
        title="Remove from the staff?"
        description={`${member.email} keeps their account (and any orders) as a customer, is signed out everywhere and loses access to the admin.`}
        confirm="Remove"
        icon={Trash2}
        destructive
        fields={{ intent: "remove-staff", userId: member.userId }}
        accessibleName={`Remove ${member.email}`}
      />
    </div>
  );
}

const youBadge = <span className="ml-2 rounded-full bg-forest/10 px-2 py-0.5 text-xs font-semibold text-forest">You</span>;
const suspendedBadge = (
  <span className="ml-2 rounded-full bg-terracotta/10 px-2 py-0.5 text-xs font-semibold text-terracotta">Suspended</span>
);

/** Settings → Staff (owner only): invite, open invitations, members with their role, suspend, remove. */
export function StaffPanel({
  staff,
  invitations,
  viewerId,
  timeZone,
}: {
  staff: StaffMember[];
  invitations: OpenInvitation[];
  viewerId: string;
  timeZone: string;
}) {
  const owners = staff.filter((m) => m.role === "owner" && !m.suspended).length;
  return (
    <div className="grid grid-cols-1 gap-6">
      <SettingsSection
        title="Invite a member of staff"
        description="They get an email with a link to set their password; it works once, for 72 hours."
      >
        <InviteForm />
      </SettingsSection>
      {invitations.length > 0 && (
        <SettingsSection title="Invitations" description="Sent and not yet accepted.">
          <ul className="divide-y divide-border text-sm" aria-label="Open invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all">{invitation.email}</p>
                  <p className="mt-0.5 text-xs text-stone">
                    {ROLE_LABELS[invitation.role]} · {invitation.expired ? "expired " : "expires "}
                    <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt, timeZone)}</time>
                  </p>
                </div>
                <ConfirmButton
                  label="Revoke"
                  title="Revoke this invitation?"
                  description={`The link sent to ${invitation.email} stops working.`}
                  confirm="Revoke"
                  icon={X}
                  fields={{ intent: "revoke-invitation", invitationId: invitation.id }}
                  accessibleName={`Revoke the invitation of ${invitation.email}`}
                />
              </li>
            ))}
          </ul>
        </SettingsSection>
      )}
      <SettingsSection
        title="Staff"
        description={`${staff.length} member${staff.length === 1 ? "" : "s"}, ${owners} owner${owners === 1 ? "" : "s"}. The last owner cannot be removed, demoted or suspended. A change of role, a suspension or a removal signs the person out everywhere at once.`}
      >
        <ul className="divide-y divide-border" aria-label="Staff members">
          {staff.map((member) => {
            const isYou = member.userId === viewerId;
            return (
              <li key={member.userId} className="grid gap-3 py-4 text-sm md:grid-cols-[1fr_auto_auto] md:items-center">
                <div className="min-w-0">
                  <p className="font-medium break-all">
                    {member.email}
                    {isYou && youBadge}
                    {member.suspended && suspendedBadge}
                  </p>
                  <p className="mt-0.5 text-xs text-stone">
                    {member.name || "—"} · since <time dateTime={member.since}>{formatDate(member.since, timeZone)}</time>
                  </p>
                </div>
                {member.role === "owner" && !member.suspended && owners === 1 ? (
                  // The server refuses to demote the last owner: no select to try it with.
                  <p className="w-40 text-sm font-medium">
                    Owner <span className="block text-xs font-normal text-stone">the only one</span>
                  </p>
                ) : (
                  <RoleSelect member={member} />
                )}
                <MemberActions member={member} isYou={isYou} />
              </li>
            );
          })}
        </ul>
      </SettingsSection>
    </div>
  );
}
