import { ImagePlus } from "lucide";
import { Icon } from "~/components/ui/icon";
import { checkPickedImage, PRODUCT_IMAGE_ACCEPT } from "~/modules/catalog/product-image-rules";
import { MAX_REQUEST_PHOTOS } from "~/modules/custom-requests/custom-request.schema";

/** Up to three reference photos; a quick look in the browser, the real check on the server. */
export function checkPickedPhotos(files: FileList | null): string | null {
  if (!files) return null;
  if (files.length > MAX_REQUEST_PHOTOS) return `Choose at most ${MAX_REQUEST_PHOTOS} photos.`;
  for (const file of files) {
    const problem = checkPickedImage(file);
    if (problem) return files.length > 1 ? `${file.name}: ${problem}` : problem;
  }
  return null;
}

export function RequestPhotosInput({
  error,
  chooseAgain,
  onPick,
}: {
  error: string | null;
  /** The request came back refused and the browser no longer holds its photos. */
  chooseAgain: boolean;
  onPick: (files: FileList | null) => void;
}) {
  const described = ["request-photos-hint", chooseAgain && "request-photos-again", error && "request-photos-error"]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid gap-1.5">
      <label htmlFor="request-photos" className="text-sm font-medium text-charcoal">
        Photos <span className="ml-0.5 text-xs font-normal text-stone">optional</span>
      </label>
      <div className="flex items-center gap-3 rounded-sm border border-dashed border-stone/40 bg-white px-3 py-4">
        <Icon of={ImagePlus} className="size-5 shrink-0 text-gold-ink" />
        <input
          id="request-photos"
          name="photos"
          type="file"
          multiple
          accept={PRODUCT_IMAGE_ACCEPT}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          className="w-full text-sm file:mr-3 file:cursor-pointer file:rounded-sm file:border-0 file:bg-sand file:px-3 file:py-2 file:text-sm file:font-semibold file:text-charcoal"
          onChange={(event) => onPick(event.currentTarget.files)}
        />
      </div>
      <p id="request-photos-hint" className="text-xs text-stone">
        Up to {MAX_REQUEST_PHOTOS} pictures of a style you love, a cloth or an occasion: JPEG, PNG or WebP, at most 8 MB each. Only our team
        sees them.
      </p>
      {chooseAgain && (
        <p id="request-photos-again" className="text-sm font-medium text-charcoal">
          Please choose your photos again: they are not kept when a request needs correcting.
        </p>
      )}
      {error && (
        <p id="request-photos-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
