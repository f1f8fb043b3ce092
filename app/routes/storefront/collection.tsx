import { isRouteErrorResponse, useParams } from "react-router";
import { Breadcrumbs } from "~/components/storefront/breadcrumbs";
import { listCollection } from "~/modules/catalog/storefront-queries.server";
import { COLLECTION_PAGE_SIZE, collectionTitle, isKnownCollection } from "~/modules/catalog/catalog-constants";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { refusalMessage } from "~/lib/bad-request";
import { rootDataOf } from "~/lib/store-meta";
import { siteOrigin } from "~/lib/http.server";
import { absoluteImage } from "~/lib/images";
import { toDecimalString } from "~/lib/money";
import { breadcrumbJsonLd, pageMeta } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/cache-control";
import { CollectionResultsIsland } from "~/islands/collection";
import type { Route } from "./+types/collection";
import type { IslandsHandle } from "~/islands/pages";

// Public: the same for every anonymous visitor, so the page cache may keep it (app/lib/cache-control.ts).
export const headers = publicPageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): no router code in the browser.
export const handle = { islands: "collection" } satisfies IslandsHandle;

// A Map, not an object: "/collections/constructor" must not find Object.prototype.constructor.
const intros = new Map<string, string>(
  Object.entries({
    kaftans: "Flowing, breathable and quietly regal: kaftans in kente, linen and hand embroidery, made for Accra heat and evening light.",
    suits: "Modern tailoring with a West African signature: kente lapels, ankara linings and cuts finished by hand.",
    agbada: "Grand three-piece agbada with sweeping robes and fine embroidery, for weddings, naming ceremonies and durbars.",
    ankara: "Bold Ghanaian wax prints cut into shirts, two-pieces and jackets that carry colour with confidence.",
    kente: "Hand-woven strips from Bonwire, each pattern carrying a proverb, made into pieces for the moments that matter.",
    traditional: "Fugu smocks, dashikis and heritage sets rooted in the traditions of Ghana's north and south.",
    all: "Every piece in the house: kaftans, suits, agbada, ankara, kente and traditional wear, tailored in Accra.",
  }),
);

/** Display title: "Kaftans", "The Full Collection", or "Collection" for unknown slugs. */
function headingFor(slug: string) {
  if (slug === "all") return "The Full Collection";
  const title = collectionTitle(slug);
  return title === "Collection" ? "Collection" : `${title} Collection`;
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const slug = params.category.toLowerCase();
  const filters = parseCollectionFilters(url.searchParams);
  const listing = await listCollection(context.database.db, slug, filters, COLLECTION_PAGE_SIZE);
  return { slug, filters, listing, origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data, params, matches }) => {
  if (!data) return [{ title: "Collection" }];
  const slug = data.slug;
  const known = isKnownCollection(slug);
  const heading = headingFor(slug);
  const canonical = `${data.origin}/collections/${params.category}`;
  const items = data.listing.items;
  const store = rootDataOf(matches)?.store;
  const storeName = store?.name ?? "";
  return pageMeta({
    title: known ? `${heading} | Premium African Menswear` : "Collection",
    description: `${intros.get(slug) ?? "Premium African menswear tailored in Accra, Ghana."} Shop ${data.listing.total} pieces from ${storeName}.`,
    canonical,
    siteName: storeName,
    noindex: !known,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: heading,
        numberOfItems: items.length,
        itemListElement: items.map((p, index) => ({
          "@type": "ListItem",
          position: (data.listing.page - 1) * data.listing.pageSize + index + 1,
          url: `${data.origin}/product/${p.id}`,
          item: {
            "@type": "Product",
            name: p.name,
            url: `${data.origin}/product/${p.id}`,
            image: absoluteImage(data.origin, p.image),
            offers: {
              "@type": "Offer",
              price: toDecimalString(p.price),
              priceCurrency: store?.currency ?? "GHS",
              availability: p.totalStock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            },
          },
        })),
      },
      breadcrumbJsonLd(data.origin, [
        { name: "Home", path: "/" },
        { name: "Collections", path: "/collections/all" },
        { name: heading, path: `/collections/${params.category}` },
      ]),
    ],
  });
};

export default function Collection({ loaderData, params }: Route.ComponentProps) {
  const { slug, filters, listing } = loaderData;
  const heading = headingFor(slug);
  const shortTitle = slug === "all" ? "All" : collectionTitle(slug);
  return (
    <main className="mx-auto max-w-7xl px-4 pt-3 pb-24 md:px-8 md:pt-12">
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Collections", to: "/collections/all" }, { label: shortTitle }]} />
      {/* Compact on a phone: the first products show on the first screen. */}
      <header className="mt-3 mb-4 max-w-3xl md:mt-6 md:mb-10">
        <h1 className="text-3xl font-semibold md:text-6xl sm:text-5xl">{heading}</h1>
        <p className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-stone md:mt-4 md:text-lg sm:line-clamp-none">
          {intros.get(slug) ?? "We could not find this collection. Browse our kaftans, suits and heritage pieces instead."}
        </p>
      </header>
      <CollectionResultsIsland
        key={slug}
        category={params.category}
        title={shortTitle === "All" ? "products" : shortTitle}
        filters={filters}
        listing={listing}
      />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const params = useParams();
  const message = isRouteErrorResponse(error) ? refusalMessage(error.data) : undefined;
  return (
    <main className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{headingFor(params.category ?? "")}</h1>
      <p role="alert" className="mt-6 text-stone">
        {message || "Failed to load products"}
      </p>
      <a
        href={`/collections/${params.category ?? "all"}`}
        className="mt-8 inline-block font-semibold text-forest underline underline-offset-4"
      >
        Try again
      </a>
    </main>
  );
}
