import type { ReactNode } from "react";
import { ReviewForm } from "~/components/storefront/product/reviews/review-form";
import { defineIsland } from "./island";

type Props = Parameters<typeof ReviewForm>[0];
/**
 * Conform's `lastResult` as the page carries it: JSON built by the action's `reply()` from the
 * fields sent (its `initialValue` is typed `unknown`, which the props check cannot see through).
 */
type JsonProps = Omit<Props, "lastResult"> & { lastResult?: object };

const island = /* @__PURE__ */ defineIsland("review-form", ReviewForm as unknown as (props: JsonProps) => ReactNode);
export const ReviewFormIsland = island as typeof island & ((props: Props) => ReactNode);

/** What the review page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [ReviewFormIsland];
