/** What a product card needs; money in pesewas, image as a base path (see productImage). */
export interface ProductCardData {
  id: number;
  slug: string;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  stockQuantity: number;
  isNew: boolean;
  isBestseller: boolean;
  isFeatured: boolean;
  category: { slug: string; name: string } | null;
  defaultColor: string | null;
}

export interface ProductColor {
  name: string;
  hex: string;
  image: string;
}

export interface ProductDetail extends ProductCardData {
  description: string | null;
  materials: string[];
  care: string[];
  sizes: string[];
  sku: string | null;
  colors: ProductColor[];
}
