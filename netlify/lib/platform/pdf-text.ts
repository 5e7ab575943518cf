import type { PDFFont } from 'pdf-lib';

/** Text for pdf-lib's standard fonts: what they can draw, in lines that fit (the receipts, a family's data). */

/**
 * A function that keeps what `font` can draw (WinAnsi for the standard
 * fonts: Italian accents, '€', '°', apostrophes) and maps the rest to its
 * base letter, else '?': the standard fonts throw on anything else.
 */
export function printableText(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  const fits = (char: string) => supported.has(char.codePointAt(0) ?? -1);
  return (text) =>
    Array.from(text.replace(/\s+/g, ' ').trim(), (char) => {
      if (fits(char)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return base !== '' && Array.from(base).every(fits) ? base : '?';
    }).join('');
}

/** `text` broken into lines no wider than `width`; a word wider than that (a long surname, a code) is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((part) => part !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines.length === 0 ? [''] : lines;
}
