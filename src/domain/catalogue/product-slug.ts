/**
 * The id of a product the treasurer names: lower case, accents dropped,
 * words joined by '-': 'Uscita di Pasqua' → 'uscita-di-pasqua',
 * 'Censimento {year}' → 'censimento-{year}'. It is the page's last segment
 * and the middle of each order item's id.
 */
export function productSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
