/**
 * Children selection in tick order (docs/product.md, "Rules", "Prices": camp
 * prices follow the order in which children are ticked). Pure helpers over arrays of ids.
 */

/** Ticks `id` (appended last) or unticks it (removed, later ones move up). */
export function toggleInTickOrder(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}

/** The items whose ids are selected, in tick order; ids with no item are skipped. */
export function pickInTickOrder<T extends { id: string }>(items: readonly T[], selected: readonly string[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return selected.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}
