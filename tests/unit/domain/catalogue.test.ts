import { describe, expect, it } from 'vitest';
import { findProduct, isClosed, mayBuy } from '@domain/catalogue/product';
import { seasonCatalogue } from '@domain/catalogue/season-catalogue';
import { genericProductLinks, genericProductPage, pageOfProduct } from '@config/product-pages';
import { namesOfPlan, productIdOfPlan, seasonItemId, seedCatalogue } from '@domain/catalogue/season-catalogue';
import { productSlug } from '@domain/catalogue/product-slug';
import { seasonProductsSchema } from '@domain/catalogue/season-product-schema';
import { SEED_PRICES } from '@domain/catalogue/seed';

const outing = { name: 'Uscita di Pasqua', price: { euros: 15 }, branches: ['Reparto' as const], sizes: false, closesOn: '2030-03-20' };

describe("the season's catalogue", () => {
  it("holds the spec's four products, then the treasurer's own under their names' slugs", () => {
    const catalogue = seasonCatalogue(SEED_PRICES, [
      outing,
      { ...outing, name: 'Censimento Città', branches: ['Branco', 'Reparto', 'Clan'] },
    ]);
    expect(catalogue.map((product) => product.id)).toEqual([
      'campo-acconto',
      'campo-saldo',
      'felpa',
      'maglietta',
      'uscita-di-pasqua',
      'censimento-citta',
    ]);
    expect(findProduct(catalogue, 'uscita-di-pasqua')).toMatchObject({ plan: 'Uscita di Pasqua', closesOn: '2030-03-20' });
    expect(findProduct(catalogue, 'cappellino')).toBeUndefined();
  });

  it('lets only the branches named buy a product: the Felpa is Reparto’s', () => {
    const felpa = findProduct(seedCatalogue(), 'felpa');
    expect(felpa && [mayBuy(felpa, 'Reparto'), mayBuy(felpa, 'Clan')]).toEqual([true, false]);
  });

  it('closes a product the day after its last day, in Italian days', () => {
    expect(isClosed(outing, '2030-03-20')).toBe(false);
    expect(isClosed(outing, '2030-03-21')).toBe(true);
    expect(isClosed({}, '2099-01-01')).toBe(false);
  });

  it("links the open products that only have their generic page, not the spec pages' nor a closed one", () => {
    const catalogue = seasonCatalogue(SEED_PRICES, [outing, { ...outing, name: 'Vecchia uscita', closesOn: '2001-01-01' }]);
    expect(genericProductLinks(catalogue, '2030-01-01')).toEqual([{ label: 'Uscita di Pasqua', path: '/pagamenti/uscita-di-pasqua' }]);
    expect(productSlug("  L'Uscita  d'Autunno! ")).toBe('l-uscita-d-autunno');
  });

  it('gives a season product every name a seeded product has, from its one name', () => {
    const [entry] = seasonCatalogue(SEED_PRICES, [outing]).slice(-1);
    expect(entry?.names).toEqual({
      short: 'Uscita di Pasqua',
      inSentence: '«Uscita di Pasqua»',
      held: 'Già pagato',
      reason: 'Uscita di Pasqua',
      subject: 'Uscita di Pasqua',
      code: 'UP',
      each: 'per figlio',
    });
    expect(namesOfPlan('Uscita di Pasqua')).toEqual(entry?.names);
    expect(namesOfPlan('Felpa Reparto')).toMatchObject({ short: 'Felpa', held: 'Felpa già ordinata', code: 'FR' });
  });

  it("names an order item by the product's id: a seeded product's, or the slug of a season product's name", () => {
    expect(productIdOfPlan('Campo Estivo - Acconto')).toBe('campo-acconto');
    expect(productIdOfPlan('Uscita di Pasqua')).toBe('uscita-di-pasqua');
    expect(seasonItemId(2025, 'Felpa Reparto', 'son-a')).toBe('2025_felpa_son-a');
  });
});

describe('the payment pages', () => {
  it('offers each seeded product on its spec page and any other product on its generic page', () => {
    const [acconto, saldo, felpa] = seedCatalogue();
    expect([acconto, saldo, felpa].map((product) => product && pageOfProduct(product).path)).toEqual([
      '/campo-estivo',
      '/campo-estivo',
      '/felpa-reparto',
    ]);
    const page = genericProductPage({ id: 'uscita-di-pasqua', plan: 'Uscita di Pasqua', branches: ['Reparto', 'Clan'] });
    expect(page).toMatchObject({
      path: '/pagamenti/uscita-di-pasqua',
      transferPath: '/pagamenti/uscita-di-pasqua/bonifico',
      title: 'Uscita di Pasqua',
      intro: 'Paga «Uscita di Pasqua» per i tuoi figli.',
      emptyMessage: 'Nessuno dei figli censiti è in Reparto o Clan.',
    });
  });
});

describe('a season product as the treasurer sends it', () => {
  const problem = (products: unknown) => {
    const parsed = seasonProductsSchema.safeParse(products);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('is accepted with a name, a price rule and at least one branch', () => {
    expect(problem([outing])).toBeNull();
  });

  it("refuses a spec product's name, twice the same name, no branch, a negative price, in Italian", () => {
    expect(problem([{ ...outing, name: 'Maglietta Gruppo' }])).toBe('Questo nome è già di un prodotto del campo o del gruppo.');
    expect(problem([outing, { ...outing, name: 'uscita di PASQUA' }])).toBe('Due prodotti hanno lo stesso nome.');
    expect(problem([{ ...outing, branches: [] }])).toBe('Scegli almeno una branca.');
    expect(problem([{ ...outing, price: { euros: -1 } }])).toBe('Un prezzo non può essere negativo.');
  });
});
