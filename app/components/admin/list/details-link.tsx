import { Eye } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { buttonVariants } from "~/components/ui/button";

/**
 * "Details" of a row in an admin list: opens the row's dialog through the URL (a reload or a
 * shared link opens it again). `openedFromList` lets closing it go back instead of reloading.
 */
export function DetailsLink({ to, of, className }: { to: string; of: string; className?: string }) {
  return (
    <Link
      to={to}
      state={{ openedFromList: true }}
      preventScrollReset
      aria-label={`Details of ${of}`}
      className={buttonVariants({ variant: "outline", size: "sm", className })}
    >
      <Icon of={Eye} />
      Details
    </Link>
  );
}
