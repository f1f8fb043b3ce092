import { renderToString } from "react-dom/server";
import { createElement as h } from "react";
import { ServerRouter, type EntryContext, type ServerBuild } from "react-router";
import { handleError } from "~/entry.server";

/** A route of a small build: React Router's route module fields the tests use. */
export interface SmallRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: {
    default?: () => unknown;
    loader?: (args: never) => unknown;
    action?: (args: never) => unknown;
    headers?: () => HeadersInit;
  };
}

/**
 * A React Router server build made of a few routes written in the test, rendered to a string by
 * the shop's own `handleError`: for tests of server/http.ts that need React Router's real request
 * handling without building the app.
 */
export function smallServerBuild(routeList: SmallRoute[], { label }: { label?: string } = {}): ServerBuild {
  // Named after `label` when given: two builds in one test then have different assets and versions.
  const module = (id: string) => `/assets/${label ? `${label}-` : ""}${id}.js`;
  const routes = Object.fromEntries(routeList.map((route) => [route.id, route]));
  const assets = Object.fromEntries(
    routeList.map((route) => [
      route.id,
      {
        id: route.id,
        parentId: route.parentId,
        path: route.path,
        index: route.index,
        module: module(route.id),
        hasLoader: Boolean(route.module.loader),
        hasAction: Boolean(route.module.action),
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
      },
    ]),
  );
  return {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
          headers.set("Content-Type", "text/html");
          return new Response(`<!DOCTYPE html>${renderToString(h(ServerRouter, { context, url: request.url }))}`, { status, headers });
        },
        handleError,
      },
    },
    routes,
    assets: { entry: { module: module("entry"), imports: [] }, routes: assets, url: module("manifest"), version: label ?? "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    basename: "/",
  } as unknown as ServerBuild;
}
