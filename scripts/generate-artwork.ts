/**
 * Generates every picture the shop ships with, from SVG built in code (no external images or
 * fonts) rendered by sharp/librsvg:
 *
 *   public/images/products/<slug>/<colour>-<width>.webp     one per product colour
 *   public/images/products/<slug>/<colour>-<view>-<width>.webp   close-ups (SeedProduct.galleryViews)
 *   public/images/categories/<category>-<width>.webp        fallbacks per category
 *       (product pictures at every PRODUCT_IMAGE_WIDTHS of app/lib/images.ts: 240, 480, 768, 960)
 *   public/images/hero/<name>-{768,1280,1920}.webp          home page slides
 *   public/images/collections/<name>-{640,960,1280}.webp    collection teasers
 *   public/images/about/<name>-<width>.webp                 about page (product widths)
 *   public/images/og-default.jpg                            social card
 *   public/favicon.svg, public/favicon.png, public/apple-touch-icon.png
 *
 * Output is deterministic: every "random" choice comes from a PRNG seeded by the product and
 * colour, so the same catalogue produces the same bytes.
 *
 *   npx tsx scripts/generate-artwork.ts            everything
 *   npx tsx scripts/generate-artwork.ts products   only one group (products, categories,
 *                                                  hero, collections, about, brand)
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { PRODUCT_IMAGE_WIDTHS } from "../app/lib/images";
import { type CategorySlug, colorSlug, galleryViewCrops, productImageBase, seedCategories, seedProducts } from "../db/seed/catalog-data";
import { fabricSvg, workshopSvg } from "./artwork/about-scenes";
import { styleFromName } from "./artwork/garments";
import { type ProductArtInput, productSvg } from "./artwork/product-scene";
import { type CollectionName, type HeroName, collectionSvg, faviconSvg, heroSvg, ogSvg } from "./artwork/scenes";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = path.join(ROOT, "public");
const IMAGES = path.join(PUBLIC, "images");

const WEBP = { quality: 78, effort: 6, smartSubsample: true } as const;

interface Job {
  label: string;
  /** SVG at the largest output size */
  svg: () => string;
  width: number;
  height: number;
  outputs: { file: string; width: number; format?: "webp" | "jpeg" | "png"; quality?: number }[];
  /** A close-up: this part of the picture (fractions of it), rendered sharp at the output size. */
  crop?: { left: number; top: number; width: number; height: number };
  /** Keeps the SVG's transparency (the favicon's rounded corners); every other picture is opaque. */
  alpha?: boolean;
}

/** Renders once at full size, then encodes each output (downscaled with Lanczos). */
async function run(job: Job): Promise<number> {
  const { data, info } = await render(job);
  let bytes = 0;
  for (const out of job.outputs) {
    await mkdir(path.dirname(out.file), { recursive: true });
    let img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    if (out.width !== info.width) {
      img = img.resize(out.width, Math.round((out.width * info.height) / info.width), { kernel: "lanczos3" });
    }
    const format = out.format ?? "webp";
    if (format === "webp") img = img.webp({ ...WEBP, quality: out.quality ?? WEBP.quality });
    else if (format === "jpeg") img = img.jpeg({ quality: out.quality ?? 84, mozjpeg: true });
    else img = img.png({ compressionLevel: 9 });
    const info2 = await img.toFile(out.file);
    bytes += info2.size;
  }
  return bytes;
}

/**
 * The SVG as raw pixels; a close-up cuts its part from the full-size picture and enlarges it
 * (Lanczos). Rendering the SVG larger instead would be sharper but costs minutes per picture.
 */
async function render(job: Job) {
  const svg = sharp(Buffer.from(job.svg()));
  const full = await (job.alpha ? svg : svg.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
  if (!job.crop) return full;
  const { width, height, channels } = full.info;
  return sharp(full.data, { raw: { width, height, channels } })
    .extract({
      left: Math.round(job.crop.left * width),
      top: Math.round(job.crop.top * height),
      width: Math.round(job.crop.width * width),
      height: Math.round(job.crop.height * height),
    })
    .resize(job.width, job.height, { kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

const PRODUCT_WIDTHS = PRODUCT_IMAGE_WIDTHS;

function productJobs(): Job[] {
  const jobs: Job[] = [];
  for (const p of seedProducts) {
    for (const c of p.colors) {
      const input: ProductArtInput = {
        garment: p.garment,
        pattern: p.pattern,
        base: c.hex,
        seed: `${p.slug}:${colorSlug(c.name)}`,
        style: styleFromName(p.name),
      };
      const base = path.join(PUBLIC, productImageBase(p, c.name));
      jobs.push({
        label: `${p.slug}/${colorSlug(c.name)}`,
        svg: () => productSvg(input, 960, 1200),
        width: 960,
        height: 1200,
        outputs: PRODUCT_WIDTHS.map((w) => ({ file: `${base}-${w}.webp`, width: w })),
      });
    }
  }
  return jobs;
}

/** The close-ups of products with gallery views, cut from the same artwork as their full view. */
function galleryViewJobs(): Job[] {
  const jobs: Job[] = [];
  for (const p of seedProducts) {
    for (const c of p.colors) {
      for (const view of p.galleryViews ?? []) {
        const input: ProductArtInput = {
          garment: p.garment,
          pattern: p.pattern,
          base: c.hex,
          seed: `${p.slug}:${colorSlug(c.name)}`,
          style: styleFromName(p.name),
        };
        const base = path.join(PUBLIC, `${productImageBase(p, c.name)}-${view}`);
        jobs.push({
          label: `${p.slug}/${colorSlug(c.name)}-${view}`,
          svg: () => productSvg(input, 960, 1200),
          width: 960,
          height: 1200,
          crop: galleryViewCrops[view],
          outputs: PRODUCT_WIDTHS.map((w) => ({ file: `${base}-${w}.webp`, width: w })),
        });
      }
    }
  }
  return jobs;
}

/** A representative garment per category, in a neutral brand colour. */
const CATEGORY_ART: Record<CategorySlug, Omit<ProductArtInput, "seed">> = {
  kaftans: { garment: "kaftan", pattern: "embroidery", base: "#E8DCC4" },
  suits: { garment: "suit", pattern: "plain", base: "#2B2A2E" },
  agbada: { garment: "agbada", pattern: "embroidery", base: "#0F3D2E" },
  ankara: { garment: "shirt", pattern: "ankara", base: "#B5543A" },
  kente: { garment: "smock", pattern: "kente", base: "#C9A227" },
  traditional: { garment: "smock", pattern: "plain", base: "#6B3F1D" },
};

function categoryJobs(): Job[] {
  return seedCategories.map((c) => {
    const input: ProductArtInput = { ...CATEGORY_ART[c.slug], seed: `category:${c.slug}` };
    return {
      label: `category/${c.slug}`,
      svg: () => productSvg(input, 960, 1200),
      width: 960,
      height: 1200,
      outputs: PRODUCT_WIDTHS.map((w) => ({ file: path.join(IMAGES, "categories", `${c.slug}-${w}.webp`), width: w })),
    };
  });
}

function heroJobs(): Job[] {
  const names: HeroName[] = ["kaftans", "suits", "heritage"];
  return names.map((name) => ({
    label: `hero/${name}`,
    svg: () => heroSvg(name, 1920, 1080),
    width: 1920,
    height: 1080,
    outputs: [768, 1280, 1920].map((w) => ({ file: path.join(IMAGES, "hero", `${name}-${w}.webp`), width: w, quality: 74 })),
  }));
}

function collectionJobs(): Job[] {
  const names: CollectionName[] = ["kaftans", "suits"];
  return names.map((name) => ({
    label: `collections/${name}`,
    svg: () => collectionSvg(name, 1280, 960),
    width: 1280,
    height: 960,
    outputs: [640, 960, 1280].map((w) => ({ file: path.join(IMAGES, "collections", `${name}-${w}.webp`), width: w })),
  }));
}

function aboutJobs(): Job[] {
  const scenes = { workshop: workshopSvg, fabric: fabricSvg };
  return Object.entries(scenes).map(([name, make]) => ({
    label: `about/${name}`,
    svg: () => make(960, 1200),
    width: 960,
    height: 1200,
    // At the product widths too: the admin may choose any picture on the site for a product.
    outputs: PRODUCT_WIDTHS.map((w) => ({ file: path.join(IMAGES, "about", `${name}-${w}.webp`), width: w })),
  }));
}

/** The brand mark as a square PNG of `size` pixels in public/ (transparent corners when rounded). */
function iconJob(label: string, file: string, size: number, { rounded }: { rounded: boolean }): Job {
  return {
    label,
    svg: () => faviconSvg(rounded).replace("<svg ", `<svg width="${size}" height="${size}" `),
    width: size,
    height: size,
    alpha: rounded,
    outputs: [{ file: path.join(PUBLIC, file), width: size, format: "png" }],
  };
}

function brandJobs(): Job[] {
  return [
    {
      label: "og-default",
      svg: () => ogSvg(),
      width: 1200,
      height: 630,
      outputs: [{ file: path.join(IMAGES, "og-default.jpg"), width: 1200, format: "jpeg", quality: 84 }],
    },
    // The icon the pages link: a bitmap, which the browser decodes in a moment. An SVG icon is a
    // document of its own, which the page's main thread builds, styles and lays out as the page
    // loads (decision 004, amended 2026-12-07). Its rounded corners stay transparent.
    iconJob("favicon", "favicon.png", 64, { rounded: true }),
    // iOS rounds the home-screen icon itself: square and opaque.
    iconJob("apple-touch-icon", "apple-touch-icon.png", 180, { rounded: false }),
  ];
}

const GROUPS = {
  products: { dirs: ["products"], jobs: () => [...productJobs(), ...galleryViewJobs()] },
  /** Only the close-ups (the full views stay): `npx tsx scripts/generate-artwork.ts gallery`. */
  gallery: { dirs: [], jobs: galleryViewJobs },
  categories: { dirs: ["categories"], jobs: categoryJobs },
  hero: { dirs: ["hero"], jobs: heroJobs },
  collections: { dirs: ["collections"], jobs: collectionJobs },
  about: { dirs: ["about"], jobs: aboutJobs },
  brand: { dirs: [], jobs: brandJobs },
} as const;

type GroupName = keyof typeof GROUPS;

async function main() {
  const started = performance.now();
  const args = process.argv.slice(2) as GroupName[];
  for (const a of args) if (!(a in GROUPS)) throw new Error(`unknown group "${a}" (${Object.keys(GROUPS).join(", ")})`);
  const groups = args.length ? args : (Object.keys(GROUPS) as GroupName[]);

  const jobs: Job[] = [];
  for (const name of groups) {
    // generated directories are rebuilt from scratch so renamed products leave nothing behind
    for (const dir of GROUPS[name].dirs) await rm(path.join(IMAGES, dir), { recursive: true, force: true });
    jobs.push(...GROUPS[name].jobs());
  }
  if (groups.includes("brand")) {
    await mkdir(PUBLIC, { recursive: true });
    await writeFile(path.join(PUBLIC, "favicon.svg"), `${faviconSvg(true)}\n`);
  }

  sharp.cache(false);
  const workers = Math.max(1, Math.min(4, availableParallelism()));
  let next = 0;
  let files = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const written = await run(job);
        bytes += written;
        files += job.outputs.length;
        process.stdout.write(`\r  ${files} files  ${job.label.padEnd(60)}`);
      }
    }),
  );
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\r${" ".repeat(80)}\r`);
  console.log(`Wrote ${files} images (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${secs}s.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
