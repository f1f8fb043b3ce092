import { Eye, EyeOff } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "~/components/ui/input";

/**
 * A password field with the page's one visibility toggle: every password field on the
 * page shows or hides together (docs/product-rules.md: one toggle shared by both tabs).
 */
export function PasswordInput({ visible, onToggle, ...props }: ComponentProps<"input"> & { visible: boolean; onToggle: () => void }) {
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className="pr-11" />
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={visible}
        aria-label={visible ? "Hide passwords" : "Show passwords"}
        className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center text-stone transition-colors hover:text-charcoal focus-visible:outline-2 focus-visible:outline-gold"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
