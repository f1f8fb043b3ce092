import { Copy, Download } from "lucide";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { notify } from "~/components/ui/toaster";

/** Recovery codes, shown once: each signs in once when the phone is lost. Copy or download them. */
export function RecoveryCodes({ codes, storeName, email }: { codes: string[]; storeName: string; email: string }) {
  const text = `${storeName} admin: recovery codes for ${email}\nEach code works once, instead of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify.success("Recovery codes copied", { description: "Keep them somewhere safe, away from your phone." });
    } catch {
      notify.error("Could not copy", { description: "Download them instead, or write them down." });
    }
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${storeName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="rounded-md border border-gold/60 bg-white p-4">
      <p className="text-sm text-charcoal">
        <span className="font-semibold">Save these recovery codes now.</span> They are shown only this once. If you lose your phone, each
        code signs you in once instead of the app.
      </p>
      <ol aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1.5 font-mono text-sm text-charcoal sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Icon of={Copy} /> Copy codes
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Icon of={Download} /> Download as a file
        </Button>
      </div>
    </div>
  );
}
