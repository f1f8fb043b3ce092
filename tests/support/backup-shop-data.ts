import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orders } from "~db/schema/orders";
import { productReviews } from "~db/schema/customers";
import { products, productVariants } from "~db/schema/catalog";
import { saveMeasurements } from "~/modules/measurements/customer-measurements.server";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { productPhotoPath, storeUploadedFiles } from "~/modules/uploads/uploaded-files.server";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";

export interface FilledShop {
  /** /uploads/… paths of the photos stored in the database. */
  photoPaths: string[];
  productIds: number[];
  orderNumbers: string[];
}

/**
 * A shop with something of everything a backup must carry, on top of the sample catalog:
 * settings of its own, customers with measurements, orders paid online and on delivery (lines
 * with variants and made-to-measure lines), uploaded photos (bytes in the database) and reviews.
 */
export async function fillShop(db: Db): Promise<FilledShop> {
  await saveStoreSettings(db, { storeName: "Kente & Co <Accra>", backupTime: "04:30", contactPhone: "+233 30 700 0000" });
  const catalog = await db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .orderBy(products.id)
    .limit(4);
  const photoName = crypto.randomBytes(16).toString("hex");
  const photos = [320, 640].map((width) => ({
    path: productPhotoPath(photoName, width),
    contentType: "image/webp",
    // Incompressible bytes, as a real photo's are.
    bytes: crypto.randomBytes(width * 60),
  }));
  await storeUploadedFiles(db, photos);
  const customers = [];
  for (let i = 0; i < 3; i++) {
    const customer = await createUser(db, { name: `Kwame Asante ${i}`, email: `kwame${i}@example.com` });
    customers.push(customer);
    if (i < 2) {
      const values = {
        chest: 102 + i,
        waist: 88,
        hips: 100,
        shoulder: 46,
        sleeve: 64,
        topLength: 76,
        trouserLength: 104,
        inseam: 80,
        neck: 40,
        height: 182,
      };
      await saveMeasurements(db, customer.id, { unit: "cm", values });
    }
  }
  const orderNumbers: string[] = [];
  for (const [i, product] of catalog.entries()) {
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.productId, product.id)).limit(1);
    const order = await createOrder(db, {
      userId: customers[i % customers.length]!.id,
      customerName: customers[i % customers.length]!.name,
      customerEmail: customers[i % customers.length]!.email,
      paymentMethod: i % 2 === 0 ? "card" : "pay_on_delivery",
      paymentStatus: i % 2 === 0 ? "paid" : "pending",
      orderStatus: i === 0 ? "delivered" : "processing",
      createdAt: new Date(Date.UTC(2026, 10, 20 + i, 10)),
      items: [
        {
          productId: product.id,
          name: product.name,
          unitPrice: product.price,
          size: variant?.size ?? null,
          color: variant?.color ?? null,
          variantId: variant?.id ?? null,
        },
      ],
    });
    orderNumbers.push(order.orderNumber);
    // A made-to-measure line beside it, cut to the customer's measurements.
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      name: `${product.name} (made to measure)`,
      unitPrice: product.price + 25_000,
      quantity: 1,
      measurements: {
        unit: "cm",
        values: {
          chest: 104,
          waist: 90,
          hips: 101,
          shoulder: 47,
          sleeve: 65,
          topLength: 78,
          trouserLength: 105,
          inseam: 81,
          neck: 41,
          height: 183,
        },
      },
      madeToMeasureSurcharge: 25_000,
      madeToMeasureDays: 10,
    });
    await db
      .update(orders)
      .set({ totalAmount: product.price * 2 + 25_000, subtotalAmount: product.price * 2 + 25_000 })
      .where(eq(orders.id, order.id));
  }
  await db.insert(productReviews).values({
    productId: catalog[0]!.id,
    userId: customers[0]!.id,
    authorName: "Kwame A.",
    rating: 5,
    title: "Cut like a dream",
    body: "The kaftan fits at the shoulder and the embroidery is sharp. Worn to a wedding in Kumasi.",
    photoUrl: `/uploads/${photos[1]!.path}`,
    status: "approved",
  });
  return { photoPaths: photos.map((p) => `/uploads/${p.path}`), productIds: catalog.map((p) => p.id), orderNumbers };
}
