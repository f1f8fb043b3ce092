import { AboutSection } from "~/components/storefront/home/about-section";
import { homeFilters, type HomeFilter } from "~/modules/catalog/catalog-constants";
import { CollectionsTeaser } from "~/components/storefront/home/collections-teaser";
import { CollectionGridIsland, HeroIsland } from "~/islands/home";
import { categoryCounts, listCollection } from "~/modules/catalog/storefront-queries.server";
import { HOME_PAGE_SIZE } from "~/modules/catalog/catalog-constants";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { rootDataOf } from "~/lib/store-meta";
import { defaultStoreSettings } from "~/modules/settings/store-settings";
import { storeProfile } from "~/modules/settings/store-profile";
import { siteOrigin } from "~/lib/http.server";
import { pageMeta } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/home";
import type { IslandsHandle } from "~/islands/pages";

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): no router code in the browser.
export const handle = { islands: "home" } satisfies IslandsHandle;

// Public: the same for every anonymous visitor, so the page cache may keep it (app/lib/cache-control.ts).
export const headers = publicPageHeaders;

export async function loader({ context, url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("category") ?? "all";
  const category: HomeFilter = homeFilters.some((f) => f.slug === requested) ? (requested as HomeFilter) : "all";
  const filters = parseCollectionFilters(new URLSearchParams({ page: url.searchParams.get("page") ?? "1" }));
  const db = context.database.db;
  const [listing, counts] = await Promise.all([listCollection(db, category, filters, HOME_PAGE_SIZE), categoryCounts(db)]);
  return { listing, counts, category, origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const origin = data?.origin ?? "http://localhost:3000";
  // The Organization is the shop as set in Settings: its name, contact details and social links.
  const store = rootDataOf(matches)?.store ?? storeProfile(defaultStoreSettings);
  return pageMeta({
    title: `${store.name} | Premium African Menswear from Accra`,
    description:
      "Hand-tailored kaftans, suits, agbada, ankara and kente wear, cut and sewn by master tailors in Accra, Ghana. Shipped worldwide.",
    canonical: `${origin}/`,
    siteName: store.name,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: store.name,
        url: `${origin}/`,
        logo: `${origin}/apple-touch-icon.png`,
        email: store.contact.email,
        telephone: store.contact.phone || undefined,
        address: store.contact.addressLines.length
          ? { "@type": "PostalAddress", streetAddress: store.contact.addressLines.join(", "), addressCountry: "GH" }
          : undefined,
        sameAs: store.social.length ? store.social.map((s) => s.url) : undefined,
      },
      { "@context": "https://schema.org", "@type": "WebSite", name: store.name, url: `${origin}/` },
    ],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <HeroIsland />
      <CollectionsTeaser />
      <CollectionGridIsland listing={loaderData.listing} category={loaderData.category} counts={loaderData.counts} />
      <AboutSection />
    </main>
  );
}
