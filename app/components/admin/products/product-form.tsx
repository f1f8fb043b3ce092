import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";
import { currencySymbols, type CurrencyCode } from "~/lib/money";
import { productFormInput, productFormValues } from "~/modules/catalog/product-form-data";
import { productFieldErrors, productFormSchema } from "~/modules/catalog/product.schema";
import type { AdminProduct, AdminProductCategory } from "~/modules/catalog/product-management-types";
import { SIZES } from "~/modules/catalog/catalog-constants";
import { Field, fieldState, FormSection } from "./form-field";
import type { ProductActionResult } from "./product-action";
import { ProductColorsField } from "./product-colors-field";
import { ProductImageInput } from "./product-image-input";
import { MoneyInput, SizesField, StorefrontSwitches } from "./product-form-controls";

const SAVE_FIELDS_MESSAGE = "Please correct the highlighted fields.";

/** A new product starts active, in every size, without colours. */
const blank = {
  name: "",
  description: "",
  price: "",
  originalPrice: "",
  categoryId: "",
  stockQuantity: "",
  sku: "",
  imageUrl: "",
  isFeatured: false,
  isActive: true,
  isNew: false,
  isBestseller: false,
  materials: "",
  care: "",
  sizes: [...SIZES] as string[],
};

/**
 * Every product field (admin-products.schema.ts), posted as multipart through the dialog's
 * fetcher. The same schema checks the form here first, so most mistakes are shown without a
 * round trip; the server checks again. Inputs are uncontrolled: after an error what was typed
 * (and any picked photo) stays.
 */
export function ProductForm({
  product,
  categories,
  currency,
  fetcher,
  onCancel,
}: {
  product: AdminProduct | null;
  categories: AdminProductCategory[];
  currency: CurrencyCode;
  fetcher: FetcherWithComponents<ProductActionResult>;
  onCancel: () => void;
}) {
  const values = product ? productFormValues(product) : blank;
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Also busy after a successful save until the dialog closes: a second click must not add twice.
  const busy = fetcher.state !== "idle" || fetcher.data?.ok === true;
  const answer = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errors = clientErrors ?? answer?.fieldErrors ?? {};
  const formMessage = clientErrors ? SAVE_FIELDS_MESSAGE : (answer?.message ?? null);
  const symbol = currencySymbols[currency];

  // After a refused save, take the admin to the first field that needs attention.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [clientErrors, answer]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="grid gap-6"
      onSubmit={(event) => {
        const checked = productFormSchema.safeParse(productFormInput(new FormData(event.currentTarget)));
        if (checked.success) return setClientErrors(null);
        event.preventDefault();
        setClientErrors(productFieldErrors(checked.error));
        notify.error("Failed to save product", { description: SAVE_FIELDS_MESSAGE });
      }}
    >
      <input type="hidden" name="intent" value={product ? "update" : "create"} />
      {product && <input type="hidden" name="id" value={product.id} />}
      {product && <input type="hidden" name="stockSeen" value={product.stockQuantity} />}

      <div className="grid gap-6 px-6">
        <FormSection title="Details">
          <Field id="product-name" label="Name" error={errors.name}>
            <Input {...fieldState("product-name", errors.name)} name="name" defaultValue={values.name} maxLength={200} autoComplete="off" />
          </Field>
          <Field id="product-description" label="Description" optional error={errors.description}>
            <Textarea
              {...fieldState("product-description", errors.description)}
              name="description"
              defaultValue={values.description}
              rows={4}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="product-category" label="Category" error={errors.categoryId}>
              <NativeSelect {...fieldState("product-category", errors.categoryId)} name="categoryId" defaultValue={values.categoryId}>
                <option value="">No category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="product-sku" label="SKU" optional error={errors.sku} hint="Unique across the catalog.">
              <Input
                {...fieldState("product-sku", errors.sku, "product-sku-hint")}
                name="sku"
                defaultValue={values.sku}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                className={cn("font-mono", errors.sku && "border-destructive")}
              />
            </Field>
          </div>
        </FormSection>

        <FormSection title="Price and stock" description={`Prices in ${currency}, with two decimals.`}>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="product-price" label={`Price (${symbol})`} error={errors.price}>
              <MoneyInput id="product-price" name="price" symbol={symbol} defaultValue={values.price} error={errors.price} />
            </Field>
            <Field
              id="product-original-price"
              label={`Original price (${symbol})`}
              optional
              error={errors.originalPrice}
              hint="Shown struck through, with the discount."
            >
              <MoneyInput
                id="product-original-price"
                name="originalPrice"
                symbol={symbol}
                defaultValue={values.originalPrice}
                error={errors.originalPrice}
                hintId="product-original-price-hint"
              />
            </Field>
            <Field id="product-stock" label="Stock" error={errors.stockQuantity}>
              <Input
                {...fieldState("product-stock", errors.stockQuantity)}
                name="stockQuantity"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                defaultValue={values.stockQuantity}
                className={cn("tabular-nums", errors.stockQuantity && "border-destructive")}
              />
            </Field>
          </div>
        </FormSection>

        <FormSection title="Picture" description="Shown on cards and the product page when no colour has its own picture.">
          <ProductImageInput
            id="product-image"
            label="Product picture"
            urlName="imageUrl"
            fileName="imageFile"
            initialUrl={values.imageUrl}
            error={errors.imageUrl}
          />
        </FormSection>

        <FormSection title="On the storefront">
          <StorefrontSwitches values={values} />
        </FormSection>

        <FormSection title="Sizes">
          <SizesField chosen={values.sizes} error={errors.sizes} />
        </FormSection>

        <FormSection title="Materials and care" description="One per line.">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="product-materials" label="Materials" optional error={errors.materials}>
              <Textarea
                {...fieldState("product-materials", errors.materials)}
                name="materials"
                defaultValue={values.materials}
                rows={4}
                placeholder={"Hand-woven kente cotton\nSilk-blend lining"}
              />
            </Field>
            <Field id="product-care" label="Care instructions" optional error={errors.care}>
              <Textarea
                {...fieldState("product-care", errors.care)}
                name="care"
                defaultValue={values.care}
                rows={4}
                placeholder={"Dry clean only\nIron on low heat"}
              />
            </Field>
          </div>
        </FormSection>

        <FormSection title="Colours" description="Each colour may have its own picture; the first one is shown on cards.">
          <ProductColorsField initial={product?.colors ?? []} errors={errors} />
        </FormSection>
      </div>

      <div className="sticky bottom-0 z-10 flex flex-col gap-3 border-t border-border bg-ivory/95 px-6 py-4 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
        <p role="alert" className="text-sm font-medium text-destructive">
          {formMessage}
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden />}
            {busy ? "Saving…" : product ? "Save Changes" : "Create Product"}
          </Button>
        </div>
      </div>
    </fetcher.Form>
  );
}
