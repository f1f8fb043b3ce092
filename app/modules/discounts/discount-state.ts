/**
 * A code's state as staff read it in Admin → Discounts and as the shopper's refusal follows it:
 * paused (staff's switch), scheduled (before its start), expired (from its end), used up (its
 * uses reached the limit), else active. Pure; `now` is a parameter.
 */
export type DiscountState = "active" | "paused" | "scheduled" | "expired" | "used-up";

export interface DiscountTiming {
  paused: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
}

export function discountState(code: DiscountTiming, uses: number, now: Date): DiscountState {
  if (code.endsAt && code.endsAt.getTime() <= now.getTime()) return "expired";
  if (code.usageLimit !== null && uses >= code.usageLimit) return "used-up";
  if (code.paused) return "paused";
  if (code.startsAt && code.startsAt.getTime() > now.getTime()) return "scheduled";
  return "active";
}

export const discountStateLabels: Record<DiscountState, string> = {
  active: "Active",
  paused: "Paused",
  scheduled: "Scheduled",
  expired: "Expired",
  "used-up": "Used up",
};
