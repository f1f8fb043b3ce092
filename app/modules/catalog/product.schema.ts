import { z } from "zod";
import { discountPercent } from "~/lib/money";
import { SIZES } from "~/modules/catalog/catalog-constants";

/**
 * The admin product form (docs/product-rules.md §5), one schema for the browser and the server. It takes
 * what a form sends (strings, "on" for a ticked box, one line per material) as well as typed
 * values, and gives money in pesewas:
 *
 *   name and price are required; "299.99" or 299.99 → 29999; each stock cell "12" → 12;
 *   empty description, image, category and SKU → null; the original price, when given,
 *   must be above the price, and more than 70 % above it only when confirmed; colours are #RRGGBB; sizes come from S, M, L, XL, XXL.
 *
 * A posted form is read by Conform's parseWithZod (auto-coercion off): the browser's onValidate
 * and the action's guard see the same strings. Colours arrive as `colors[0].name`, … .
 */

/**
 * The deepest discount (original price against price) saved without a word; a deeper one needs
 * the admin's confirmation (docs/product-rules.md §5): −85 % is more often a slipped finger than a sale.
 */
export const MAX_PLAIN_DISCOUNT_PERCENT = 70;

/** Whether `price` is more than MAX_PLAIN_DISCOUNT_PERCENT below `originalPrice` (exact, in pesewas). */
export function isDeepDiscount(price: number, originalPrice: number | null): boolean {
  return originalPrice !== null && originalPrice > price && (originalPrice - price) * 100 > MAX_PLAIN_DISCOUNT_PERCENT * originalPrice;
}

/** The dearest price the form accepts, in cedis: a guard against a slipped finger. */
export const MAX_PRICE_CEDIS = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_COLORS = 12;
/** Photos in one colour's gallery (docs/product-rules.md §5). */
export const MAX_COLOR_IMAGES = 8;
export const MAX_LIST_ITEMS = 20;

type Issue = (message: string) => typeof z.NEVER;

const scalar = (invalid: string) => z.union([z.string(), z.number()], { error: invalid }).nullish();

function textOf(value: string | number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value).trim();
}

/** "299.99" → 29999. Returns a message instead when the text is not a price. */
export function parsePriceText(text: string, label: string): number | string {
  if (text.startsWith("-")) return `${label} cannot be negative`;
  // A comma is refused rather than guessed at: "299,99" is 299.99 in much of the world.
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || !/\d/.test(text)) return `${label} must be a number, like 299.99`;
  const [, whole = "", fraction = ""] = match;
  if (fraction.replace(/0+$/, "").length > 2) return `${label} can have at most 2 decimal places`;
  const cedis = Number(whole || "0");
  if (cedis > MAX_PRICE_CEDIS) return `${label} must be at most ₵${MAX_PRICE_CEDIS.toLocaleString("en-US")}`;
  return cedis * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
}

function money(label: string, required: boolean) {
  return scalar(`${label} must be a number, like 299.99`).transform((value, ctx): number | null => {
    const issue: Issue = (message) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (typeof value === "number" && !Number.isFinite(value)) return issue(`${label} must be a number, like 299.99`);
    const text = textOf(value);
    if (text === "") return required ? issue(`${label} is required`) : null;
    const pesewas = parsePriceText(text, label);
    if (typeof pesewas === "string") return issue(pesewas);
    if (pesewas === 0) return issue(`${label} must be more than ₵0.00`);
    return pesewas;
  });
}

const wholeNumber = (label: string, options: { required: boolean }) =>
  scalar(`${label} must be a whole number`).transform((value, ctx): number | undefined => {
    const issue: Issue = (message) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const text = textOf(value);
    if (text === "") return options.required ? issue(`${label} is required`) : undefined;
    if (/^-\d/.test(text)) return issue(`${label} cannot be negative`);
    if (!/^\d+$/.test(text)) return issue(`${label} must be a whole number`);
    const number = Number(text);
    if (number > MAX_STOCK) return issue(`${label} must be at most ${MAX_STOCK.toLocaleString("en-US")}`);
    return number;
  });

/** Free text; blank becomes null, as docs/product-rules.md wants for description and SKU. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((v) => v || null);

/**
 * A picture on this site: an upload (/uploads/products/…) or the shipped artwork
 * (/images/products/…), as a base path without the -480.webp suffix, or a full file path.
 */
const imagePath = (label: string) =>
  optionalText(label, 500).refine(
    (v) => v === null || (/^\/[A-Za-z0-9._~\-/]+$/.test(v) && !v.startsWith("//") && !/(^|\/)\.\.?(\/|$)/.test(v)),
    `${label} must be a picture on this site, like /uploads/products/…`,
  );

/** A ticked checkbox sends "on"; an unticked one sends nothing, so absent means false. */
const checkbox = z
  .union([z.boolean(), z.string()])
  .nullish()
  .transform((v) => v === true || (typeof v === "string" && ["on", "true", "1", "yes"].includes(v.trim().toLowerCase())));

/** A list typed one item per line (or sent as several values); blank lines are dropped. */
const lines = (label: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${label} must be text, one per line` })
    .nullish()
    .transform((v) =>
      (Array.isArray(v) ? v : [v ?? ""])
        .flatMap((item) => item.split(/\r?\n/))
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(200, `Each line of ${label.toLowerCase()} must be at most 200 characters`))
        .max(MAX_LIST_ITEMS, `${label}: at most ${MAX_LIST_ITEMS} lines`),
    );

type Size = (typeof SIZES)[number];
const sizeSet = new Set<string>(SIZES);

const sizes = z
  .union([z.string(), z.array(z.string())], { error: "Sizes must be chosen from S, M, L, XL, XXL" })
  .nullish()
  .transform((v, ctx): Size[] => {
    const chosen = (Array.isArray(v) ? v : [v ?? ""])
      .flatMap((item) => item.split(/[\s,]+/))
      .map((item) => item.trim().toUpperCase())
      .filter(Boolean);
    const unknown = chosen.filter((s) => !sizeSet.has(s));
    if (unknown.length > 0) {
      ctx.addIssue({ code: "custom", message: `Unknown size ${unknown.join(", ")}: choose from ${SIZES.join(", ")}` });
      return z.NEVER;
    }
    if (chosen.length === 0) {
      ctx.addIssue({ code: "custom", message: "Choose at least one size" });
      return z.NEVER;
    }
    // The storefront shows sizes in this order whatever order they were ticked in.
    return SIZES.filter((s) => chosen.includes(s));
  });

/** A colour's gallery in order: pictures on this site, blanks dropped, repeats kept once. */
const colorImages = z
  .array(imagePath("Colour picture"), { error: "Colour pictures must be a list" })
  .max(MAX_COLOR_IMAGES, `At most ${MAX_COLOR_IMAGES} pictures per colour`)
  .nullish()
  .transform((list) => [...new Set((list ?? []).filter((url): url is string => url !== null))]);

/**
 * A colour: name, code and its gallery. `images` is the gallery in display order and its first
 * picture is the cover, so `imageUrl` (what cards, the cart and order lines read) is always
 * images[0]. A caller that sends only `imageUrl` (one picture, as before galleries) gets a
 * gallery of that one picture.
 */
export const productColorSchema = z
  .object({
    name: z
      .string({ error: "Colour name is required" })
      .trim()
      .min(1, "Colour name is required")
      .max(60, "Colour name must be at most 60 characters"),
    hex: z
      .string({ error: "Colour code is required" })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, "Colour code must look like #C9A227")
      .transform((v) => v.toUpperCase()),
    imageUrl: imagePath("Colour picture"),
    images: colorImages,
  })
  .transform(({ name, hex, imageUrl, images }) => {
    const gallery = images.length > 0 ? images : imageUrl ? [imageUrl] : [];
    return { name, hex, images: gallery, imageUrl: gallery[0] ?? null };
  });

/** A colour row left wholly blank (no name, code, picture or picked file) is not a colour. */
function blankColor(row: unknown): boolean {
  if (row === null || row === undefined) return true;
  if (typeof row !== "object") return false;
  const blank = (v: unknown): boolean =>
    v === null ||
    v === undefined ||
    (typeof v === "string" && v.trim() === "") ||
    (Array.isArray(v) && v.every(blank)) ||
    (typeof v === "object" && "size" in v && (v as { size: unknown }).size === 0);
  return Object.values(row).every(blank);
}

/**
 * The colour rows as posted. Blank rows are skipped after checking, not before, so an error's
 * path ("colors[2].hex") keeps pointing at the row on screen.
 */
const colors = z
  .array(
    z.preprocess((row) => (blankColor(row) ? null : row), productColorSchema.nullable()),
    { error: "Colours must be a list" },
  )
  .max(MAX_COLORS, `At most ${MAX_COLORS} colours`)
  .superRefine((rows, ctx) => {
    // Names are told apart case aside ("Royal Gold" and "royal gold" are one colour to a shopper).
    const seen = new Map<string, number>();
    rows.forEach((color, index) => {
      if (!color) return;
      const key = color.name.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined)
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `Colour ${first + 1} is already called “${rows[first]!.name}”: give each colour its own name`,
        });
      else seen.set(key, index);
    });
  })
  .nullish()
  .transform((rows) => (rows ?? []).filter((row) => row !== null));

/** A SKU: letters, digits, spaces and - _ . / (blank → null). */
const skuText = (label: string) =>
  optionalText(label, 64).refine(
    (v) => v === null || /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/.test(v),
    `${label} may only use letters, digits, spaces and - _ . /`,
  );

/**
 * One cell of the stock grid: the colour's name as the form shows it (blank without colours),
 * the size, its SKU (blank: suggestedVariantSku) and stock. On edit, `id` is the variant the
 * cell showed (so a renamed colour keeps its stock and its order lines) and `stockSeen` the
 * figure it showed: a cell left unchanged keeps what orders took meanwhile.
 */
export const variantCellSchema = z.object({
  id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || String(v).trim() === "" ? null : Number(v)))
    .pipe(z.number({ error: "Unknown stock cell" }).int().positive().max(2_147_483_647).nullable()),
  color: z
    .string({ error: "Colour must be text" })
    .nullish()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(60)),
  size: z
    .string({ error: `Size must be one of ${SIZES.join(", ")}` })
    .trim()
    .toUpperCase()
    .refine((v) => sizeSet.has(v), `Size must be one of ${SIZES.join(", ")}`),
  sku: skuText("SKU"),
  stock: wholeNumber("Stock", { required: true }).transform((v) => v as number),
  stockSeen: wholeNumber("Stock seen", { required: false }),
});

const variants = z
  .array(variantCellSchema, { error: "Stock must be a grid of colours and sizes" })
  .max(MAX_COLORS * SIZES.length, "Too many stock cells")
  .nullish()
  .transform((cells) => cells ?? []);

/**
 * Keeps the cells of the product's own colours and sizes (a colour removed in the form leaves
 * none behind), and refuses two cells for one colour and size or one SKU twice (case aside).
 */
function checkVariantCells(
  product: { colors: { name: string }[]; sizes: string[]; variants: z.output<typeof variantCellSchema>[] },
  ctx: z.RefinementCtx,
) {
  // This also runs when a colour row was refused: the rows are then as far as they were read,
  // a blank row still null (the filter dropping it has not run).
  const named = (product.colors as ({ name: string } | null)[]).filter((c) => c !== null);
  const colours = new Set(named.map((c) => c.name));
  const cells = new Set<string>();
  const skus = new Set<string>();
  product.variants.forEach((cell, index) => {
    const ownColour = named.length === 0 ? cell.color === "" : colours.has(cell.color);
    if (!ownColour || !product.sizes.includes(cell.size)) return;
    const key = `${cell.color}|${cell.size}`;
    if (cells.has(key))
      ctx.addIssue({ code: "custom", path: ["variants", index, "size"], message: "Each colour and size has one stock cell" });
    cells.add(key);
    const sku = cell.sku?.toLowerCase();
    if (sku && skus.has(sku)) ctx.addIssue({ code: "custom", path: ["variants", index, "sku"], message: `SKU ${cell.sku} is used twice` });
    if (sku) skus.add(sku);
  });
}

/** The made-to-measure surcharge: like a price, but blank or 0 means none. */
const surcharge = scalar("Surcharge must be a number, like 150.00").transform((value, ctx): number => {
  const text = textOf(value);
  if (text === "") return 0;
  const pesewas = parsePriceText(text, "Surcharge");
  if (typeof pesewas === "string") {
    ctx.addIssue({ code: "custom", message: pesewas });
    return z.NEVER;
  }
  return pesewas;
});

/** Working days to make a made-to-measure piece: a whole number of days, at most about six months of work. */
export const MADE_TO_MEASURE_DAYS = { min: 1, max: 120, default: 15 } as const;

const categoryId = z
  .union([z.string(), z.number()], { error: "Choose a category from the list" })
  .nullish()
  .transform((value, ctx): number | null => {
    const text = textOf(value);
    if (text === "" || text === "none") return null;
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: "Choose a category from the list" });
      return z.NEVER;
    }
    return Number(text);
  });

export const productFormSchema = z
  .object({
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
    description: optionalText("Description", 5_000),
    price: money("Price", true).transform((v) => v as number),
    originalPrice: money("Original price", false),
    categoryId,
    sku: skuText("SKU"),
    imageUrl: imagePath("Image"),
    isFeatured: checkbox,
    isActive: checkbox,
    isNew: checkbox,
    isBestseller: checkbox,
    materials: lines("Materials"),
    care: lines("Care instructions"),
    colors,
    sizes,
    /** The stock grid: one cell per colour × size (see variantCell); cells for a colour or size the product no longer has are dropped. */
    variants,
    /** Also offered made to measure (docs/product-rules.md "Made to measure"), for this surcharge (pesewas) in these working days. */
    madeToMeasure: checkbox,
    madeToMeasureSurcharge: surcharge,
    madeToMeasureDays: wholeNumber("Production time", { required: false }),
    /**
     * The admin's "Yes, sell at −85 %": the discount they confirmed, needed when the original price
     * makes it deeper than MAX_PLAIN_DISCOUNT_PERCENT. A confirmation of another figure (the prices
     * changed since) confirms nothing.
     */
    confirmDiscount: scalar("Confirm the discount by ticking the box")
      .transform((v) => textOf(v))
      .transform((text) => (/^\d{1,3}$/.test(text) ? Number(text) : null)),
  })
  .superRefine((product, ctx) => {
    const days = product.madeToMeasureDays;
    if (product.madeToMeasure && days === undefined)
      ctx.addIssue({ code: "custom", path: ["madeToMeasureDays"], message: "Production time is required for made to measure" });
    else if (days !== undefined && (days < MADE_TO_MEASURE_DAYS.min || days > MADE_TO_MEASURE_DAYS.max))
      ctx.addIssue({
        code: "custom",
        path: ["madeToMeasureDays"],
        message: `Production time must be between ${MADE_TO_MEASURE_DAYS.min} and ${MADE_TO_MEASURE_DAYS.max} working days`,
      });
    checkVariantCells(product, ctx);
    if (product.originalPrice !== null && product.originalPrice <= product.price) {
      ctx.addIssue({ code: "custom", path: ["originalPrice"], message: "Original price must be higher than the price" });
    } else if (product.originalPrice !== null && isDeepDiscount(product.price, product.originalPrice)) {
      const percent = discountPercent(product.price, product.originalPrice);
      if (product.confirmDiscount !== percent)
        ctx.addIssue({
          code: "custom",
          path: ["confirmDiscount"],
          message: `The price is more than ${MAX_PLAIN_DISCOUNT_PERCENT} % below the original price: tick “Yes, sell at −${percent} %” if that is right, or correct the prices`,
        });
    }
  });

/** What a form or a caller may send (strings or typed values). */
export type ProductFormInput = z.input<typeof productFormSchema>;
/** A valid product, money in pesewas: what createProduct and updateProduct take. */
export type ProductInput = z.output<typeof productFormSchema>;
export type ProductColorInput = z.output<typeof productColorSchema>;
export type VariantCellInput = z.output<typeof variantCellSchema>;
