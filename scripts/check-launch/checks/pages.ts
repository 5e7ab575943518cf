import { failed, passed, reasonOf, type LaunchCheck } from '../types';

/** The parents' and the admin's first pages. */
const PAGES = ['/', '/campo-estivo', '/admin/check-pagamenti'];

/** The security headers netlify.toml sets on every page (docs/security.md); HSTS only over https. */
const HEADERS = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'];

/** The pages answer 200 with the security headers of netlify.toml. */
export const pagesCheck: LaunchCheck = {
  name: 'Pagine e intestazioni di sicurezza',
  run: async ({ siteUrl }) => {
    const wanted = siteUrl.startsWith('https:') ? [...HEADERS, 'strict-transport-security'] : HEADERS;
    for (const page of PAGES) {
      let response: Response;
      try {
        response = await fetch(`${siteUrl}${page}`);
      } catch (error) {
        return failed(
          `${page} non risponde (${reasonOf(error)})`,
          "Controlla l'indirizzo e che il deploy sia pubblicato (Netlify > Deploys).",
        );
      }
      if (response.status !== 200)
        return failed(`${page} risponde ${response.status}`, 'Apri il log del deploy su Netlify: la build deve finire senza errori.');
      const missing = wanted.filter((header) => !response.headers.get(header));
      if (missing.length)
        return failed(
          `${page} senza ${missing.join(', ')}`,
          'netlify.toml ([[headers]]) deve essere nel repository da cui Netlify costruisce il sito.',
        );
    }
    return passed(`${PAGES.join(', ')}: 200, con ${wanted.length} intestazioni di sicurezza`);
  },
};
