import { Check, ChevronDown, LoaderCircle } from "lucide";
import { Select } from "radix-ui";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { AdminStatusBadge, adminStatusColours, adminStatusDot, statusLabel } from "~/components/admin/admin-status-badge";
import { cn } from "~/lib/cn";
import { isRefundStatus, manualPaymentStatuses, orderStatuses } from "~/modules/orders/order-constants";
import { toastOrderUpdate, type OrderUpdateResult } from "./order-update";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";

/**
 * The inline Status / Payment select of an orders row, in the admin badge colours. A choice
 * is saved at once through a fetcher; while it saves the select shows the new value, and if
 * the save fails it shows the saved value again (the loader's), with a toast saying so.
 * Payment offers pending, paid and failed; a refunded (or partly refunded) order shows its
 * badge instead: refunds are made, and followed, in the order's details.
 */
export function InlineStatusSelect({
  kind,
  orderId,
  orderNumber,
  value,
}: {
  kind: "order" | "payment";
  orderId: string;
  orderNumber: string;
  value: string;
}) {
  const { can } = useAdminViewer();
  const fetcher = useFetcher<OrderUpdateResult>();
  const field = kind === "order" ? "status" : "paymentStatus";
  const pending = fetcher.formData?.get(field);
  const shown = typeof pending === "string" ? pending : value;
  const busy = fetcher.state !== "idle";
  const options: readonly string[] = kind === "order" ? orderStatuses : manualPaymentStatuses;
  const label = `${kind === "order" ? "Order status" : "Payment status"} of ${orderNumber}`;

  // One toast per answer (fetcher.data is a new object for each response).
  const toasted = useRef<OrderUpdateResult | undefined>(undefined);
  useEffect(() => {
    if (!fetcher.data || toasted.current === fetcher.data) return;
    toasted.current = fetcher.data;
    toastOrderUpdate(fetcher.data, orderNumber);
  }, [fetcher.data, orderNumber]);

  // A role without this change (decision 047) reads the status; the server would refuse it anyway.
  if (!can(kind === "order" ? "orders.fulfil" : "payments.record"))
    return (
      <span className="inline-flex h-8 items-center">
        <AdminStatusBadge kind={kind} status={value} className="py-1.5 pl-3" />
      </span>
    );
  if (kind === "payment" && isRefundStatus(value)) {
    return (
      <span className="inline-flex h-8 items-center" title="Refunds are made and followed in the order's details">
        <AdminStatusBadge kind="payment" status={value} className="py-1.5 pl-3" />
      </span>
    );
  }

  return (
    <Select.Root
      value={shown}
      onValueChange={(next) => {
        if (next === shown) return;
        void fetcher.submit({ intent: kind === "order" ? "status" : "payment", orderId, [field]: next }, { method: "post" });
      }}
    >
      <Select.Trigger
        aria-label={label}
        aria-busy={busy || undefined}
        className={cn(
          "inline-flex h-8 min-w-[8.5rem] cursor-pointer items-center justify-between gap-2 rounded-full pr-2 pl-3 text-xs font-semibold ring-1 transition-shadow ring-inset hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold",
          adminStatusColours(kind, shown),
        )}
      >
        <Select.Value>{statusLabel(shown)}</Select.Value>
        {busy ? (
          <Icon of={LoaderCircle} className="size-3.5 animate-spin" />
        ) : (
          <Select.Icon>
            <Icon of={ChevronDown} className="size-3.5 opacity-70" />
          </Select.Icon>
        )}
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={6}
          className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-border bg-ivory p-1 shadow-xl"
        >
          <Select.Viewport>
            {options.map((option) => (
              <Select.Item
                key={option}
                value={option}
                className="relative flex cursor-pointer items-center gap-2 rounded-sm py-2 pr-8 pl-2 text-sm text-charcoal outline-none select-none data-[highlighted]:bg-sand"
              >
                <span className={cn("size-2.5 rounded-full", adminStatusDot(option))} aria-hidden />
                <Select.ItemText>{statusLabel(option)}</Select.ItemText>
                <Select.ItemIndicator className="absolute right-2">
                  <Icon of={Check} className="size-4 text-forest" />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
