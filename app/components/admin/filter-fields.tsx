import { Search } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";

/**
 * The search box of an admin filter bar (a GET form): `value` comes from the URL, and a new
 * key when it changes (back button) shows the URL's search again.
 */
export function FilterSearchField({
  id,
  value,
  ...props
}: { id: string; value: string } & Omit<ComponentProps<"input">, "id" | "value" | "defaultValue" | "name" | "type">) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone" aria-hidden />
        <Input key={value} id={id} name="q" type="search" defaultValue={value} className="pl-9" maxLength={100} {...props} />
      </div>
    </div>
  );
}

/** A labelled select of an admin filter bar; choosing an option applies it (`onApply`). */
export function FilterSelectField({
  id,
  label,
  name,
  value,
  onApply,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onApply: (form: HTMLFormElement | null) => void;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect key={value} id={id} name={name} defaultValue={value} onChange={(e) => onApply(e.currentTarget.form)}>
        {children}
      </NativeSelect>
    </div>
  );
}
