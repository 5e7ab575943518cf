import { describe, expect, it } from 'vitest';
import { findProduct, isClosed, mayBuy, seasonCatalogue, seasonProductLinks, specCatalogue } from '@domain/catalogue';
import { productSlug } from '@domain/product-slug';
import { seasonProductsSchema } from '@domain/catalogue-schema';
import { SPEC_PRICES } from '@domain/price-rule';

const outing = { name: 'Uscita di Pasqua', price: { euros: 15 }, branches: ['Reparto' as const], sizes: false, closesOn: '2030-03-20' };

describe("the season's catalogue", () => {
  it("holds the spec's four products, then the treasurer's own under their names' slugs", () => {
    const catalogue = seasonCatalogue(SPEC_PRICES, [
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
    const felpa = findProduct(specCatalogue(SPEC_PRICES), 'felpa');
    expect(felpa && [mayBuy(felpa, 'Reparto'), mayBuy(felpa, 'Clan')]).toEqual([true, false]);
  });

  it('closes a product the day after its last day, in Italian days', () => {
    expect(isClosed(outing, '2030-03-20')).toBe(false);
    expect(isClosed(outing, '2030-03-21')).toBe(true);
    expect(isClosed({}, '2099-01-01')).toBe(false);
  });

  it("links the open season products, not the spec's nor a closed one", () => {
    const catalogue = seasonCatalogue(SPEC_PRICES, [outing, { ...outing, name: 'Vecchia uscita', closesOn: '2001-01-01' }]);
    expect(seasonProductLinks(catalogue, '2030-01-01')).toEqual([{ label: 'Uscita di Pasqua', path: '/pagamenti/uscita-di-pasqua' }]);
    expect(productSlug("  L'Uscita  d'Autunno! ")).toBe('l-uscita-d-autunno');
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
