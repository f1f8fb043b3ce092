import { z } from "zod";

/**
 * The params every admin list reads from its URL (components/admin/list/list-url.ts): ?q= (the
 * search, trimmed, at most 100 characters) and ?page= (1 when absent or bad, so a hand-edited
 * link still shows the list).
 */
export const listSearchParam = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().slice(0, 100));
export const listPageParam = z.coerce.number().int().min(1).max(100_000).default(1).catch(1);
