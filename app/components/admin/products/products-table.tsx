import { stockLevel } from "~/modules/catalog/stock-level";
import { PackageOpen, Pencil, SearchX } from "lucide-react";
import { Link } from "react-router";
import { money } from "~/components/admin/admin-format";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { imageSrc } from "~/lib/images";
import { currencySymbols, type CurrencyCode } from "~/lib/money";
import type { AdminProductListing, AdminProductRow } from "~/modules/catalog/product-management-types";
import { DeleteProductButton } from "./delete-product-button";

const th = "px-4 py-3 text-left text-xs font-semibold tracking-[0.12em] text-stone uppercase";

/** The products of one page: Name, SKU, Category, Price, Stock, Status, Actions (docs/product-rules.md). */
export function ProductsTable({
  listing,
  currency,
  lowStockThreshold,
  filtered,
  openHref,
}: {
  listing: AdminProductListing;
  currency: CurrencyCode;
  lowStockThreshold: number;
  filtered: boolean;
  /** The page's URL with the product dialog open on `key` ("new" or an id). */
  openHref: (key: string) => string;
}) {
  if (listing.items.length === 0) return <EmptyProducts filtered={filtered} addHref={openHref("new")} />;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <caption className="sr-only">
          Products, page {listing.page} of {Math.max(listing.pageCount, 1)}
        </caption>
        <thead className="border-b border-border bg-sand/40">
          <tr>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              SKU
            </th>
            <th scope="col" className={th}>
              Category
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              Price ({currencySymbols[currency]})
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              Stock
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border/70">
          {listing.items.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              currency={currency}
              lowStockThreshold={lowStockThreshold}
              editHref={openHref(String(product.id))}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductRow({
  product,
  currency,
  lowStockThreshold,
  editHref,
}: {
  product: AdminProductRow;
  currency: CurrencyCode;
  lowStockThreshold: number;
  editHref: string;
}) {
  return (
    <tr className="transition-colors hover:bg-white/70">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <div className="flex items-center gap-3">
          <img
            src={imageSrc(product.image, 480)}
            alt=""
            width={40}
            height={50}
            loading="lazy"
            decoding="async"
            className="h-[50px] w-10 shrink-0 rounded-sm bg-sand object-cover ring-1 ring-border"
          />
          <div className="min-w-0">
            <p className="max-w-[22rem] truncate font-semibold text-charcoal" title={product.name}>
              {product.name}
            </p>
            {product.isFeatured && (
              <span className="mt-1 inline-flex items-center rounded-full bg-gold/20 px-2 py-0.5 text-[0.68rem] font-bold tracking-[0.1em] text-gold-ink uppercase ring-1 ring-gold/50 ring-inset">
                Featured
              </span>
            )}
          </div>
        </div>
      </th>
      <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-charcoal">
        {product.sku ?? <span className="text-stone">—</span>}
      </td>
      <td className="px-4 py-3 text-charcoal">{product.category?.name ?? <span className="text-stone">Uncategorised</span>}</td>
      <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
        <span className="font-semibold text-charcoal">{money(product.price, currency)}</span>
        {product.originalPrice !== null && (
          <s className="block text-xs text-stone">
            <span className="sr-only">Original price </span>
            {money(product.originalPrice, currency)}
          </s>
        )}
      </td>
      <td className="px-4 py-3 text-right">
        <StockLevel stock={product.stockQuantity} threshold={lowStockThreshold} />
      </td>
      <td className="px-4 py-3">
        <StatusBadge active={product.isActive} />
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-1">
          <Link
            to={editHref}
            state={{ openedFromList: true }}
            preventScrollReset
            aria-label={`Edit ${product.name}`}
            title="Edit"
            className={cn(buttonVariants({ variant: "ghost", size: "icon-sm" }))}
          >
            <Pencil aria-hidden />
          </Link>
          <DeleteProductButton id={product.id} name={product.name} />
        </div>
      </td>
    </tr>
  );
}

/** Low stock is said in words as well as colour: none left in red, a few left in amber. */
function StockLevel({ stock, threshold }: { stock: number; threshold: number }) {
  const figure = stock.toLocaleString("en-GB");
  const level = stockLevel(stock, threshold);
  if (level === "sold-out")
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 tabular-nums ring-1 ring-red-200 ring-inset">
        0 · Out of stock
      </span>
    );
  if (level === "low")
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums ring-1 ring-amber-300 ring-inset">
        {figure} · Low stock
      </span>
    );
  return <span className="text-charcoal tabular-nums">{figure}</span>;
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        active ? "bg-green-100 text-green-900 ring-green-300" : "bg-sand text-stone ring-sand-deep",
      )}
    >
      <span className={cn("size-1.5 rounded-full", active ? "bg-green-600" : "bg-stone/60")} aria-hidden />
      {active ? "Active" : "Inactive"}
    </span>
  );
}

function EmptyProducts({ filtered, addHref }: { filtered: boolean; addHref: string }) {
  const Icon = filtered ? SearchX : PackageOpen;
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <Icon className="size-9 text-gold-ink" aria-hidden />
      <h2 className="text-2xl font-semibold">{filtered ? "No products match these filters" : "No products yet"}</h2>
      <p className="max-w-md text-sm text-stone">
        {filtered
          ? "Try another name or SKU, or widen the category and status."
          : "Add your first product: it appears on the storefront as soon as it is saved as active."}
      </p>
      {filtered ? (
        <Link to={{ search: "" }} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Clear filters
        </Link>
      ) : (
        <Link to={addHref} state={{ openedFromList: true }} className={buttonVariants({ size: "sm" })}>
          Add Product
        </Link>
      )}
    </div>
  );
}
