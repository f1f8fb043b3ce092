import { z } from "zod";
import { searchParam } from "./input";

/**
 * The params every admin list reads from its URL (components/admin/list/list-url.ts): ?q= (the
 * search, trimmed; over 100 characters or with control characters it is refused with a 400, see
 * parseQuery in app/lib/bad-request.ts) and ?page= (1 when absent or bad, so a hand-edited link
 * still shows the list).
 */
export const listSearchParam = searchParam;
export const listPageParam = z.coerce.number().int().min(1).max(100_000).default(1).catch(1);
