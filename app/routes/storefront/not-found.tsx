import { data } from "react-router";
import { ErrorPage } from "~/components/storefront/error-page";
import type { Route } from "./+types/not-found";

// Hydrated as islands, without React Router in the browser (decision 021).
export const handle = { islands: "not-found" };

export async function loader({ context, url }: Route.LoaderArgs) {
  context.log.warn({ path: url.pathname }, "404: unknown path");
  return data({ path: url.pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
