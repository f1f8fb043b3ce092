import { ImageUp, Trash2 } from "lucide";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { notify } from "~/components/ui/toaster";
import { checkPickedLogo, STORE_LOGO_ACCEPT, type StoreLogoResult } from "~/modules/settings/store-logo-rules";
import type { StoreLogo } from "~/modules/settings/store-settings";
import { SettingsSection } from "./settings-section";

/**
 * Settings → General's logo (decision 032): pick a PNG, JPEG or WebP (checked here, then by
 * content on the server), see it at once as the header and the footer will show it, then save
 * it; or remove it to bring back the store name. Posts to /admin/settings/logo.
 */
export function StoreLogoForm({ logo, storeName }: { logo: StoreLogo | null; storeName: string }) {
  const fetcher = useFetcher<StoreLogoResult>({ key: "settings-logo" });
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const shown = picked ?? logo?.url ?? null;

  useEffect(() => () => void (picked && URL.revokeObjectURL(picked)), [picked]);
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      notify.success(result.message);
      setPicked(null);
      if (fileRef.current) fileRef.current.value = "";
    } else {
      setProblem(result.message);
      notify.error("Logo not saved", { description: result.message });
    }
  });

  return (
    <SettingsSection
      title="Logo"
      description="Shown instead of the store name in the header and footer; the name stays its text for screen readers."
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <fetcher.Form method="post" action="/admin/settings/logo" encType="multipart/form-data" className="grid content-start gap-3">
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor={id} className="text-sm font-medium">
            Logo file
          </label>
          <input
            ref={fileRef}
            id={id}
            name="logo"
            type="file"
            accept={STORE_LOGO_ACCEPT}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-help${problem ? ` ${id}-error` : ""}`}
            className="block w-full max-w-full cursor-pointer text-xs text-stone file:mr-3 file:cursor-pointer file:rounded-sm file:border-0 file:bg-forest file:px-3 file:py-2 file:text-xs file:font-semibold file:text-ivory hover:file:bg-forest-deep"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (!file) return setPicked(null);
              const refused = checkPickedLogo(file);
              setProblem(refused);
              if (refused) {
                event.currentTarget.value = "";
                return setPicked(null);
              }
              setPicked(URL.createObjectURL(file));
            }}
          />
          <p id={`${id}-help`} className="text-xs text-stone">
            PNG, JPEG or WebP, up to 2 MB. A wide logo on a transparent background looks best; it is saved as a small WebP.
          </p>
          {problem && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || !picked}>
              <Icon of={ImageUp} />
              {busy && fetcher.formData?.get("intent") === "upload" ? "Saving…" : "Save logo"}
            </Button>
            {logo && (
              <Button
                type="button"
                variant="ghost"
                className="text-stone hover:text-destructive"
                disabled={busy}
                onClick={() => fetcher.submit({ intent: "remove" }, { method: "post", action: "/admin/settings/logo" })}
              >
                <Icon of={Trash2} /> Remove logo
              </Button>
            )}
          </div>
        </fetcher.Form>
        <div className="grid content-start gap-2" aria-live="polite">
          <p className="text-xs font-bold tracking-[0.16em] text-stone uppercase">{picked ? "Preview (not saved yet)" : "Preview"}</p>
          <div className="flex h-20 items-center rounded-sm border border-border bg-ivory px-5">
            {shown ? (
              <img src={shown} alt={`${storeName} logo in the header`} className="h-12 w-auto max-w-[13rem] object-contain object-left" />
            ) : (
              <span className="font-display text-xl tracking-[0.08em] uppercase">{storeName}</span>
            )}
          </div>
          <div className="flex h-20 items-center rounded-sm bg-forest-deep px-5">
            {shown ? (
              <img
                src={shown}
                alt={`${storeName} logo in the footer`}
                className="h-14 w-auto max-w-[13rem] rounded-sm bg-ivory object-contain object-left px-3 py-2"
              />
            ) : (
              <span className="font-display text-xl tracking-[0.08em] text-ivory uppercase">{storeName}</span>
            )}
          </div>
          {!shown && <p className="text-xs text-stone">No logo: the store name is shown, sized to fit.</p>}
        </div>
      </div>
    </SettingsSection>
  );
}
