import { BRANCHES } from '../branches';
import type { PriceRule } from './price-rule';
import type { CatalogueProduct } from './product';

/**
 * The seeded products (docs/product.md, "Products"): the spec's four, an
 * entry of every season's catalogue with all their names and their default
 * price rules. The treasurer changes their prices in 'Impostazioni
 * stagione' (`season_settings.prices`, keyed by their ids) and adds the
 * season's own products beside them (./season-catalogue.ts); nothing else
 * tells them apart.
 */

/** The seeded products' ids, in the order of the screens and the admin's columns. */
export const SEED_PRODUCT_IDS = ['campo-acconto', 'campo-saldo', 'felpa', 'maglietta'] as const;
export type SeedProductId = (typeof SEED_PRODUCT_IDS)[number];

/**
 * The seeded products' plans (`order_items.plan`) by a short key: the
 * entries below, the demo data and the tests name them from here; the app
 * reads a product's plan from its entry.
 */
export const PLAN = {
  campAcconto: 'Campo Estivo - Acconto',
  campSaldo: 'Campo Estivo - Saldo',
  felpa: 'Felpa Reparto',
  maglietta: 'Maglietta Gruppo',
} as const;
export type Plan = (typeof PLAN)[keyof typeof PLAN];

/** A seeded product: an entry whose id is one of {@link SEED_PRODUCT_IDS}. */
export type SeedProduct = CatalogueProduct & { id: SeedProductId };

/**
 * The seeded entries at their default prices (the spec's, docs/product.md,
 * "Prices"): camp deposit 100 € per child, 150 € for Clan; camp balance
 * 180 € for the family's first child, 155 € for the 2nd to 5th; both free
 * from the 6th child; Felpa Reparto 30 €, the group T-shirt 15 €.
 */
export const SEED_PRODUCTS: readonly SeedProduct[] = [
  {
    id: 'campo-acconto',
    plan: PLAN.campAcconto,
    branches: [...BRANCHES],
    sizes: false,
    price: { euros: 100, branchEuros: { Clan: 150 }, freeFromChild: 6 },
    asksMedicalForm: true,
    names: {
      short: 'Acconto',
      inSentence: "l'Acconto",
      held: 'Acconto già versato',
      reason: 'Acconto Campo Scout {year}',
      subject: 'Acconto Campo Estivo {year}',
      code: 'CE',
      each: 'per figlio',
    },
  },
  {
    id: 'campo-saldo',
    plan: PLAN.campSaldo,
    branches: [...BRANCHES],
    sizes: false,
    price: { euros: 180, siblingEuros: 155, freeFromChild: 6 },
    after: 'campo-acconto',
    names: {
      short: 'Saldo',
      inSentence: 'il Saldo',
      held: 'Saldo già versato',
      reason: 'Saldo Campo Scout {year}',
      subject: 'Saldo Campo Estivo {year}',
      code: 'CE',
      each: 'per figlio',
    },
  },
  {
    id: 'felpa',
    plan: PLAN.felpa,
    branches: ['Reparto'],
    sizes: true,
    price: { euros: 30 },
    names: {
      short: 'Felpa',
      inSentence: 'la Felpa',
      held: 'Felpa già ordinata',
      reason: 'Pagamento Felpa',
      subject: 'Felpa Reparto',
      code: 'FR',
      each: 'ciascuna',
    },
  },
  {
    id: 'maglietta',
    plan: PLAN.maglietta,
    branches: [...BRANCHES],
    sizes: true,
    price: { euros: 15 },
    names: {
      short: 'Maglietta',
      inSentence: 'la Maglietta',
      held: 'Maglietta già ordinata',
      reason: 'Pagamento Maglietta Gruppo',
      subject: 'Maglietta Gruppo',
      code: 'MG',
      each: 'ciascuna',
    },
  },
];

/** The price rule of each seeded product for a season (`season_settings.prices`, a product left out: its default). */
export type SeasonPrices = Record<SeedProductId, PriceRule>;

/** The seeded products' default price rules: the demo season's, and a season's until the treasurer changes them. */
export const SEED_PRICES: SeasonPrices = Object.fromEntries(SEED_PRODUCTS.map((product) => [product.id, product.price])) as SeasonPrices;

/** True when `id` names a seeded product. */
export function isSeedProductId(id: string): id is SeedProductId {
  return (SEED_PRODUCT_IDS as readonly string[]).includes(id);
}
