import { data } from "react-router";
import { ErrorPage } from "~/components/storefront/error-page";
import { publicPageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/not-found";
import type { IslandsHandle } from "~/islands/pages";

// Hydrated as islands, without React Router in the browser (decision 021).
export const handle = { islands: "not-found" } satisfies IslandsHandle;

// The same page for every unknown path and every visitor: the page cache keeps it once for
// all paths only this route answers (server/unknown-paths.ts).
export const headers = publicPageHeaders;

export async function loader({ context, url }: Route.LoaderArgs) {
  context.log.warn({ path: url.pathname }, "404: unknown path");
  return data({ path: url.pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
