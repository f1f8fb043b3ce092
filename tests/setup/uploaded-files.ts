import { like } from "drizzle-orm";
import type { Db } from "~db/client";
import { uploadedFiles } from "~db/schema/uploads";

/** The paths of the uploaded files stored so far (those starting with `prefix`), sorted. */
export async function uploadedPaths(db: Db, prefix = ""): Promise<string[]> {
  const rows = await db
    .select({ path: uploadedFiles.path })
    .from(uploadedFiles)
    .where(like(uploadedFiles.path, `${prefix}%`));
  return rows.map((row) => row.path).sort();
}
