import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { OutgoingEmail } from "./email-outbox.server";

/**
 * Where emails go: an SMTP server when SMTP_URL is set, otherwise `.eml` files in
 * DATA_DIR/outbox/ (open them in any mail program), so a fresh install shows what it sends.
 */
export interface EmailTransport {
  kind: "smtp" | "files";
  /** Human description for logs and the Diagnostic page (no password). */
  describe(): string;
  send(email: OutgoingEmail): Promise<{ location?: string }>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl?: string;
  /** MAIL_FROM: the sender's address (and a name used only when the store's name cannot be read). */
  from: string;
  outboxDir: string;
  /** The store's name as Settings say now (docs/product-rules.md §13 "Bringing shoppers back"): the From name of every email. */
  senderName?: () => Promise<string>;
}

/**
 * The sender of an email: MAIL_FROM's address, named after the store as it is called now, so a
 * renamed shop does not keep writing as "Ahenfie". MAIL_FROM's own name stays only when there
 * is no store name to use.
 */
export function senderOf(mailFrom: string, storeName: string | null): { name: string; address: string } | string {
  const match = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(mailFrom);
  const address = (match ? match[2]! : mailFrom).trim();
  const name = storeName?.trim() || match?.[1]?.trim() || "";
  return name ? { name, address } : address;
}

export function createEmailTransport({ smtpUrl, from: mailFrom, outboxDir, senderName }: TransportOptions): EmailTransport {
  const sender = async () => {
    let storeName: string | null = null;
    try {
      storeName = senderName ? await senderName() : null;
    } catch {
      // the database is away: MAIL_FROM as configured
    }
    return storeName === null ? mailFrom : senderOf(mailFrom, storeName);
  };
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    const url = new URL(smtpUrl);
    return {
      kind: "smtp",
      describe: () => `SMTP ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      async send(email) {
        await transporter.sendMail({ from: await sender(), to: email.to, subject: email.subject, html: email.html, text: email.text });
        return {};
      },
      close: () => transporter.close(),
    };
  }

  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "files",
    describe: () => `files in ${outboxDir}`,
    async send(email) {
      const info = await writer.sendMail({
        from: await sender(),
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
      });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = email.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(outboxDir, `${stamp}-${email.kind}-${safeTo}.eml`);
      // Written beside, then renamed: whoever watches the folder never reads half an email.
      await fs.writeFile(`${file}.partial`, info.message as Buffer);
      await fs.rename(`${file}.partial`, file);
      return { location: file };
    },
    close: () => writer.close(),
  };
}
