import { AlertCircle, RotateCw } from "lucide";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";

/** docs/product-rules.md §8: "Error Loading Dashboard" with the message and a Retry button. */
export function DashboardError({
  message,
  reference,
  onRetry,
  retrying = false,
}: {
  message: string;
  reference?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-md border border-red-200 bg-red-50 p-6 text-center">
      <Icon of={AlertCircle} className="mx-auto size-8 text-destructive" />
      <h2 className="mt-3 text-2xl font-semibold text-charcoal">Error Loading Dashboard</h2>
      <p className="mt-2 text-sm text-charcoal">{message}</p>
      {reference && <p className="mt-1 text-xs text-stone">Reference: {reference}</p>}
      <Button className="mt-5" onClick={onRetry} disabled={retrying}>
        <Icon of={RotateCw} className={retrying ? "animate-spin" : undefined} />
        {retrying ? "Retrying…" : "Retry"}
      </Button>
    </div>
  );
}
