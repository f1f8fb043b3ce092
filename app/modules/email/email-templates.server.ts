/**
 * Emails in the shop's look: a kente band, the store name, a heading, paragraphs and an
 * optional button, as HTML (inline styles, table layout, which mail programs need) and as
 * plain text with the same words.
 */
import { escapeHtml } from "~/lib/escape-html";

export interface EmailContent {
  storeName: string;
  /** Shown by mail programs next to the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** An itemised table after the paragraphs (an order's lines and totals). */
  summary?: EmailSummary;
  /** A list of links after the paragraphs (each piece of an order to review). */
  links?: { label: string; url: string }[];
  /** Paragraphs after the summary. */
  closing?: string[];
  button?: { label: string; url: string };
  /** Small print under the body (why they got it, contact details). */
  footer?: string;
  /** A link in the small print to receive no more of these (an opt-out that needs no sign-in). */
  optOut?: { label: string; url: string };
}

export interface EmailSummary {
  lines: { name: string; detail?: string; amount: string }[];
  /** Subtotal, shipping, total…; the last one is shown in bold. */
  totals: { label: string; amount: string }[];
}

const paragraphHtml = (p: string) =>
  `<tr><td style="padding:14px 32px 0;font-size:15px;line-height:1.6;color:#3b362f">${escapeHtml(p)}</td></tr>`;

function summaryHtml({ lines, totals }: EmailSummary): string {
  const cell = "padding:10px 0;border-bottom:1px solid #e6dccb;font-size:14px;line-height:1.4;vertical-align:top";
  const items = lines
    .map(
      (l) =>
        `<tr><td style="${cell}"><strong style="color:#1e1b18">${escapeHtml(l.name)}</strong>${
          l.detail ? `<br><span style="font-size:12px;color:#5f574d">${escapeHtml(l.detail)}</span>` : ""
        }</td><td align="right" style="${cell};white-space:nowrap;padding-left:12px">${escapeHtml(l.amount)}</td></tr>`,
    )
    .join("");
  const sums = totals
    .map((t, i) => {
      const last = i === totals.length - 1;
      const style = `padding:${i === 0 ? 12 : 4}px 0 0;font-size:${last ? 16 : 14}px;${last ? "font-weight:bold;color:#1e1b18" : "color:#3b362f"}`;
      return `<tr><td style="${style}">${escapeHtml(t.label)}</td><td align="right" style="${style};white-space:nowrap">${escapeHtml(t.amount)}</td></tr>`;
    })
    .join("");
  return `<tr><td style="padding:18px 32px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}${sums}</table></td></tr>`;
}

function linksHtml(links: { label: string; url: string }[]): string {
  const items = links
    .map(
      (l) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid #e6dccb;font-size:15px;line-height:1.4"><a href="${escapeHtml(l.url)}" style="color:#0f3d2e;font-weight:bold;text-decoration:underline">${escapeHtml(l.label)}</a></td></tr>`,
    )
    .join("");
  return `<tr><td style="padding:14px 32px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table></td></tr>`;
}

function summaryText({ lines, totals }: EmailSummary): string[] {
  return [
    ...lines.map((l) => `${l.name}${l.detail ? ` (${l.detail})` : ""}: ${l.amount}`),
    "",
    ...totals.map((t) => `${t.label}: ${t.amount}`),
    "",
  ];
}

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const { storeName, preheader, heading, paragraphs, summary, links = [], closing = [], button, footer, optOut } = content;
  const kente =
    "background:repeating-linear-gradient(90deg,#c9a227 0 18px,#0f3d2e 18px 24px,#c9a227 24px 30px,#8c2a1c 30px 36px,#1e1b18 36px 40px,#e0b84b 40px 52px,#0f3d2e 52px 58px);background-color:#c9a227";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#f3ede0;font-family:Helvetica,Arial,sans-serif;color:#1e1b18">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3ede0;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fbf8f1;border-radius:6px;overflow:hidden">
<tr><td style="height:6px;${kente}"></td></tr>
<tr><td style="padding:28px 32px 8px;font-family:Georgia,serif;font-size:22px;letter-spacing:4px;text-transform:uppercase;color:#0f3d2e">${escapeHtml(storeName)}</td></tr>
<tr><td style="padding:8px 32px 0;font-family:Georgia,serif;font-size:28px;line-height:1.2;color:#1e1b18">${escapeHtml(heading)}</td></tr>
${paragraphs.map(paragraphHtml).join("\n")}
${links.length ? linksHtml(links) : ""}
${summary ? summaryHtml(summary) : ""}
${closing.map(paragraphHtml).join("\n")}
${
  button
    ? `<tr><td style="padding:26px 32px 4px"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#0f3d2e;color:#fbf8f1;text-decoration:none;font-weight:bold;font-size:14px;letter-spacing:1px;padding:14px 26px;border-radius:3px">${escapeHtml(button.label)}</a></td></tr>
<tr><td style="padding:10px 32px 0;font-size:12px;line-height:1.5;color:#5f574d">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(button.url)}" style="color:#0f3d2e;word-break:break-all">${escapeHtml(button.url)}</a></td></tr>`
    : ""
}
<tr><td style="padding:28px 32px 28px;font-size:12px;line-height:1.5;color:#5f574d">${escapeHtml(footer ?? `${storeName}, Accra, Ghana`)}${
    optOut ? `<br><a href="${escapeHtml(optOut.url)}" style="color:#0f3d2e">${escapeHtml(optOut.label)}</a>` : ""
  }</td></tr>
</table></td></tr></table></body></html>`;

  const text = [
    storeName.toUpperCase(),
    "",
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(links.length ? [...links.map((l) => `${l.label}: ${l.url}`), ""] : []),
    ...(summary ? summaryText(summary) : []),
    ...closing.flatMap((p) => [p, ""]),
    ...(button ? [`${button.label}: ${button.url}`, ""] : []),
    "--",
    footer ?? `${storeName}, Accra, Ghana`,
    ...(optOut ? [`${optOut.label}: ${optOut.url}`] : []),
    "",
  ].join("\n");
  return { html, text };
}
