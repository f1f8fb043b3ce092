import { formatDateTime } from "~/lib/dates";
import type { BackupOverview } from "~/modules/backups/backups-admin.server";
import type { SystemInfo } from "~/modules/diagnostics/system-info.server";
import type { BackupSettings } from "~/modules/settings/settings.schema";
import { BackupScheduleForm } from "./backup-schedule-form";
import { BackupsSection, BackupStorageSection } from "./backups-section";
import { SettingsRow } from "./settings-row";
import { SettingsSection } from "./settings-section";

/** 93784000 → "1 d 2 h 3 min"; under a minute → "less than a minute". */
export function formatUptime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d && `${d} d`, h && `${h} h`, m && `${m} min`].filter(Boolean).join(" ");
}

const environmentLabels: Record<SystemInfo["environment"], string> = {
  development: "Development",
  production: "Production",
  test: "Test",
};

const driverLabels = { pglite: "embedded PGlite in the data folder", postgres: "PostgreSQL server (DATABASE_URL)" } as const;

/** The System tab: the backups first (what the owner must watch), then what is running, read live (not docs/product-rules.md's static texts). */
export function SystemPanel({
  system,
  timeZone,
  backups,
  backupSettings,
  adminCount,
}: {
  system: SystemInfo;
  timeZone: string;
  backups: BackupOverview;
  backupSettings: BackupSettings;
  adminCount: number;
}) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <BackupsSection overview={backups} timeZone={timeZone} backupTime={backupSettings.backupTime} />
      </div>
      <BackupScheduleForm values={backupSettings} timeZone={timeZone} adminCount={adminCount} />
      <BackupStorageSection storage={backups.storage} />
      <SettingsSection title="Application" description="The shop as it is running now.">
        <dl className="divide-y divide-border">
          <SettingsRow label="Version">
            <span className="tabular-nums" data-testid="system-version">
              {system.version}
            </span>
          </SettingsRow>
          <SettingsRow label="Environment">{environmentLabels[system.environment]}</SettingsRow>
          <SettingsRow label="Uptime">
            {formatUptime(system.uptimeMs)}
            <span className="block text-xs font-normal text-stone">
              Started <time dateTime={system.startedAt}>{formatDateTime(system.startedAt, timeZone)}</time> ({timeZone})
            </span>
          </SettingsRow>
        </dl>
      </SettingsSection>
      <SettingsSection title="Database" description="Where orders, products and settings are kept.">
        <dl className="divide-y divide-border">
          <SettingsRow label="Driver">
            <code className="rounded-sm bg-sand px-1.5 py-0.5 font-mono text-[0.8rem]" data-testid="system-driver">
              {system.database.driver}
            </code>{" "}
            <span className="font-normal text-stone">{driverLabels[system.database.driver]}</span>
          </SettingsRow>
          <SettingsRow label="Server version">
            {system.database.error ? (
              <span className="text-destructive">Could not be read: {system.database.error}</span>
            ) : (
              <span title={system.database.fullVersion ?? undefined}>{system.database.version}</span>
            )}
          </SettingsRow>
        </dl>
      </SettingsSection>
      <SettingsSection title="Frameworks" description="Versions installed on this server.">
        <dl className="divide-y divide-border">
          {system.frameworks.map((f) => (
            <SettingsRow key={f.name} label={f.name}>
              <span className="tabular-nums">{f.version}</span>
            </SettingsRow>
          ))}
        </dl>
      </SettingsSection>
    </div>
  );
}
