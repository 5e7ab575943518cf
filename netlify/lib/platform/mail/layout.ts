import { GROUP } from '@config/group';
import { formatEuros } from '@domain/money';

/**
 * The building blocks of the e-mails a parent receives (each capability's
 * `*-mails.ts`, e.g. netlify/lib/access/access-mails.ts): one HTML layout,
 * one table of order lines, and their plain-text twins, and the parts a
 * message is assembled from ({@link compose}). Pure functions, no I/O.
 * Every value put into HTML goes through {@link escapeHtml}; the only image
 * is the group's logo.
 */

/** A ready e-mail: the subject, the plain-text body and the HTML body. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What every message needs besides its own data. */
export interface MailContext {
  /** The site's public address, e.g. 'https://pagamenti.example.org' (a trailing slash is dropped); the logo (GROUP.logo) is served from it. */
  siteUrl: string;
}

/**
 * One line of an order as the e-mails list it (an OrderLine of
 * src/domain/catalogue/order-line.ts fits): the child's name, the plan
 * ('Felpa Reparto'…), the size ('' when none), the euros.
 */
export interface MailLine {
  child: { name: string };
  plan: string;
  size: string;
  priceEuros: number;
}

/** A row under the lines (a fee, a total): its label and amount in euros; `strong` for the total. */
export interface MailTotal {
  label: string;
  euros: number;
  strong?: boolean;
}

const BRAND = '#58257f';
const TEXT = '#111827';
const MUTED = '#6b7280';
const BORDER = '#e5e7eb';
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/** Escapes the five HTML-significant characters, for text and for double- or single-quoted attributes. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The greeting: 'Gentile famiglia Rossi,', or 'Gentile genitore,' without a surname. Plain text: escape it for HTML. */
export function greeting(familySurname?: string): string {
  const surname = familySurname?.trim();
  return surname ? `Gentile famiglia ${surname},` : 'Gentile genitore,';
}

/** A paragraph of HTML from plain text (escaped here). */
export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px 0;">${escapeHtml(text)}</p>`;
}

/** The line's description: 'Campo Estivo - Acconto', or 'Felpa Reparto · Taglia M' when it has a size. */
function describe(line: MailLine): string {
  return line.size ? `${line.plan} · Taglia ${line.size}` : line.plan;
}

/**
 * The order's lines as an HTML table (child, plan and size, amount), then the
 * `totals` rows (e.g. 'Commissioni Servizio', 'Totale pagato'), amounts the Italian way ('280,00 €').
 */
export function linesTable(lines: readonly MailLine[], totals: readonly MailTotal[]): string {
  const cell = `padding:8px 0;border-bottom:1px solid ${BORDER};vertical-align:top;`;
  const rows = lines.map(
    (line) =>
      `<tr><td style="${cell}"><strong>${escapeHtml(line.child.name)}</strong><br>` +
      `<span style="color:${MUTED};font-size:14px;">${escapeHtml(describe(line))}</span></td>` +
      `<td align="right" style="${cell}white-space:nowrap;">${escapeHtml(formatEuros(line.priceEuros))}</td></tr>`,
  );
  const totalRows = totals.map((total) => {
    const weight = total.strong ? 'font-weight:bold;font-size:17px;' : `color:${MUTED};`;
    return (
      `<tr><td style="padding:8px 0;${weight}">${escapeHtml(total.label)}</td>` +
      `<td align="right" style="padding:8px 0;white-space:nowrap;${weight}">${escapeHtml(formatEuros(total.euros))}</td></tr>`
    );
  });
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;${FONT}font-size:15px;color:${TEXT};">` +
    `${[...rows, ...totalRows].join('')}</table>`
  );
}

/** The plain-text twin of {@link linesTable}: '- Marco: Felpa Reparto · Taglia M — 30,00 €', then 'Totale pagato: 280,00 €'. */
export function linesText(lines: readonly MailLine[], totals: readonly MailTotal[]): string {
  const rows = lines.map((line) => `- ${line.child.name}: ${describe(line)} — ${formatEuros(line.priceEuros)}`);
  const totalRows = totals.map((total) => `${total.label}: ${formatEuros(total.euros)}`);
  return [...rows, ...(rows.length > 0 ? [''] : []), ...totalRows].join('\n');
}

/** Label/value rows in HTML (the transfer's details: 'Intestatario', 'IBAN', 'Causale'); values in monospace, easy to copy. */
export function detailsTable(rows: readonly (readonly [label: string, value: string])[]): string {
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:${MUTED};white-space:nowrap;vertical-align:top;">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;font-family:'Courier New',Courier,monospace;font-weight:bold;word-break:break-all;">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;${FONT}font-size:15px;color:${TEXT};">` +
    `${body}</table>`
  );
}

/** The plain-text twin of {@link detailsTable}: 'IBAN: IT60…'. */
export function detailsText(rows: readonly (readonly [label: string, value: string])[]): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/**
 * Wraps a message's HTML body (already escaped) in the one layout every
 * e-mail shares: lang="it", the group's logo (GROUP.logo), the
 * signature with the group's name and the footer with its address and
 * e-mail. Inline styles and tables only: no external CSS, scripts or other images.
 */
export function layout(title: string, bodyHtml: string, context: MailContext): string {
  const logo = `${context.siteUrl.replace(/\/+$/, '')}${GROUP.logo}`;
  const email = escapeHtml(GROUP.email);
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;${FONT}font-size:16px;line-height:1.5;color:${TEXT};">
<tr><td style="background-color:${BRAND};padding:16px 24px;">
<img src="${escapeHtml(logo)}" alt="${escapeHtml(GROUP.name)}" width="48" height="48" style="display:block;border:0;">
</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px 0;font-size:20px;color:${BRAND};">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:24px 0 0 0;">Un caro saluto,<br>${escapeHtml(GROUP.name)}</p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${BORDER};font-size:13px;color:${MUTED};">
${escapeHtml(GROUP.name)} · ${escapeHtml(GROUP.address)}<br>
Per domande scrivi a <a href="mailto:${email}" style="color:${BRAND};">${email}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The plain-text twin of {@link layout}: the body, the signature and the footer. */
export function textLayout(bodyText: string): string {
  return `${bodyText}

Un caro saluto,
${GROUP.name}

--
${GROUP.name} · ${GROUP.address}
Per domande scrivi a ${GROUP.email}
`;
}

/** A paragraph with one link in the brand's colour, its address shown as its text; `href` is escaped here (pass a plain address, no tracking). */
export function linkParagraph(href: string): string {
  const escaped = escapeHtml(href);
  return `<p style="margin:0 0 16px 0;"><a href="${escaped}" style="color:${BRAND};font-weight:bold;">${escaped}</a></p>`;
}

/** One block of a message, in both forms: `html` is already escaped. */
export interface MailPart {
  html: string;
  text: string;
}

/** A paragraph of plain text, escaped for the HTML form. */
export const say = (text: string): MailPart => ({ html: paragraph(text), text });

/** A paragraph with one link ({@link linkParagraph}), the address as its own text. */
export const linkBlock = (href: string): MailPart => ({ html: linkParagraph(href), text: href });

/** A one-time code (6 digits) in large monospace, indented in the text form. */
export const codeBlock = (code: string): MailPart => ({
  html: `<p style="margin:0 0 16px 0;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:6px;">${escapeHtml(code)}</p>`,
  text: `    ${code}`,
});

/** The order's lines followed by its totals ({@link linesTable}), in both forms. */
export const lines = (orderLines: readonly MailLine[], totals: readonly MailTotal[]): MailPart => ({
  html: linesTable(orderLines, totals),
  text: linesText(orderLines, totals),
});

/** Label/value rows (the transfer's details, {@link detailsTable}), in both forms. */
export const details = (rows: readonly (readonly [string, string])[]): MailPart => ({ html: detailsTable(rows), text: detailsText(rows) });

/**
 * Assembles a message from its parts: the subject doubles as the HTML
 * title ({@link layout}); the parts are joined by a blank line in the text
 * form ({@link textLayout}), by a newline in the HTML.
 */
export function compose(subject: string, parts: readonly MailPart[], context: MailContext): MailContent {
  return {
    subject,
    text: textLayout(parts.map((part) => part.text).join('\n\n')),
    html: layout(subject, parts.map((part) => part.html).join('\n'), context),
  };
}
