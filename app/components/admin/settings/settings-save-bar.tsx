import { Save } from "lucide";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";

/** The foot of a Settings form: its error (what the server refused) and its save button. */
export function SettingsSaveBar({
  message,
  busy,
  errorId,
  label,
}: {
  message?: string | null;
  busy: boolean;
  errorId: string;
  label: string;
}) {
  return (
    <div className="flex items-center justify-end gap-3">
      {message && !busy && (
        <p id={errorId} className="mr-auto text-sm font-medium text-destructive" role="alert">
          {message}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        <Icon of={Save} />
        {busy ? "Saving…" : label}
      </Button>
    </div>
  );
}
