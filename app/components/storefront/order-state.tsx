import { CheckCircle2, CircleAlert, Hourglass } from "lucide";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { formatDateTimeWithZone } from "~/lib/dates";
import { heldUntilSentence, type CustomerOrderState } from "~/modules/payments/customer-order-state";
import { StatusBadge } from "./order-status-badge";
import { useStoreTimeZone } from "./use-store-settings";

const toneIcon = { good: CheckCircle2, waiting: Hourglass, problem: CircleAlert } as const;
const toneColour = { good: "text-forest", waiting: "text-gold-ink", problem: "text-destructive" } as const;

/** The state's icon: a green tick only when the order is confirmed (customer-order-state.ts). */
export function OrderStateIcon({ state, className }: { state: CustomerOrderState; className?: string }) {
  return <Icon of={toneIcon[state.tone]} className={cn(toneColour[state.tone], className)} />;
}

/** "Your pieces are held for you until 3 Dec 2026, 07:00 GMT; …", in the store's timezone; null when nothing is held. */
export function useHeldUntilText(state: CustomerOrderState): string | null {
  const timeZone = useStoreTimeZone();
  return state.heldUntil ? heldUntilSentence(formatDateTimeWithZone(state.heldUntil, timeZone)) : null;
}

/**
 * What to do and until when the pieces are held, for an order that is not confirmed; nothing for
 * a confirmed one. The order's page says what to do in its payment panel (order-payment.tsx, with
 * Pay now), so there it shows the hold alone (`withMessage` false).
 */
export function OrderStateMessage({
  state,
  className,
  withMessage = true,
}: {
  state: CustomerOrderState;
  className?: string;
  withMessage?: boolean;
}) {
  const held = useHeldUntilText(state);
  if (state.key === "confirmed" || (!withMessage && !held)) return null;
  return (
    <div className={className} data-testid="order-state-message">
      {withMessage && <p>{state.message}</p>}
      {held && <p className={cn(withMessage && "mt-1", "font-semibold text-charcoal")}>{held}</p>}
    </div>
  );
}

/** The order's payment and status badges as the state words them. */
export function OrderStateBadges({ state }: { state: CustomerOrderState }) {
  return (
    <>
      <StatusBadge status={state.badges.order.colour} label={state.badges.order.label} />{" "}
      <StatusBadge status={state.badges.payment.colour} label={state.badges.payment.label} kind="payment" />
    </>
  );
}
