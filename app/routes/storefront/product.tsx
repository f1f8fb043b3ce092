import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { Breadcrumbs } from "~/components/storefront/breadcrumbs";
import { Button } from "~/components/ui/button";
import { getProduct, relatedProducts } from "~/modules/catalog/storefront-queries.server";
import { productIdSchema } from "~/modules/catalog/catalog.schema";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { siteOrigin } from "~/lib/http.server";
import { absoluteImage } from "~/lib/images";
import { toDecimalString, formatMoney } from "~/lib/money";
import { breadcrumbJsonLd, pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/lib/store-meta";
import { publicPageHeaders } from "~/lib/cache-control";
import { loadProductReviews } from "~/modules/reviews/product-reviews.server";
import { reviewsJsonLd } from "~/modules/reviews/review-structured-data";
import { productGroupJsonLd } from "~/modules/catalog/product-structured-data";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { ProductGridIsland, ProductReviewsIsland } from "~/islands/product";
import { ProductDetails } from "~/components/storefront/product/product-details";
import type { Route } from "./+types/product";
import type { IslandsHandle } from "~/islands/pages";

// Public: the same for every anonymous visitor, so the page cache may keep it (app/lib/cache-control.ts).
export const headers = publicPageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): no router code in the browser.
export const handle = { islands: "product" } satisfies IslandsHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const id = productIdSchema.safeParse(params.productId);
  const product = id.success ? await getProduct(context.database.db, id.data) : null;
  if (!product) return data({ product: null, related: [], origin }, { status: 404 });
  // Settings are held in memory (settings.server.ts): reading them first costs no round trip.
  const { timezone: timeZone } = await getStoreSettings(context.database.db);
  const [related, reviews] = await Promise.all([
    relatedProducts(context.database.db, product),
    loadProductReviews(context.database.db, product.id, timeZone),
  ]);
  return { product, related, origin, reviews, timeZone };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const product = loaderData?.product;
  if (!loaderData || !product) return [{ title: "Product Not Found" }, { name: "robots", content: "noindex" }];
  const { origin } = loaderData;
  const url = `${origin}/product/${product.id}`;
  const inStock = product.totalStock > 0;
  const store = rootDataOf(matches)?.store;
  const storeName = store?.name ?? "";
  const currency = store?.currency ?? "GHS";
  return pageMeta({
    title: `${product.name} | ${storeName}`,
    description: `${product.name}, ${formatMoney(product.price, currency)}. ${product.description ?? ""}`,
    canonical: url,
    siteName: storeName,
    type: "product",
    image: absoluteImage(origin, product.image),
    imageAlt: product.name,
    extra: [
      { property: "product:price:amount", content: toDecimalString(product.price) },
      { property: "product:price:currency", content: currency },
      { property: "product:availability", content: inStock ? "in stock" : "out of stock" },
    ],
    jsonLd: [
      // One ProductGroup, a Product per colour × size with its own stock; a rating only from real,
      // approved reviews, nothing without one (docs/product-rules.md §13 "Reviews are real").
      productGroupJsonLd(product, { origin, url, storeName, currency }, reviewsJsonLd(loaderData.reviews)),
      breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        ...(product.category ? [{ name: product.category.name, path: `/collections/${product.category.slug}` }] : []),
        { name: product.name, path: `/product/${product.id}` },
      ]),
    ],
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.product) return <ProductNotFound />;
  return <ProductView key={loaderData.product.id} product={loaderData.product} data={loaderData} />;
}

type ProductData = Extract<Route.ComponentProps["loaderData"], { reviews: unknown }>;

function ProductView({ product, data: { related, reviews, timeZone } }: { product: ProductDetail; data: ProductData }) {
  return (
    <main data-page="product" className="mx-auto max-w-7xl px-4 pt-3 pb-24 md:px-8 md:pt-10">
      <Breadcrumbs
        items={[
          { label: "Home", to: "/" },
          ...(product.category ? [{ label: product.category.name, to: `/collections/${product.category.slug}` }] : []),
          { label: product.name },
        ]}
      />
      <ProductDetails product={product} reviewSummary={reviews.summary} />
      <ProductReviewsIsland productId={product.id} reviews={reviews} timeZone={timeZone} />

      {related.length > 0 && (
        <section className="mt-24" aria-labelledby="related-heading">
          <h2 id="related-heading" className="mb-10 text-3xl font-semibold md:text-4xl">
            You may also like
          </h2>
          <ProductGridIsland products={related} />
        </section>
      )}
    </main>
  );
}

function ProductNotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-5xl font-semibold">Product Not Found</h1>
      <p className="mt-4 text-stone">This piece may have sold out for good or moved. Our tailors have plenty more to show you.</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
