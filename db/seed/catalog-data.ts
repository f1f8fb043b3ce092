/**
 * The seed catalog: six categories and the products a fresh store starts with.
 *
 * Money is in integer pesewas (1 GHS = 100 pesewas). Products 1–8 follow the product
 * specification; the rest fill out every category. `garment` and `pattern` drive the generated
 * artwork (scripts/generate-artwork.ts); each colour has an image at
 * `productImageBase(product, colour.name)` + `-<width>.webp`.
 */

export type CategorySlug = "kaftans" | "suits" | "agbada" | "ankara" | "kente" | "traditional";
export type GarmentShape = "kaftan" | "suit" | "agbada" | "shirt" | "smock" | "trousers-set";
export type TextilePattern = "kente" | "adinkra" | "ankara" | "mudcloth" | "embroidery" | "pinstripe" | "plain";

export interface SeedCategory {
  slug: CategorySlug;
  name: string;
  description: string;
  sortOrder: number;
}

export interface SeedColor {
  name: string;
  /** "#RRGGBB" */
  hex: string;
}

/** Close-ups of a kaftan's artwork (2×): the neckline and chest panel, the cuffs and hem. */
export const galleryViewCrops = {
  neckline: { left: 0.25, top: 0.1, width: 0.5, height: 0.5 },
  hem: { left: 0.2, top: 0.42, width: 0.5, height: 0.5 },
} as const;
export type GalleryView = keyof typeof galleryViewCrops;

export interface SeedProduct {
  /** 1..N, stable */
  id: number;
  /** kebab-case, unique */
  slug: string;
  name: string;
  description: string;
  /** integer pesewas */
  price: number;
  /** integer pesewas, greater than price, only on discounted items */
  originalPrice?: number;
  category: CategorySlug;
  /** Units over all colours and sizes, spread evenly over them (spreadStock); 0 means out of stock. */
  stock: number;
  /** Colour × size cells stocked otherwise ("Royal Gold|XXL": 0), so the sample shop shows a sold-out size. */
  variantStock?: Record<string, number>;
  sku: string;
  featured: boolean;
  active: boolean;
  isNew: boolean;
  bestseller: boolean;
  materials: string[];
  care: string[];
  /** the first colour is the default */
  colors: SeedColor[];
  sizes: string[];
  garment: GarmentShape;
  pattern: TextilePattern;
  /**
   * Extra pictures per colour after the full view (the gallery on the product page): close-ups
   * cut from the same artwork (scripts/generate-artwork.ts), `<base>-<view>-<width>.webp`.
   */
  galleryViews?: GalleryView[];
  /** for the "Newest" sort; 0..365, all distinct */
  createdDaysAgo: number;
  /** Also made to measure: the surcharge (pesewas) and working days to make it. */
  madeToMeasure?: { surcharge: number; days: number };
}

export const seedCategories: SeedCategory[] = [
  {
    slug: "kaftans",
    name: "Kaftans",
    description:
      "Flowing, hand-finished kaftans in linen, cotton and silk blends, cut in Accra for Friday prayers, weddings and long evenings by the sea.",
    sortOrder: 1,
  },
  {
    slug: "suits",
    name: "Suits",
    description:
      "Suits with Savile Row structure and West African soul: kente lapels, wax-print cloth and pinstripes, tailored by hand in our Osu workshop.",
    sortOrder: 2,
  },
  {
    slug: "agbada",
    name: "Agbada",
    description:
      "Grand three-piece agbada sets with hand-embroidered necklines and sweeping outer robes, made for weddings, naming ceremonies and durbars.",
    sortOrder: 3,
  },
  {
    slug: "ankara",
    name: "Ankara",
    description:
      "Bold wax-print shirts, blazers and two-piece sets in authentic Ghanaian and Dutch wax cloth, colour-matched at every seam.",
    sortOrder: 4,
  },
  {
    slug: "kente",
    name: "Kente",
    description: "Hand-woven kente from the looms of Bonwire, Adanwomase and Agotime, tailored into smocks, shirts and statement pieces.",
    sortOrder: 5,
  },
  {
    slug: "traditional",
    name: "Traditional",
    description: "Northern fugu smocks, dashiki sets and ceremonial pieces rooted in Ghanaian tradition and finished to a modern standard.",
    sortOrder: 6,
  },
];

const STANDARD_SIZES = ["S", "M", "L", "XL", "XXL"];
const GENEROUS_SIZES = ["M", "L", "XL", "XXL", "3XL"];

const CARE_DRY_CLEAN = [
  "Dry clean only",
  "Iron on the reverse at low heat",
  "Store on a broad-shouldered hanger",
  "Keep away from direct sunlight to protect the dyes",
];
const CARE_KENTE = [
  "Dry clean only",
  "Do not wring or bleach",
  "Steam rather than iron the woven strips",
  "Store folded in acid-free tissue",
];
const CARE_WAX_PRINT = [
  "Hand wash cold, inside out, with a mild detergent",
  "Wash separately for the first three washes",
  "Dry in the shade",
  "Iron on the reverse while slightly damp",
];
const CARE_LINEN = [
  "Machine wash cold on a gentle cycle",
  "Do not tumble dry",
  "Iron while damp on a medium setting",
  "Linen softens with every wash",
];
const CARE_EMBROIDERED = [
  "Dry clean only",
  "Do not iron directly on the embroidery",
  "Store flat or on a padded hanger",
  "Spot clean with a damp cloth",
];

export const seedProducts: SeedProduct[] = [
  {
    id: 1,
    slug: "royal-kente-kaftan",
    name: "Royal Kente Kaftan",
    description:
      "A floor-skimming kaftan in crisp long-staple cotton, set with a front panel, cuffs and hem of hand-woven Bonwire kente. Cut with a relaxed shoulder, side slits and matching drawstring trousers, it carries the colours of Asante royalty from an outdooring to a Friday evening dinner.",
    price: 29999,
    originalPrice: 39999,
    category: "kaftans",
    stock: 144,
    // The first product a newcomer sees: its XXL in Royal Gold is sold out and its S nearly so.
    variantStock: { "Royal Gold|XXL": 0, "Royal Gold|S": 2 },
    sku: "AHF-KAF-001",
    featured: true,
    active: true,
    isNew: true,
    bestseller: true,
    materials: ["Hand-woven kente strips from Bonwire", "100% long-staple cotton body", "Cotton voile lining"],
    care: CARE_KENTE,
    colors: [
      { name: "Royal Gold", hex: "#C9A227" },
      { name: "Emerald", hex: "#1E6B4F" },
      { name: "Midnight", hex: "#1B2238" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "kente",
    galleryViews: ["neckline", "hem"],
    createdDaysAgo: 6,
  },
  {
    id: 2,
    slug: "accra-executive-three-piece-suit",
    name: "Accra Executive Three-Piece Suit",
    description:
      "Our signature three-piece in a lightweight Super 120s wool with a fine chalk pinstripe, built for Accra boardrooms and evening receptions alike. The half-canvassed jacket has a soft natural shoulder and hand-stitched lapels, matched with a five-button waistcoat and flat-front trousers.",
    price: 79999,
    originalPrice: 99999,
    category: "suits",
    stock: 90,
    sku: "AHF-SUI-001",
    featured: true,
    active: true,
    isNew: false,
    bestseller: true,
    materials: ["Super 120s pinstripe wool", "Half-canvas horsehair chest piece", "Bemberg cupro lining", "Corozo nut buttons"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Charcoal", hex: "#2E2F33" },
      { name: "Navy", hex: "#1F2A44" },
      { name: "Espresso", hex: "#3B2A20" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "pinstripe",
    createdDaysAgo: 41,
    madeToMeasure: { surcharge: 15000, days: 15 },
  },
  {
    id: 3,
    slug: "adinkra-embroidered-kaftan",
    name: "Adinkra Embroidered Kaftan",
    description:
      "A mid-weight cotton kaftan worked with Gye Nyame, Sankofa and Dwennimmen symbols, each drawn from the Adinkra tradition of Ntonso. The straight, easy cut falls just below the knee and comes with tapered trousers for weddings, Sunday service or dinner in Osu.",
    price: 24999,
    category: "kaftans",
    stock: 180,
    sku: "AHF-KAF-002",
    featured: false,
    active: true,
    isNew: true,
    bestseller: false,
    materials: ["Mid-weight Ghanaian cotton", "Tonal Adinkra motifs", "Cotton-blend trousers"],
    care: CARE_EMBROIDERED,
    colors: [
      { name: "Ivory", hex: "#EFE6D2" },
      { name: "Indigo", hex: "#26355C" },
      { name: "Terracotta", hex: "#B5543A" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "adinkra",
    galleryViews: ["neckline"],
    createdDaysAgo: 9,
  },
  {
    id: 4,
    slug: "kente-lapel-tuxedo",
    name: "Kente Lapel Tuxedo",
    description:
      "An evening tuxedo in fine barathea wool, with peak lapels and a pocket square faced in hand-woven kente. It is cut close through the waist with a single covered button, for black-tie weddings, galas and the nights that deserve a little gold.",
    price: 44999,
    originalPrice: 54999,
    category: "suits",
    stock: 48,
    sku: "AHF-SUI-002",
    featured: true,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Wool barathea", "Hand-woven kente lapel facings", "Satin-piped trousers", "Bemberg cupro lining"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Black", hex: "#17171B" },
      { name: "Midnight Blue", hex: "#1B2440" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "kente",
    createdDaysAgo: 58,
  },
  {
    id: 5,
    slug: "ankara-heritage-shirt",
    name: "Ankara Heritage Shirt",
    description:
      "A short-sleeve camp-collar shirt in genuine wax-print cotton, its concentric circles and leaf motifs matched across the front placket. Breathable, boxy and easy, it is the shirt for Accra afternoons, beach weekends and rooftop evenings.",
    price: 18999,
    category: "traditional",
    stock: 216,
    sku: "AHF-TRD-001",
    featured: false,
    active: true,
    isNew: true,
    bestseller: false,
    materials: ["100% cotton wax print", "Mother-of-pearl buttons"],
    care: CARE_WAX_PRINT,
    colors: [
      { name: "Indigo Sunburst", hex: "#2B3A6B" },
      { name: "Terracotta", hex: "#B5543A" },
      { name: "Forest", hex: "#2F5D3A" },
    ],
    sizes: STANDARD_SIZES,
    garment: "shirt",
    pattern: "ankara",
    createdDaysAgo: 12,
  },
  {
    id: 6,
    slug: "grand-agbada-ceremonial-set",
    name: "Grand Agbada Ceremonial Set",
    description:
      "A full three-piece agbada: the sweeping outer robe, a long inner tunic and tapered trousers, in a heavy brocade with a sheen. The neckline and breast pocket carry hours of hand-guided gold embroidery, made for weddings, chieftaincy celebrations and milestone birthdays.",
    price: 99999,
    originalPrice: 119999,
    category: "traditional",
    stock: 36,
    sku: "AHF-TRD-002",
    featured: true,
    active: true,
    isNew: false,
    bestseller: true,
    materials: ["Cotton-silk brocade", "Metallic gold embroidery thread", "Cotton inner tunic and trousers"],
    care: CARE_EMBROIDERED,
    colors: [
      { name: "Ivory", hex: "#F1E9D8" },
      { name: "Royal Burgundy", hex: "#6E1F2B" },
    ],
    sizes: GENEROUS_SIZES,
    garment: "agbada",
    pattern: "embroidery",
    createdDaysAgo: 73,
  },
  {
    id: 7,
    slug: "osu-linen-kaftan",
    name: "Osu Linen Kaftan",
    description:
      "Washed Irish linen, cut long and loose with a hand-embroidered neckline, cuffs and hem in antique-gold thread. Light enough for the Harmattan heat and smart enough for a dinner on Oxford Street, it comes with matching drawstring trousers.",
    price: 34999,
    category: "kaftans",
    stock: 132,
    sku: "AHF-KAF-003",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["100% washed Irish linen", "Hand-embroidered cotton thread", "Coconut-shell buttons"],
    care: CARE_LINEN,
    colors: [
      { name: "Sand", hex: "#D9C7A3" },
      { name: "Sage", hex: "#8A9A7B" },
      { name: "Charcoal", hex: "#33312E" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "embroidery",
    createdDaysAgo: 96,
  },
  {
    id: 8,
    slug: "double-breasted-ankara-suit",
    name: "Double-Breasted Ankara Suit",
    description:
      "A six-by-two double-breasted suit in heavyweight wax-print cotton, lined in silky cupro and cut with structured shoulders. Wear it whole for a wedding that calls for colour, or split the jacket out over a plain shirt and trousers.",
    price: 64999,
    originalPrice: 74999,
    category: "suits",
    stock: 60,
    sku: "AHF-SUI-003",
    featured: false,
    active: true,
    isNew: true,
    bestseller: false,
    materials: ["Heavyweight cotton wax print", "Bemberg cupro lining", "Horn buttons"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Cobalt", hex: "#24408E" },
      { name: "Rust", hex: "#A04A25" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "ankara",
    createdDaysAgo: 15,
  },

  // ── Kaftans ────────────────────────────────────────────────────────────────
  {
    id: 9,
    slug: "labadi-linen-kaftan",
    name: "Labadi Linen Kaftan",
    description:
      "Our lightest kaftan, in an airy linen-cotton slub that breathes on the hottest coastal days. A clean band neckline, discreet side pockets and a knee-length cut make it the easy choice for beach weddings and Sunday lunches.",
    price: 22999,
    category: "kaftans",
    stock: 168,
    sku: "AHF-KAF-004",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["55% linen, 45% cotton slub", "Cotton drawstring trousers"],
    care: CARE_LINEN,
    colors: [
      { name: "Sea Glass", hex: "#7FA39A" },
      { name: "White Sand", hex: "#EDE4D0" },
      { name: "Driftwood", hex: "#8C7A64" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "plain",
    createdDaysAgo: 131,
  },
  {
    id: 10,
    slug: "cape-coast-mudcloth-kaftan",
    name: "Cape Coast Mudcloth Kaftan",
    description:
      "A long kaftan in hand-dyed bogolan mudcloth, its dashes, crosses and dotted rows painted by hand, so no two are alike. Cut generously with a round neck and long sleeves, it pairs with plain trousers for gallery openings and evenings on the coast.",
    price: 31999,
    category: "kaftans",
    stock: 0,
    sku: "AHF-KAF-005",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Hand-dyed bogolan cotton", "Cotton voile lining"],
    care: [
      "Hand wash cold with a pH-neutral soap",
      "Do not bleach or soak",
      "Dry flat in the shade",
      "Natural dyes soften gently over time",
    ],
    colors: [
      { name: "Earth Brown", hex: "#6B3F1D" },
      { name: "Charcoal", hex: "#2A2624" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "mudcloth",
    createdDaysAgo: 188,
  },
  {
    id: 11,
    slug: "jamestown-silk-blend-kaftan",
    name: "Jamestown Silk-Blend Kaftan",
    description:
      "A silk and cotton kaftan with a soft lustre, finished with a deep band of gold embroidery at the neck, cuffs and hem. Made for wedding receptions and Eid celebrations, it drapes beautifully and travels without creasing.",
    price: 54999,
    originalPrice: 64999,
    category: "kaftans",
    stock: 72,
    sku: "AHF-KAF-006",
    featured: true,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["30% silk, 70% cotton", "Metallic gold embroidery thread", "Silk-blend trousers"],
    care: CARE_EMBROIDERED,
    colors: [
      { name: "Emerald", hex: "#1E5E45" },
      { name: "Champagne", hex: "#D8C39A" },
      { name: "Obsidian", hex: "#1B1B1F" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "embroidery",
    createdDaysAgo: 64,
  },
  {
    id: 12,
    slug: "eid-prestige-kaftan",
    name: "Eid Prestige Kaftan",
    description:
      "A full-length kaftan in a fine Swiss cotton voile, with a raised embroidered neck panel that takes our tailors two days to finish. Cut with a long placket and deep side slits, it is made for Eid prayers, family gatherings and formal dinners.",
    price: 45000,
    category: "kaftans",
    stock: 108,
    sku: "AHF-KAF-007",
    featured: false,
    active: true,
    isNew: true,
    bestseller: false,
    materials: ["Swiss cotton voile", "Raised cotton embroidery", "Cotton drill trousers"],
    care: CARE_EMBROIDERED,
    colors: [
      { name: "Pearl", hex: "#EEE8DC" },
      { name: "Royal Blue", hex: "#233C7A" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "embroidery",
    createdDaysAgo: 3,
  },
  {
    id: 13,
    slug: "ntonso-adinkra-kaftan",
    name: "Ntonso Adinkra Kaftan",
    description:
      "Stamped by hand in Ntonso with calabash stamps and dark badie ink, each panel carries rows of Adinkrahene and Sankofa symbols within comb-drawn grids. A straight, knee-length kaftan with trousers, for remembrance days, festivals and anyone who wears their meaning.",
    price: 27999,
    category: "kaftans",
    stock: 84,
    sku: "AHF-KAF-008",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Hand-stamped cotton from Ntonso", "Natural badie bark ink", "Cotton trousers"],
    care: ["Dry clean recommended", "Do not soak or wring", "Iron on the reverse at low heat", "Hand-stamped ink may mellow gracefully"],
    colors: [
      { name: "Indigo", hex: "#27365E" },
      { name: "Bark", hex: "#5A3E2B" },
      { name: "Stone", hex: "#C9BFAE" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "adinkra",
    createdDaysAgo: 152,
  },

  // ── Suits ──────────────────────────────────────────────────────────────────
  {
    id: 14,
    slug: "ridge-slim-fit-two-piece-suit",
    name: "Ridge Slim-Fit Two-Piece Suit",
    description:
      "A sharp, modern two-piece in a tropical-weight wool that keeps its line through long Accra days. The jacket has a slim notch lapel and a softly roped shoulder; the trousers are cut narrow with a short break.",
    price: 69999,
    category: "suits",
    stock: 120,
    sku: "AHF-SUI-004",
    featured: false,
    active: true,
    isNew: false,
    bestseller: true,
    materials: ["Tropical-weight wool", "Half-canvas construction", "Bemberg cupro lining"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Charcoal", hex: "#2F3033" },
      { name: "Mid Grey", hex: "#6A6C70" },
      { name: "Navy", hex: "#1E2A45" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "plain",
    createdDaysAgo: 112,
  },
  {
    id: 15,
    slug: "airport-city-linen-suit",
    name: "Airport City Linen Suit",
    description:
      "An unstructured linen suit with a natural shoulder and clean, uncluttered lines, half-lined so it breathes through a West African afternoon. Ideal for garden weddings and business lunches, it looks even better with a day's gentle creasing.",
    price: 59999,
    originalPrice: 69999,
    category: "suits",
    stock: 84,
    sku: "AHF-SUI-005",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["100% Italian linen", "Half lining in cotton voile", "Horn buttons"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Stone", hex: "#C8B99A" },
      { name: "Olive", hex: "#5E6242" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "plain",
    createdDaysAgo: 77,
  },
  {
    id: 16,
    slug: "kente-trim-wedding-suit",
    name: "Kente Trim Wedding Suit",
    description:
      "A groom's suit in a lustrous wool-silk, with notch lapels and a pocket square faced in Bonwire kente woven to your wedding colours. Fully canvassed and hand-finished over three fittings, it is made to be worn once in a lifetime and kept for the next generation.",
    price: 119999,
    category: "suits",
    stock: 30,
    sku: "AHF-SUI-006",
    featured: true,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Wool-silk blend", "Hand-woven kente facings from Bonwire", "Full floating canvas", "Silk lining"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Ivory", hex: "#EEE6D3" },
      { name: "Deep Green", hex: "#0F3D2E" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "kente",
    createdDaysAgo: 33,
  },
  {
    id: 17,
    slug: "cantonments-pinstripe-suit",
    name: "Cantonments Pinstripe Suit",
    description:
      "A classic two-button suit in a navy or charcoal wool flannel with a wide-set chalk stripe. Built with a structured shoulder and a clean, suppressed waist, it is the suit for boardrooms, embassies and every important signature.",
    price: 84999,
    category: "suits",
    stock: 0,
    sku: "AHF-SUI-007",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Wool flannel with chalk stripe", "Half-canvas construction", "Corozo buttons"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Navy", hex: "#1D2840" },
      { name: "Charcoal", hex: "#2C2C30" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "pinstripe",
    createdDaysAgo: 205,
  },
  {
    id: 18,
    slug: "adinkra-jacquard-dinner-jacket",
    name: "Adinkra Jacquard Dinner Jacket",
    description:
      "A shawl-collar dinner jacket in a tone-on-tone jacquard woven with Adinkrahene and Gye Nyame symbols that catch the light as you move. Sold with matching evening trousers for galas and New Year's Eve.",
    price: 52999,
    category: "suits",
    stock: 54,
    sku: "AHF-SUI-008",
    featured: false,
    active: false,
    isNew: true,
    bestseller: false,
    materials: ["Viscose-silk jacquard", "Satin shawl collar", "Bemberg cupro lining"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Burgundy", hex: "#5E1A26" },
      { name: "Black", hex: "#161517" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "adinkra",
    createdDaysAgo: 20,
  },

  // ── Agbada ─────────────────────────────────────────────────────────────────
  {
    id: 19,
    slug: "aso-oke-agbada",
    name: "Aso-Oke Agbada",
    description:
      "A three-piece agbada in hand-loomed aso-oke, its narrow woven strips sewn edge to edge so the stripes move with every gesture. The robe is lined in cotton and worn over a long tunic and trousers for weddings and traditional engagements.",
    price: 149999,
    category: "agbada",
    stock: 42,
    sku: "AHF-AGB-001",
    featured: true,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Hand-loomed aso-oke strips", "Cotton lining", "Cotton inner tunic and trousers"],
    care: CARE_KENTE,
    colors: [
      { name: "Burnt Orange", hex: "#B35A24" },
      { name: "Wine", hex: "#5B1C2A" },
    ],
    sizes: GENEROUS_SIZES,
    garment: "agbada",
    pattern: "kente",
    createdDaysAgo: 90,
  },
  {
    id: 20,
    slug: "durbar-grand-agbada",
    name: "Durbar Grand Agbada",
    description:
      "Made for the durbar ground: a voluminous agbada in heavy guinea brocade with a sweeping hand-embroidered neck plate and a matching breast pocket. The inner tunic and trousers are cut from the same cloth for a seamless, regal line.",
    price: 189999,
    originalPrice: 219999,
    category: "agbada",
    stock: 24,
    sku: "AHF-AGB-002",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Heavy guinea brocade", "Hand-guided metallic embroidery", "Cotton lining"],
    care: CARE_EMBROIDERED,
    colors: [
      { name: "Royal Purple", hex: "#47285A" },
      { name: "Kente Gold", hex: "#C9A227" },
    ],
    sizes: GENEROUS_SIZES,
    garment: "agbada",
    pattern: "embroidery",
    createdDaysAgo: 143,
    madeToMeasure: { surcharge: 20000, days: 20 },
  },
  {
    id: 21,
    slug: "damask-three-piece-agbada",
    name: "Damask Three-Piece Agbada",
    description:
      "A crisp cotton damask agbada with antique-gold embroidery framing the neckline and breast pocket. Lighter than our ceremonial pieces, it is the agbada for long celebrations in the afternoon sun.",
    price: 124999,
    category: "agbada",
    stock: 66,
    sku: "AHF-AGB-003",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Cotton damask", "Antique-gold embroidery thread", "Cotton inner tunic and trousers"],
    care: CARE_EMBROIDERED,
    colors: [
      { name: "White", hex: "#F3EFE6" },
      { name: "Sky", hex: "#8FB3CF" },
    ],
    sizes: GENEROUS_SIZES,
    garment: "agbada",
    pattern: "embroidery",
    createdDaysAgo: 171,
  },
  {
    id: 22,
    slug: "manhyia-royal-agbada",
    name: "Manhyia Royal Agbada",
    description:
      "Our most elaborate piece, named for the palace of the Asantehene: a silk-blend agbada with an embroidered neck plate that takes a master embroiderer five days. Finished with hand-rolled edges and a silk-lined robe, for the most important day of the year.",
    price: 249999,
    category: "agbada",
    stock: 18,
    sku: "AHF-AGB-004",
    featured: true,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Silk-blend brocade", "Hand-guided gold embroidery", "Silk lining"],
    care: CARE_EMBROIDERED,
    colors: [
      { name: "Emerald", hex: "#1D5B43" },
      { name: "Ivory", hex: "#F0E8D6" },
    ],
    sizes: GENEROUS_SIZES,
    garment: "agbada",
    pattern: "embroidery",
    createdDaysAgo: 49,
  },
  {
    id: 23,
    slug: "osu-cotton-agbada-set",
    name: "Osu Cotton Agbada Set",
    description:
      "An easy-wearing agbada in a soft brushed cotton, with a simple stitched neckline and no embroidery, for those who like the drama of the silhouette without the formality. Three pieces, ready for a naming ceremony or a family Sunday.",
    price: 85000,
    category: "agbada",
    stock: 0,
    sku: "AHF-AGB-005",
    featured: false,
    active: false,
    isNew: false,
    bestseller: false,
    materials: ["Brushed cotton", "Cotton inner tunic and trousers"],
    care: ["Machine wash cold on a gentle cycle", "Dry in the shade", "Iron on a medium setting"],
    colors: [
      { name: "Sand", hex: "#D6C29E" },
      { name: "Slate", hex: "#4A5560" },
    ],
    sizes: GENEROUS_SIZES,
    garment: "agbada",
    pattern: "plain",
    createdDaysAgo: 244,
  },

  // ── Ankara ─────────────────────────────────────────────────────────────────
  {
    id: 24,
    slug: "makola-ankara-dashiki-set",
    name: "Makola Ankara Dashiki Set",
    description:
      "A loose dashiki top in vivid wax print with a contrast-trimmed V-neck, paired with slim trousers in a matching solid. The print is chosen in Makola Market and matched at the seams by hand, for festivals, parties and weekend brunch.",
    price: 32999,
    category: "ankara",
    stock: 150,
    sku: "AHF-ANK-001",
    featured: false,
    active: true,
    isNew: true,
    bestseller: false,
    materials: ["100% cotton wax print", "Cotton drill trousers"],
    care: CARE_WAX_PRINT,
    colors: [
      { name: "Saffron", hex: "#D99A2B" },
      { name: "Cobalt", hex: "#24408E" },
      { name: "Jade", hex: "#2E7D66" },
    ],
    sizes: STANDARD_SIZES,
    garment: "trousers-set",
    pattern: "ankara",
    createdDaysAgo: 1,
  },
  {
    id: 25,
    slug: "kokrobite-ankara-camp-shirt",
    name: "Kokrobite Ankara Camp Shirt",
    description:
      "A relaxed camp-collar shirt in a bold wax print, cut boxy with a straight hem to wear untucked. Named for the surf beach west of Accra, it is our best-selling shirt for holidays, concerts and long lunches.",
    price: 15999,
    category: "ankara",
    stock: 240,
    sku: "AHF-ANK-002",
    featured: false,
    active: true,
    isNew: false,
    bestseller: true,
    materials: ["100% cotton wax print", "Coconut-shell buttons"],
    care: CARE_WAX_PRINT,
    colors: [
      { name: "Teal", hex: "#1F6F78" },
      { name: "Marigold", hex: "#D9922E" },
      { name: "Black", hex: "#1C1C1E" },
    ],
    sizes: STANDARD_SIZES,
    garment: "shirt",
    pattern: "ankara",
    createdDaysAgo: 57,
  },
  {
    id: 26,
    slug: "nima-ankara-panel-kaftan",
    name: "Nima Ankara Panel Kaftan",
    description:
      "A knee-length kaftan in wax print with a solid embroidered neck panel, inspired by the tailors of Nima market. The print is placed so the motifs fall symmetrically down the front; matching trousers complete the set.",
    price: 27999,
    originalPrice: 32999,
    category: "ankara",
    stock: 102,
    sku: "AHF-ANK-003",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["100% cotton wax print", "Cotton embroidery thread", "Cotton trousers"],
    care: CARE_WAX_PRINT,
    colors: [
      { name: "Terracotta", hex: "#B5543A" },
      { name: "Indigo", hex: "#26355C" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "ankara",
    createdDaysAgo: 104,
  },
  {
    id: 27,
    slug: "ankara-wax-print-blazer-set",
    name: "Ankara Wax-Print Blazer Set",
    description:
      "A single-breasted blazer and trousers in a heavyweight wax print, softly structured and lined in cupro. It makes an entrance at weddings and award nights, and the blazer works just as well over denim.",
    price: 58999,
    category: "ankara",
    stock: 0,
    sku: "AHF-ANK-004",
    featured: true,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Heavyweight cotton wax print", "Bemberg cupro lining", "Horn buttons"],
    care: CARE_DRY_CLEAN,
    colors: [
      { name: "Emerald", hex: "#1E6B4F" },
      { name: "Crimson", hex: "#8E1F2B" },
    ],
    sizes: STANDARD_SIZES,
    garment: "suit",
    pattern: "ankara",
    createdDaysAgo: 125,
  },
  {
    id: 28,
    slug: "ankara-weekend-two-piece",
    name: "Ankara Weekend Two-Piece",
    description:
      "A short-sleeve top and drawstring trousers in a lightweight wax print, made for travel days and warm evenings. Easy to pack, easy to wear and easy to split up.",
    price: 26000,
    category: "ankara",
    stock: 114,
    sku: "AHF-ANK-005",
    featured: false,
    active: false,
    isNew: false,
    bestseller: false,
    materials: ["Lightweight cotton wax print", "Elasticated drawstring waist"],
    care: CARE_WAX_PRINT,
    colors: [
      { name: "Sunset", hex: "#C4572E" },
      { name: "Lagoon", hex: "#2B6E7E" },
    ],
    sizes: STANDARD_SIZES,
    garment: "trousers-set",
    pattern: "ankara",
    createdDaysAgo: 266,
  },

  // ── Kente ──────────────────────────────────────────────────────────────────
  {
    id: 29,
    slug: "bonwire-kente-smock",
    name: "Bonwire Kente Smock",
    description:
      "A flared smock sewn entirely from hand-woven kente strips, with the warp stripes and weft blocks set in the classic checkerboard. Woven in Bonwire and tailored in Accra, it is worn with plain trousers for festivals, graduations and family celebrations.",
    price: 129999,
    category: "kente",
    stock: 36,
    sku: "AHF-KEN-001",
    featured: true,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Hand-woven kente strips from Bonwire", "Cotton lining", "Cotton trousers"],
    care: CARE_KENTE,
    colors: [
      { name: "Asante Gold", hex: "#C9A227" },
      { name: "Forest", hex: "#1F4D36" },
    ],
    sizes: STANDARD_SIZES,
    garment: "smock",
    pattern: "kente",
    createdDaysAgo: 86,
  },
  {
    id: 30,
    slug: "kente-panel-dashiki-set",
    name: "Kente Panel Dashiki Set",
    description:
      "A cotton dashiki with a kente neck panel, sleeve bands and hem, worn over tapered trousers. The kente is woven in narrow strips and set by hand so the blocks line up across the chest.",
    price: 42999,
    category: "kente",
    stock: 0,
    sku: "AHF-KEN-002",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Ghanaian cotton", "Hand-woven kente panels", "Cotton drill trousers"],
    care: CARE_KENTE,
    colors: [
      { name: "Onyx", hex: "#1B1A1A" },
      { name: "Emerald", hex: "#1E6B4F" },
    ],
    sizes: STANDARD_SIZES,
    garment: "trousers-set",
    pattern: "kente",
    createdDaysAgo: 219,
  },
  {
    id: 31,
    slug: "agotime-kente-shirt",
    name: "Agotime Kente Shirt",
    description:
      "A short-sleeve shirt cut from Ewe kente woven in Agotime, where the looms favour finer stripes and softer colour. Boxy and breathable, it is a quiet statement for Kente Festival weekends and smart evenings alike.",
    price: 34999,
    originalPrice: 39999,
    category: "kente",
    stock: 78,
    sku: "AHF-KEN-003",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Hand-woven Ewe kente from Agotime", "Cotton collar lining", "Horn buttons"],
    care: CARE_KENTE,
    colors: [
      { name: "Indigo", hex: "#26355C" },
      { name: "Kente Red", hex: "#9E2A2B" },
      { name: "Ivory", hex: "#EFE6D2" },
    ],
    sizes: STANDARD_SIZES,
    garment: "shirt",
    pattern: "kente",
    createdDaysAgo: 38,
  },
  {
    id: 32,
    slug: "adanwomase-kente-kaftan",
    name: "Adanwomase Kente Kaftan",
    description:
      "A statement kaftan with a wide kente front panel, woven in Adanwomase in a pattern reserved for our house. The long cotton body is finished with kente cuffs and hem, for weddings, milestone birthdays and festival durbars.",
    price: 89999,
    category: "kente",
    stock: 54,
    sku: "AHF-KEN-004",
    featured: false,
    active: true,
    isNew: true,
    bestseller: false,
    materials: ["Hand-woven kente from Adanwomase", "Long-staple cotton body", "Cotton voile lining"],
    care: CARE_KENTE,
    colors: [
      { name: "Heritage Green", hex: "#1E5E45" },
      { name: "Royal Gold", hex: "#C9A227" },
    ],
    sizes: STANDARD_SIZES,
    garment: "kaftan",
    pattern: "kente",
    createdDaysAgo: 0,
  },

  // ── Traditional ────────────────────────────────────────────────────────────
  {
    id: 33,
    slug: "tamale-fugu-smock",
    name: "Tamale Fugu Smock",
    description:
      "The northern smock, hand-woven in narrow striped strips in Tamale and sewn into a full, flared body with deep side gores. Sturdy, breathable and worn with pride by chiefs and students alike, it comes with simple matching trousers.",
    price: 39999,
    category: "traditional",
    stock: 126,
    sku: "AHF-TRD-003",
    featured: false,
    active: true,
    isNew: false,
    bestseller: true,
    materials: ["Hand-loomed cotton strips from Tamale", "Hand-embroidered neckline"],
    care: ["Hand wash cold", "Do not tumble dry", "Dry in the shade", "The hand-woven strips soften with wear"],
    colors: [
      { name: "Indigo Stripe", hex: "#2C3A5E" },
      { name: "Earth", hex: "#7A5234" },
      { name: "Natural", hex: "#D9CBB0" },
    ],
    sizes: STANDARD_SIZES,
    garment: "smock",
    pattern: "plain",
    createdDaysAgo: 160,
  },
  {
    id: 34,
    slug: "bolgatanga-batakari-smock",
    name: "Bolgatanga Batakari Smock",
    description:
      "A batakari smock from the Upper East, its woven strips block-painted with mudcloth marks of dashes, crosses and dotted rows. Generously flared with short sleeves and an embroidered neck, it suits festivals and relaxed celebrations.",
    price: 45000,
    category: "traditional",
    stock: 66,
    sku: "AHF-TRD-004",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["Hand-loomed cotton strips", "Hand-painted mud dye", "Cotton trousers"],
    care: ["Dry clean recommended", "Do not bleach", "Dry flat in the shade", "Store folded with acid-free tissue"],
    colors: [
      { name: "Bark Brown", hex: "#5B3A22" },
      { name: "Charcoal", hex: "#2B2926" },
    ],
    sizes: STANDARD_SIZES,
    garment: "smock",
    pattern: "mudcloth",
    createdDaysAgo: 297,
  },
  {
    id: 35,
    slug: "linen-dashiki-two-piece",
    name: "Linen Dashiki Two-Piece",
    description:
      "A washed linen dashiki with a finely embroidered V-neck and sleeve hems, paired with tapered drawstring trousers. Cool and unfussy, it is made for naming ceremonies, holidays and every Friday.",
    price: 29900,
    category: "traditional",
    stock: 162,
    sku: "AHF-TRD-005",
    featured: false,
    active: true,
    isNew: false,
    bestseller: false,
    materials: ["100% washed linen", "Cotton embroidery thread", "Linen drawstring trousers"],
    care: CARE_LINEN,
    colors: [
      { name: "Ivory", hex: "#EFE7D6" },
      { name: "Olive", hex: "#5E6B3F" },
      { name: "Clay", hex: "#A6573A" },
    ],
    sizes: STANDARD_SIZES,
    garment: "trousers-set",
    pattern: "embroidery",
    createdDaysAgo: 229,
  },
];

/** "Royal Gold" -> "royal-gold" */
export function colorSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "/images/products/<slug>/<colorSlug>"; files are `<base>-<width>.webp`, one per PRODUCT_IMAGE_WIDTHS. */
export function productImageBase(p: { slug: string }, colorName: string): string {
  return `/images/products/${p.slug}/${colorSlug(colorName)}`;
}

/** A colour's gallery: the full view (its cover) and then each of the product's close-ups. */
export function productGalleryBases(p: { slug: string; galleryViews?: readonly GalleryView[] }, colorName: string): string[] {
  const base = productImageBase(p, colorName);
  return [base, ...(p.galleryViews ?? []).map((view) => `${base}-${view}`)];
}
