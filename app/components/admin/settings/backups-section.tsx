import { AlertTriangle, CheckCircle2, DatabaseBackup, Download, LoaderCircle, XCircle } from "lucide";
import { useEffect, type ReactNode } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatAge, formatDateTime } from "~/lib/dates";
import { formatFileSize } from "~/lib/numbers";
import type { BackupOverview, BackupView } from "~/modules/backups/backups-admin.server";
import type { SettingsActionResult } from "./settings-result";
import { settingsFetcherKeys } from "./settings-toasts";
import { SettingsRow } from "./settings-row";
import { SettingsSection } from "./settings-section";

/** While a backup is being written, the tab looks again this often, to show it done. */
const RUNNING_POLL_MS = 3000;

const kindLabels: Record<BackupView["kind"], string> = { scheduled: "Daily", manual: "Manual" };

function Notice({ tone, children }: { tone: "warning" | "error" | "working" | "ok"; children: ReactNode }) {
  const look = {
    warning: { icon: AlertTriangle, className: "border-yellow-300 bg-yellow-50 text-yellow-950" },
    error: { icon: XCircle, className: "border-destructive/30 bg-destructive/5 text-destructive" },
    working: { icon: LoaderCircle, className: "border-border bg-white text-charcoal" },
    ok: { icon: CheckCircle2, className: "border-forest/25 bg-forest/5 text-forest" },
  }[tone];
  return (
    <p
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      className={cn("flex gap-2 rounded-sm border p-3 text-sm", look.className)}
    >
      <Icon of={look.icon} className={cn("mt-0.5 size-4 shrink-0", tone === "working" && "motion-safe:animate-spin")} />
      <span>{children}</span>
    </p>
  );
}

/** "2 Dec 2026, 03:00 · 14 hours ago" */
function When({ at, now, timeZone }: { at: string; now: string; timeZone: string }) {
  return (
    <>
      <time dateTime={at}>{formatDateTime(at, timeZone)}</time>
      <span className="font-normal text-stone"> · {formatAge(at, now)}</span>
    </>
  );
}

function BucketState({ backup, bucketSet }: { backup: BackupView; bucketSet: boolean }) {
  if (backup.inBucket) return <span className="text-forest">Copied to the bucket</span>;
  if (backup.bucketError) return <span className="text-destructive">Not copied: {backup.bucketError}</span>;
  return <span className="font-normal text-stone">{bucketSet ? "Not copied" : "No bucket set: on this server's disk only"}</span>;
}

/** What the owner should hear first: a backup running, a failed last one, or none for too long. */
function BackupHealth({ overview, timeZone, backupTime }: { overview: BackupOverview; timeZone: string; backupTime: string }) {
  const { running, last, overdue, lastSucceededAt, now } = overview;
  return (
    <div className="mb-4 grid gap-3 empty:hidden">
      {running && (
        <Notice tone="working">
          A backup is being made (started <time dateTime={running.startedAt}>{formatDateTime(running.startedAt, timeZone)}</time>). The shop
          keeps serving meanwhile; it appears below when it is done.
        </Notice>
      )}
      {last?.status === "failed" && (
        <Notice tone="error">
          <span className="font-semibold">The last backup failed</span> (<When at={last.startedAt} now={now} timeZone={timeZone} />
          ): {last.error ?? "no reason was recorded"}. The owner&apos;s alert email says so too.
        </Notice>
      )}
      {overdue &&
        (lastSucceededAt ? (
          <Notice tone="warning">
            <span className="font-semibold">No backup has succeeded in the last 26 hours.</span> The last good one finished{" "}
            {formatAge(lastSucceededAt, now)}. Back up now, and check the server&apos;s disk space and log.
          </Notice>
        ) : (
          <Notice tone="warning">
            <span className="font-semibold">No backup has been made yet.</span> The first daily one runs at {backupTime} ({timeZone}); back
            up now to have one today.
          </Notice>
        ))}
    </div>
  );
}

function BackUpNowButton({ running }: { running: boolean }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys["back-up-now"] });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="back-up-now" />
      {/* Not disabled while running: a second click is answered by the server, in words (a running backup refuses another). */}
      <Button type="submit" disabled={busy} aria-describedby="back-up-now-hint">
        <Icon of={DatabaseBackup} />
        {busy || running ? "Backing up…" : "Back up now"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * A plain link, not `download`: the file comes as an attachment (the page stays), and a file
 * gone meanwhile shows its 404's words instead of saving them as "download.txt".
 */
function DownloadLink({ backup, timeZone }: { backup: BackupView; timeZone: string }) {
  if (!backup.downloadable) return <span className="text-xs text-stone">On {backup.host}&apos;s disk only</span>;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={`/admin/backups/${backup.id}/download`} aria-label={`Download the backup of ${formatDateTime(backup.startedAt, timeZone)}`}>
        <Icon of={Download} />
        Download
      </a>
    </Button>
  );
}

function KeptBackups({ overview, timeZone }: { overview: BackupOverview; timeZone: string }) {
  const { kept, now, storage } = overview;
  if (kept.length === 0) return <p className="text-sm text-stone">No backup is kept yet.</p>;
  const bucketSet = storage.bucket !== null;
  return (
    <ul className="divide-y divide-border" aria-label="Kept backups">
      {kept.map((backup) => (
        <li key={backup.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-charcoal">
              <When at={backup.startedAt} now={now} timeZone={timeZone} />
            </p>
            <p className="mt-0.5 text-xs text-stone">
              {kindLabels[backup.kind]} ·{" "}
              <span className="tabular-nums">{backup.sizeBytes === null ? "size unknown" : formatFileSize(backup.sizeBytes)}</span> ·{" "}
              <BucketState backup={backup} bucketSet={bucketSet} />
            </p>
          </div>
          <DownloadLink backup={backup} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Settings → System's backups: is the shop safe (the last backup, its age, size and copy, a
 * warning after 26 hours without one), "Back up now", and the kept files to download.
 */
export function BackupsSection({ overview, timeZone, backupTime }: { overview: BackupOverview; timeZone: string; backupTime: string }) {
  const { last, now, storage, running } = overview;
  const revalidator = useRevalidator();
  const isRunning = running !== null;
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, RUNNING_POLL_MS);
    return () => clearInterval(timer);
  }, [isRunning, revalidator]);

  return (
    <SettingsSection
      title="Backups"
      description={`Every order, customer, measurement, photo and setting in one compressed file, made every day at ${backupTime} (${timeZone}).`}
    >
      <BackupHealth overview={overview} timeZone={timeZone} backupTime={backupTime} />
      <dl className="divide-y divide-border" data-testid="last-backup">
        <SettingsRow label="Last backup">
          {last ? <When at={last.startedAt} now={now} timeZone={timeZone} /> : <span className="font-normal text-stone">None yet</span>}
        </SettingsRow>
        {last && (
          <>
            <SettingsRow label="Result">
              {last.status === "succeeded" ? (
                <span className="text-forest">Succeeded</span>
              ) : (
                <span className="text-destructive">Failed: {last.error ?? "no reason was recorded"}</span>
              )}
            </SettingsRow>
            <SettingsRow label="Kind">{kindLabels[last.kind]}</SettingsRow>
            {last.status === "succeeded" && (
              <>
                <SettingsRow label="Size">
                  <span className="tabular-nums">{last.sizeBytes === null ? "Unknown" : formatFileSize(last.sizeBytes)}</span>
                </SettingsRow>
                <SettingsRow label="Bucket copy">
                  <BucketState backup={last} bucketSet={storage.bucket !== null} />
                </SettingsRow>
              </>
            )}
          </>
        )}
      </dl>
      <div className="mt-4 flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p id="back-up-now-hint" className="text-sm text-stone">
          A backup takes a few seconds (longer for a large shop); the shop keeps serving while it is made.
        </p>
        <BackUpNowButton running={isRunning} />
      </div>
      <h3 className="mt-6 mb-3 text-xs font-semibold tracking-[0.12em] text-stone uppercase">Kept backups</h3>
      <KeptBackups overview={overview} timeZone={timeZone} />
    </SettingsSection>
  );
}

const code = "rounded-sm bg-sand px-1.5 py-0.5 font-mono text-[0.8rem] break-all";

/** Where the files live: this server's folder, and the bucket when BACKUP_S3_URL is set (its address, never its keys). */
export function BackupStorageSection({ storage }: { storage: BackupOverview["storage"] }) {
  return (
    <SettingsSection title="Where backups are kept" description="Server settings, not stored in the shop.">
      <dl className="divide-y divide-border">
        <SettingsRow label="On this server">
          <code className={code}>{storage.directory}</code>
          <span className="block pt-1 font-normal text-stone">DATA_DIR/backups: keep this folder on a disk that survives the server.</span>
        </SettingsRow>
        <SettingsRow label="Bucket copy">
          {storage.bucket ? (
            <>
              <code className={code}>{storage.bucket}</code>
              <span className="block pt-1 font-normal text-stone">BACKUP_S3_URL is set (its keys are kept on the server).</span>
            </>
          ) : (
            <span className="font-normal text-stone">
              Not set. Set <code className={code}>BACKUP_S3_URL</code> to copy every backup to an S3-compatible bucket, off this server
              (docs/deploy.md).
            </span>
          )}
        </SettingsRow>
      </dl>
    </SettingsSection>
  );
}
