import { describe, expect, it } from 'vitest';
import { accessReturnPath } from '@config/paths';

describe('where the sign-in link leads back to', () => {
  it("keeps the screens with 'Trova', a season product's included", () => {
    for (const path of ['/campo-estivo', '/felpa-reparto', '/maglietta-gruppo', '/scheda-medica', '/pagamenti/uscita-di-pasqua']) {
      expect(accessReturnPath(path)).toBe(path);
    }
  });

  it('sends anything else to the home page: another site, a path of its own, an admin page, not a string', () => {
    for (const path of [
      'https://elsewhere.example/campo-estivo',
      '//elsewhere.example',
      '/campo-estivo?x=1',
      '/pagamenti/Uscita',
      '/pagamenti/uscita/bonifico',
      '/admin/check-pagamenti',
      '/accesso',
      '',
      42,
      null,
    ]) {
      expect(accessReturnPath(path)).toBe('/');
    }
  });
});
