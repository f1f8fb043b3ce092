import type { FieldMetadata } from "@conform-to/react";
import { ImageOff, Trash2 } from "lucide";
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { FieldError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { imageSrc } from "~/lib/images";
import { checkPickedImage, PRODUCT_IMAGE_ACCEPT } from "~/modules/catalog/product-image-rules";

/**
 * A picture field: the stored picture's base URL travels in a hidden input (the Conform field,
 * e.g. `imageUrl`), a new photo in a file input (`fileName`) that the server stores and resizes
 * on save; the file input carries the field's id and error. The preview shows the picked file at
 * once, cut to the storefront's 4:5 frame.
 */
export function ProductImageInput<S>({
  field,
  label,
  fileName,
  compact = false,
}: {
  field: FieldMetadata<S>;
  label: string;
  fileName: string;
  compact?: boolean;
}) {
  const [url, setUrl] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = field.id;

  // Blob URLs hold the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const shown = preview ?? (url ? imageSrc(url, 480) : null);
  // A file refused here (type, size) is explained at once; the server's answer otherwise.
  const message = problem ?? field.errors?.[0];

  return (
    <div className={cn("flex gap-4", compact ? "items-center" : "items-start")}>
      <div
        className={cn(
          "flex shrink-0 items-center justify-center overflow-hidden rounded-sm bg-sand ring-1 ring-border",
          compact ? "h-[60px] w-12" : "h-[150px] w-[120px]",
        )}
      >
        {shown ? (
          <img src={shown} alt={`Preview of ${label.toLowerCase()}`} className="size-full object-cover" />
        ) : (
          <Icon of={ImageOff} className="size-6 text-stone/70" />
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-2">
        <label htmlFor={id} className={cn("text-sm font-medium text-charcoal", compact && "sr-only")}>
          {label}
        </label>
        <input type="hidden" name={field.name} value={url} />
        <input
          ref={fileRef}
          id={id}
          name={fileName}
          type="file"
          accept={PRODUCT_IMAGE_ACCEPT}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? field.errorId : field.descriptionId}
          className="block w-full max-w-full cursor-pointer text-xs text-stone file:mr-3 file:cursor-pointer file:rounded-sm file:border-0 file:bg-forest file:px-3 file:py-2 file:text-xs file:font-semibold file:text-ivory hover:file:bg-forest-deep"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) {
              setPreview(null);
              return;
            }
            const refused = checkPickedImage(file);
            setProblem(refused);
            if (refused) {
              event.currentTarget.value = "";
              setPreview(null);
              return;
            }
            setPreview(URL.createObjectURL(file));
          }}
        />
        {!compact && (
          <p id={field.descriptionId} className="text-xs text-stone">
            JPEG, PNG or WebP, up to 8 MB. Cut to 4:5 and saved in two sizes for fast pages.
          </p>
        )}
        {compact && (
          <span id={field.descriptionId} className="sr-only">
            JPEG, PNG or WebP, up to 8 MB.
          </span>
        )}
        <FieldError field={{ id, descriptionId: field.descriptionId, errorId: field.errorId, errors: message ? [message] : undefined }} />
        {(url || preview) && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start px-2 text-stone hover:text-destructive"
            onClick={() => {
              setUrl("");
              setPreview(null);
              setProblem(null);
              if (fileRef.current) fileRef.current.value = "";
            }}
          >
            <Icon of={Trash2} /> Remove picture
          </Button>
        )}
      </div>
    </div>
  );
}
