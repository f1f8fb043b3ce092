import { PenLine } from "lucide";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";

/**
 * "Review this item" beside a line of a delivered order the signed-in customer is looking at.
 * The review page checks again that a delivered order of theirs holds the piece.
 */
export function ReviewItemLink({
  productId,
  name,
  orderStatus,
  signedIn,
}: {
  productId: number | null;
  name: string;
  orderStatus: string;
  signedIn: boolean;
}) {
  if (!signedIn || orderStatus !== "delivered" || productId === null) return null;
  return (
    <Link
      to={`/product/${productId}/review`}
      className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-forest underline-offset-4 hover:underline"
    >
      <Icon of={PenLine} className="size-3.5" /> Review this item<span className="sr-only">: {name}</span>
    </Link>
  );
}
