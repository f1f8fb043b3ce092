import type { ReactNode } from "react";
import { CustomRequestPanel } from "~/components/storefront/custom-request/custom-request-panel";
import { defineIsland } from "./island";

type Props = Parameters<typeof CustomRequestPanel>[0];
/**
 * The action's answer as the page carries it: JSON (Conform's `reply()` result, whose
 * `initialValue` is typed `unknown`, which the props check cannot see through).
 */
type JsonProps = Omit<Props, "answer"> & { answer?: object };

const island = /* @__PURE__ */ defineIsland("custom-request", CustomRequestPanel as unknown as (props: JsonProps) => ReactNode);
export const CustomRequestPanelIsland = island as typeof island & ((props: Props) => ReactNode);

/** What Request Custom Order hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [CustomRequestPanelIsland];
