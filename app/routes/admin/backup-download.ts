import { requireAdmin } from "~/modules/auth/session.server";
import { BackupUnavailableError, openBackupForDownload } from "~/modules/backups/backup-download.server";
import type { Route } from "./+types/backup-download";

/** A backup's number as the URL carries it: digits only, so nothing else reaches the database. */
const BACKUP_ID = /^[1-9]\d{0,8}$/;

/** A plain page saying why there is no file, and where to go back to (the link opened it in the tab). */
function unavailable(message: string) {
  return new Response(`Backup not available. ${message}\n\nBackups are listed in Settings → System: /admin/settings?tab=system\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * /admin/backups/:backupId/download — a backup's file (every order, customer and photo of the
 * shop), for admins only, never stored by a cache. The file is the one the backups row names,
 * never a path from the request.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  if (!BACKUP_ID.test(params.backupId)) return unavailable("There is no backup with this number.");
  try {
    const file = await openBackupForDownload(context.database.db, Number(params.backupId), { dataDir: context.config.dataDir });
    return new Response(file.body, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Length": String(file.sizeBytes),
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof BackupUnavailableError) return unavailable(error.message);
    throw error;
  }
}
