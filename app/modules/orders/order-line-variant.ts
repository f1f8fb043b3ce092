import { variantLabel } from "~/modules/catalog/variants";

/** A product and its variant as messages and lists name them: "Osu Linen Kaftan (Ivory, XL)". */
export function variantName(productName: string, color: string | null | undefined, size: string | null | undefined): string {
  const label = variantLabel(color, size);
  return label ? `${productName} (${label})` : productName;
}
