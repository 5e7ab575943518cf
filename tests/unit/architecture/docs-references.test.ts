import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * Every reference from the code and the docs into a section of docs/ names
 * a section that exists (docs/architecture.md, "Conventions"): a citation
 * `docs/security.md, "Roles"` (one or more quoted headings after the file)
 * and a Markdown link `security.md#roles` (GitHub's anchor of a heading).
 */

const DOCS = 'docs';

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The sections of each docs/ page: its headings (as written, and as
 * anchors) and the bold terms that open a list item ('- **Prices** are…'),
 * which a citation may name too.
 */
function readSections(): Map<string, { texts: Set<string>; anchors: Set<string> }> {
  const pages = new Map<string, { texts: Set<string>; anchors: Set<string> }>();
  for (const file of readdirSync(DOCS).filter((name) => name.endsWith('.md'))) {
    const lines = readFileSync(path.join(DOCS, file), 'utf8').split('\n');
    const headings = lines.filter((line) => /^#{1,6} /.test(line)).map((line) => line.replace(/^#{1,6} /, '').trim());
    const terms = lines.flatMap((line) => {
      const term = /^\s*(?:[-*]|\d+\.)\s+\*\*([^*]+?)[.:]?\*\*/.exec(line)?.[1];
      return term ? [term] : [];
    });
    pages.set(file, { texts: new Set([...headings, ...terms]), anchors: new Set(headings.map(anchorOf)) });
  }
  return pages;
}

/** The files a reference may sit in: tracked sources, tests, scripts and Markdown. */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|md|toml|json)$/.test(file) && !file.endsWith('package-lock.json'));
}

/** A reference found in a file: where, the page, and the section named. */
interface Reference {
  where: string;
  page: string;
  section: string;
  kind: 'citation' | 'anchor';
}

const CITATION = /\b([a-z][a-z0-9-]*\.md)((?:,\s*"[^"\n]+")+)/g;
const ANCHOR = /\b([a-z][a-z0-9-]*\.md)#([\p{L}\p{N}_-]+)/gu;

function referencesIn(file: string, pages: ReadonlySet<string>): Reference[] {
  const text = readFileSync(file, 'utf8').replace(/\n\s*(\*|\/\/)\s*/g, ' ');
  const found: Reference[] = [];
  for (const match of text.matchAll(CITATION)) {
    const page = match[1] ?? '';
    if (!pages.has(page)) continue;
    for (const section of (match[2] ?? '').matchAll(/"([^"]+)"/g))
      found.push({ where: file, page, section: section[1] ?? '', kind: 'citation' });
  }
  for (const match of text.matchAll(ANCHOR)) {
    const page = match[1] ?? '';
    if (pages.has(page)) found.push({ where: file, page, section: match[2] ?? '', kind: 'anchor' });
  }
  return found;
}

describe('references into docs/', () => {
  const headings = readSections();
  const references = sourceFiles().flatMap((file) => referencesIn(file, new Set(headings.keys())));

  it('finds the references it checks (the check itself works)', () => {
    expect(references.filter((reference) => reference.kind === 'citation').length).toBeGreaterThan(20);
    expect(references.filter((reference) => reference.kind === 'anchor').length).toBeGreaterThan(5);
    expect(anchorOf("Parents' sessions")).toBe('parents-sessions');
  });

  it('names only sections that exist', () => {
    const broken = references
      .filter((reference) => {
        const page = headings.get(reference.page);
        if (!page) return true;
        if (reference.kind === 'anchor') return !page.anchors.has(reference.section);
        const cited = reference.section.toLowerCase();
        return ![...page.texts].some((text) => text.toLowerCase().includes(cited));
      })
      .map((reference) => `${reference.where}: ${reference.page} ${reference.kind === 'anchor' ? '#' : ''}"${reference.section}"`);
    expect(broken).toEqual([]);
  });
});
