import { formatMoney } from "~/lib/money";

/** Why an order could not be placed; each message names the item so the shopper can fix the cart. */
export class OrderRefusedError extends Error {
  override name = "OrderRefusedError";
  constructor(
    message: string,
    readonly reason: "unavailable" | "out-of-stock" | "price-changed" | "empty" | "variant" | "shipping" | "discount",
    readonly productId?: number,
  ) {
    super(message);
  }
}

export const unavailable = (name: string, productId: number) =>
  new OrderRefusedError(`${name} is no longer available. Please remove it from your cart.`, "unavailable", productId);

export const outOfStock = (name: string, productId: number, available: number) =>
  new OrderRefusedError(
    available > 0
      ? `Only ${available} of ${name} left in stock. Please lower the quantity.`
      : `${name} is out of stock. Please remove it from your cart.`,
    "out-of-stock",
    productId,
  );

export const priceChanged = (name: string, productId: number, price: number) =>
  new OrderRefusedError(`The price of ${name} has changed to ${formatMoney(price)}. Please review your cart.`, "price-changed", productId);

/**
 * Shipping refusals (reason "shipping"): the cart is fine, the destination or its price is not.
 * Each names the destination, so the shopper knows what to change.
 */
export const shippingChanged = (destination: string, shipping: number) =>
  new OrderRefusedError(
    shipping === 0
      ? `Shipping to ${destination} is now free. Please review your order total, then place your order.`
      : `Shipping to ${destination} is now ${formatMoney(shipping)}. Please review your order total, then place your order.`,
    "shipping",
  );

export const payOnDeliveryNotOffered = (destination: string) =>
  new OrderRefusedError(
    `Pay on Delivery is not available for orders to ${destination}. Please pay online by card or mobile money.`,
    "shipping",
  );

export const noDeliveryTo = (destination: string) =>
  new OrderRefusedError(`We do not deliver to ${destination} yet. Please contact us to arrange delivery.`, "shipping");

/** A size the product is not made in (only what the product page offers can be ordered). */
export const sizeNotOffered = (name: string, productId: number, size: string, sizes: readonly string[]) =>
  new OrderRefusedError(
    sizes.length > 0
      ? `${name} is not available in size ${size}. Please choose ${sizes.join(", ")} on its page.`
      : `${name} is not available in size ${size}. Please remove it from your cart.`,
    "variant",
    productId,
  );

/** A line without a size (a cart from before the product had sizes): stock is kept per size. */
export const sizeNotChosen = (name: string, productId: number) =>
  new OrderRefusedError(`Please choose a size for ${name} on its page.`, "variant", productId);

/** A colour the product does not have (the cart names colours by their place on the product page). */
export const colourNotOffered = (name: string, productId: number) =>
  new OrderRefusedError(
    `${name} is not available in the colour in your cart. Please choose a colour on its page again.`,
    "variant",
    productId,
  );

export class OrderNotFoundError extends Error {
  override name = "OrderNotFoundError";
}

/**
 * A cancelled order cannot go back to an active status because the stock it needs has gone
 * (sold to someone else meanwhile). The message names the product, for the admin's toast.
 */
export class StockGoneError extends Error {
  override name = "StockGoneError";
  constructor(
    readonly productId: number,
    readonly productName: string,
    readonly wanted: number,
    readonly available: number,
  ) {
    super(
      `${productName} has ${available === 0 ? "none" : `only ${available}`} left in stock and this order needs ${wanted}, so it stays cancelled. Restock ${productName} first.`,
    );
  }
}

/** Made to measure asked of a product the shop does not make to measure (or no longer does). */
export const madeToMeasureNotOffered = (name: string, productId: number) =>
  new OrderRefusedError(
    `${name} is not made to measure. Please remove it from your cart and choose a standard size on its page.`,
    "variant",
    productId,
  );
