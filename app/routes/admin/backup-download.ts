import { Readable } from "node:stream";
import { requireStaffPage } from "~/modules/auth/session.server";
import { openBackupDownload } from "~/modules/backups/backup-download.server";
import { backupPlace } from "~/modules/backups/backup-place.server";
import type { Route } from "./+types/backup-download";

/** A backup's number as the URL carries it: digits only, so nothing else reaches the database. */
const BACKUP_ID = /^[1-9]\d{0,8}$/;

/** A plain page saying why there is no file, and where to go back to (the link opened it in the tab). */
function unavailable(reason: string) {
  return new Response(`Backup not available. ${reason}\n\nBackups are listed in Settings → System: /admin/settings?tab=system\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * /admin/backups/:backupId/download — a backup's file (every order, customer and photo of the
 * shop), for admins only, never stored by a cache: from this server's disk, else the bucket's
 * copy. The file is the one the backups row names, never a path from the request.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/backups/:backupId/download");
  if (!BACKUP_ID.test(params.backupId)) return unavailable("There is no such backup.");
  const place = backupPlace(context.config, context.database.driver);
  const file = await openBackupDownload(context.database.db, place, Number(params.backupId));
  if (!file.found) return unavailable(file.reason);
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      ...(file.size === undefined ? {} : { "Content-Length": String(file.size) }),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
