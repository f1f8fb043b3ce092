import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "~/routes";

/** A route of app/routes.ts with its full path and its file. */
export interface FlatRoute {
  path: string;
  file: string;
}

function flatten(entries: RouteConfigEntry[], prefix = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

/** app/routes.ts flattened to full paths ("admin/orders/drafts/:draftId"), layouts included. */
export const allRoutes: FlatRoute[] = flatten(routeConfig as RouteConfigEntry[]);
