import { useEffect, useMemo } from "react";
import { createBrowserStore } from "~/lib/browser-store";
import { useBrowserValue } from "~/lib/use-browser-value";
import type { CartLine } from "~/modules/cart/cart";
import {
  codeOnCart,
  parseAppliedCode,
  type AppliedCode,
  type CodeOnCart,
  type DiscountPreviewResult,
} from "~/modules/discounts/applied-code";
import { useFormatMoney } from "../use-store-settings";

/**
 * The discount code the shopper applied, kept with the cart (localStorage, every tab; decision
 * 044): the cart panel and checkout show its saving from it, and checkout sends its code with
 * the order, which the server checks and prices again. Module state, as the cart is: a page of
 * islands has several roots.
 */
export const appliedCodeStore = createBrowserStore<AppliedCode | null>("ahenfie.discount.v1", null, parseAppliedCode);

/** What to say by the field: the last refusal (not kept across reloads). */
let notice: string | null = null;
const noticeListeners = new Set<() => void>();
const noticeStore = {
  get: () => notice,
  serverSnapshot: () => null,
  subscribe(listener: () => void) {
    noticeListeners.add(listener);
    return () => void noticeListeners.delete(listener);
  },
};
export function setCodeNotice(next: string | null) {
  notice = next;
  noticeListeners.forEach((l) => l());
}

const UNREACHABLE = "We could not check the code just now. Please try again.";

/** Asks the shop whether the code applies to these lines (POST /api/discount-code). */
export async function previewCode(code: string, lines: readonly CartLine[], email?: string): Promise<DiscountPreviewResult> {
  const body = new URLSearchParams({
    code,
    items: JSON.stringify(lines.map((l) => ({ productId: l.productId, quantity: l.quantity, madeToMeasure: !!l.madeToMeasure }))),
  });
  if (email) body.set("email", email);
  try {
    const response = await fetch("/api/discount-code", { method: "POST", body, headers: { Accept: "application/json" } });
    if (response.headers.get("Content-Type")?.includes("application/json")) return (await response.json()) as DiscountPreviewResult;
  } catch {
    // offline: said below
  }
  return { ok: false, message: UNREACHABLE };
}

/** Applies a code: kept when the shop accepts it; otherwise the reason is shown and nothing is kept. */
export async function applyCode(code: string, lines: readonly CartLine[], email?: string): Promise<boolean> {
  const result = await previewCode(code, lines, email);
  if (result.ok) {
    appliedCodeStore.set(result.applied);
    setCodeNotice(null);
    return true;
  }
  setCodeNotice(result.message);
  return false;
}

export function removeCode(reason: string | null = null) {
  appliedCodeStore.set(null);
  setCodeNotice(reason);
}

/** Rechecks a kept code once for a cart holding pieces it was not checked against (one at a time). */
let rechecking: string | null = null;
async function recheck(applied: AppliedCode, lines: readonly CartLine[]) {
  const key = `${applied.code}:${lines.map((l) => l.productId).join(",")}`;
  if (rechecking === key) return;
  rechecking = key;
  const result = await previewCode(applied.code, lines);
  rechecking = null;
  if (appliedCodeStore.get()?.code !== applied.code) return;
  if (result.ok) appliedCodeStore.set(result.applied);
  else removeCode(result.message);
}

export interface CodeSaving {
  applied: AppliedCode | null;
  /** What the kept code does for this cart now (null: no code, or being rechecked). */
  onCart: CodeOnCart | null;
  /** Pesewas off the pieces now (0 when none). */
  discount: number;
  freeShipping: boolean;
  notice: string | null;
}

/** The kept code and its saving on these lines, rechecked with the shop when a new piece came in. */
export function useCodeSaving(lines: readonly CartLine[]): CodeSaving {
  const applied = useBrowserValue(appliedCodeStore.subscribe, appliedCodeStore.get, appliedCodeStore.serverSnapshot);
  const shownNotice = useBrowserValue(noticeStore.subscribe, noticeStore.get, noticeStore.serverSnapshot);
  const formatMoney = useFormatMoney();
  const onCart = useMemo(
    () => (applied && lines.length > 0 ? codeOnCart(applied, lines, formatMoney) : null),
    [applied, lines, formatMoney],
  );
  useEffect(() => {
    if (applied && onCart?.kind === "recheck") void recheck(applied, lines);
  }, [applied, onCart, lines]);
  const applies = onCart?.kind === "applies" ? onCart : null;
  return {
    applied,
    onCart: onCart?.kind === "recheck" ? null : onCart,
    discount: applies?.discount ?? 0,
    freeShipping: applies?.freeShipping ?? false,
    notice: shownNotice,
  };
}
