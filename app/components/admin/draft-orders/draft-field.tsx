import { Search } from "lucide";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

/**
 * A labelled control of the draft editor, with the error the action returned for its name. The
 * editor is one server-driven form (every button posts all of it), so errors come from the
 * action's answer, tied to the control by `aria-describedby`.
 */
export function DraftField({
  name,
  label,
  error,
  hint,
  optional = false,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `draft-${name.replace(/[^\w-]/g, "-")}`;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-charcoal">
        {label}
        {optional && <span className="ml-1.5 text-xs font-normal text-stone">optional</span>}
      </label>
      {children({ id, name, ...(error ? { "aria-invalid": true } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A search box of the editor and its Find button, which posts the whole form with `intent`.
 * Enter in the box presses this Find, not the form's default button (Save draft, the
 * editor's first: draft-editor.tsx); without JavaScript Enter saves the draft and searches nothing.
 */
export function DraftSearch({
  name,
  label,
  intent,
  defaultValue,
  hint,
  placeholder,
}: {
  name: string;
  label: string;
  intent: string;
  defaultValue: string;
  hint?: string;
  placeholder?: string;
}) {
  const find = useRef<HTMLButtonElement>(null);
  const findOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Not while an input method is composing a character: its Enter picks the character.
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit(find.current);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <DraftField name={name} label={label} className="min-w-0 flex-1" hint={hint}>
        {(control) => (
          <Input
            {...control}
            type="search"
            defaultValue={defaultValue}
            autoComplete="off"
            placeholder={placeholder}
            onKeyDown={findOnEnter}
          />
        )}
      </DraftField>
      {/* With a hint under the box, the button stays level with the box. */}
      <Button ref={find} type="submit" name="intent" value={intent} variant="outline" className={hint ? "mb-5" : undefined}>
        <Icon of={Search} /> Find
      </Button>
    </div>
  );
}

/** A card of the editor: a titled section. */
export function DraftSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-sm border border-border bg-white p-5 md:p-6">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone">{description}</p>}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}
