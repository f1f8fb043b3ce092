import { RefreshCw, TriangleAlert } from "lucide";
import { useRevalidator } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";

/** docs/product-rules.md §8: "Failed to fetch products", with a Retry that loads the page's data again. */
export function ProductsLoadError() {
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <Icon of={TriangleAlert} className="size-8 text-terracotta" />
      <h2 className="text-2xl font-semibold">Failed to fetch products</h2>
      <p className="max-w-md text-sm text-stone">The product list could not be loaded just now. Your catalog is safe; please try again.</p>
      <Button type="button" variant="outline" onClick={() => void revalidator.revalidate()} disabled={busy}>
        <Icon of={RefreshCw} className={busy ? "animate-spin" : undefined} /> {busy ? "Retrying…" : "Retry"}
      </Button>
    </div>
  );
}
