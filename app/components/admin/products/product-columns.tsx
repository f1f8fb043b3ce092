import { Pencil } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { money } from "~/components/admin/admin-format";
import type { Column } from "~/components/admin/list/data-table";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { currencySymbols, type CurrencyCode } from "~/lib/money";
import { stockLevel } from "~/modules/catalog/stock-level";
import type { AdminProductRow } from "~/modules/catalog/product-management-types";
import { DeleteProductButton } from "./delete-product-button";

/**
 * The products list: Name, SKU, Category, Price, Stock, Status, Actions (docs/product-rules.md).
 * On a phone: the picture and name with the price beside them, SKU and category under them,
 * stock and status as figures, then Edit and Delete.
 */
export function productColumns(
  currency: CurrencyCode,
  lowStockThreshold: number,
  editHref: (id: string) => string,
): Column<AdminProductRow>[] {
  return [
    { header: "Name", rowHeader: true, className: "font-normal", cell: (p) => <ProductName product={p} />, phone: "title" },
    {
      header: "SKU",
      className: "font-mono text-xs whitespace-nowrap text-charcoal",
      cell: (p) => p.sku ?? <span className="text-stone">—</span>,
      phone: [{ role: "subtitle", cell: (p) => (p.sku ? <span className="font-mono">SKU {p.sku}</span> : null) }],
    },
    {
      header: "Category",
      className: "text-charcoal",
      cell: (p) => p.category?.name ?? <span className="text-stone">Uncategorised</span>,
      phone: [{ role: "subtitle", cell: (p) => p.category?.name ?? "Uncategorised" }],
    },
    {
      header: `Price (${currencySymbols[currency]})`,
      align: "right",
      className: "whitespace-nowrap tabular-nums",
      cell: (p) => (
        <>
          <span className="font-semibold text-charcoal">{money(p.price, currency)}</span>
          {p.originalPrice !== null && (
            <s className="block text-xs text-stone">
              <span className="sr-only">Original price </span>
              {money(p.originalPrice, currency)}
            </s>
          )}
        </>
      ),
      phone: "trailing",
    },
    { header: "Stock", align: "right", cell: (p) => <ProductStock product={p} threshold={lowStockThreshold} />, phone: "meta" },
    { header: "Status", cell: (p) => <StatusBadge active={p.isActive} />, phone: "meta" },
    {
      header: "Actions",
      align: "right",
      cell: (p) => (
        <div className="flex justify-end gap-1">
          <Link
            to={editHref(String(p.id))}
            state={{ openedFromList: true }}
            preventScrollReset
            aria-label={`Edit ${p.name}`}
            title="Edit"
            className={cn(buttonVariants({ variant: "ghost", size: "icon-sm" }))}
          >
            <Icon of={Pencil} />
          </Link>
          <DeleteProductButton id={p.id} name={p.name} />
        </div>
      ),
      phone: "actions",
    },
  ];
}

function ProductName({ product }: { product: AdminProductRow }) {
  return (
    <div className="flex items-center gap-3">
      <ProductThumbnail
        base={product.image}
        width={40}
        loading="lazy"
        decoding="async"
        className="h-[50px] w-10 shrink-0 ring-1 ring-border"
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
  );
}

/**
 * The product's units over all its sizes and colours, marked when few or none are left, and
 * under it how many of its sizes and colours are sold out or low ("2 sold out · 1 low"), so a
 * product with plenty overall but an empty XL still stands out.
 */
function ProductStock({ product, threshold }: { product: AdminProductRow; threshold: number }) {
  const note = [
    product.totalStock > 0 && product.variantsSoldOut > 0 && `${product.variantsSoldOut} sold out`,
    product.variantsLow > 0 && `${product.variantsLow} low`,
  ].filter(Boolean);
  return (
    <span className="inline-flex flex-col items-end gap-1 max-md:items-start">
      <StockLevel stock={product.totalStock} threshold={threshold} />
      {note.length > 0 && (
        <span className="text-xs font-medium whitespace-nowrap text-stone">
          <span className="sr-only">Sizes and colours: </span>
          {note.join(" · ")}
        </span>
      )}
    </span>
  );
}

/** Low stock is said in words as well as colour: none left in red, a few left in amber. */
function StockLevel({ stock, threshold }: { stock: number; threshold: number }) {
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
        {stock.toLocaleString("en-GB")} · Low stock
      </span>
    );
  return <span className="text-charcoal tabular-nums">{stock.toLocaleString("en-GB")}</span>;
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
