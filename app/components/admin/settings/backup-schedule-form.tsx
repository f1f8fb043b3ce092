import { getFormProps } from "@conform-to/react";
import { Field, TextInput } from "~/components/forms/field";
import { backupSettingsSchema, type BackupSettings } from "~/modules/settings/settings.schema";
import { BACKUP_KEEP } from "~/modules/settings/store-settings";
import { SettingsSaveBar } from "./settings-save-bar";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

/**
 * When the daily backup runs, how many are kept, and who hears when something goes wrong.
 * The time is typed ("03:00"), not picked: a browser's time picker may show a 12-hour clock in
 * the viewer's own zone, and this is a 24-hour time in the store's (no numeric keypad: a
 * phone's has no colon).
 */
export function BackupScheduleForm({ values, timeZone, adminCount }: { values: BackupSettings; timeZone: string; adminCount: number }) {
  const { fetcher, form, fields, busy, message } = useSettingsForm({
    intent: "backup-schedule",
    schema: backupSettingsSchema,
    defaultValue: {
      backupTime: values.backupTime,
      backupKeepDaily: String(values.backupKeepDaily),
      backupKeepWeekly: String(values.backupKeepWeekly),
      alertEmail: values.alertEmail,
    },
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid grid-cols-1 gap-6">
      <input type="hidden" name="intent" value="backup-schedule" />
      <SettingsSection
        title="Schedule and alerts"
        description="The daily backup runs on its own; older ones are removed, keeping the newest of each recent day and week."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field field={fields.backupTime} label="Daily backup time" hint={`24-hour clock, ${timeZone} time (the store's timezone).`}>
            <TextInput field={fields.backupTime} hint autoComplete="off" placeholder="03:00" className="tabular-nums" />
          </Field>
          <div className="hidden sm:block" />
          <Field
            field={fields.backupKeepDaily}
            label="Daily backups kept"
            hint={`${BACKUP_KEEP.daily.min} to ${BACKUP_KEEP.daily.max}. Default ${BACKUP_KEEP.daily.default}.`}
          >
            <TextInput
              field={fields.backupKeepDaily}
              hint
              type="number"
              inputMode="numeric"
              min={BACKUP_KEEP.daily.min}
              max={BACKUP_KEEP.daily.max}
              step={1}
              className="tabular-nums"
            />
          </Field>
          <Field
            field={fields.backupKeepWeekly}
            label="Weekly backups kept"
            hint={`${BACKUP_KEEP.weekly.min} to ${BACKUP_KEEP.weekly.max}. Default ${BACKUP_KEEP.weekly.default}.`}
          >
            <TextInput
              field={fields.backupKeepWeekly}
              hint
              type="number"
              inputMode="numeric"
              min={BACKUP_KEEP.weekly.min}
              max={BACKUP_KEEP.weekly.max}
              step={1}
              className="tabular-nums"
            />
          </Field>
          <Field
            field={fields.alertEmail}
            label="Alert email"
            optional
            className="sm:col-span-2"
            hint={`Failed backups, errors and payment problems, in one digest at most every 15 minutes. Empty: every admin (${adminCount}).`}
          >
            <TextInput field={fields.alertEmail} hint type="email" inputMode="email" autoComplete="off" placeholder="owner@example.com" />
          </Field>
        </div>
      </SettingsSection>
      <SettingsSaveBar message={message} busy={busy} errorId={form.errorId} label="Save schedule" />
    </fetcher.Form>
  );
}
