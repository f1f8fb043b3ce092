import type { ReactNode } from "react";
import { CustomRequestForm } from "~/components/storefront/custom-request/custom-request-form";
import { defineIsland } from "./island";

type Props = Parameters<typeof CustomRequestForm>[0];
/**
 * Conform's `lastResult` as the page carries it: JSON built by the action's `reply()` from the
 * fields sent (its `initialValue` is typed `unknown`, which the props check cannot see through).
 */
type JsonProps = Omit<Props, "lastResult"> & { lastResult?: object };

const island = /* @__PURE__ */ defineIsland("custom-request-form", CustomRequestForm as unknown as (props: JsonProps) => ReactNode);
export const CustomRequestFormIsland = island as typeof island & ((props: Props) => ReactNode);

/** What Request Custom Order hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [CustomRequestFormIsland];
