import { netlifyRequest, NETLIFY_API } from '../netlify-api';
import { SetupError, type SetupStep } from '../types';

interface NetlifySite {
  id: string;
  name: string;
  account_id: string;
  url?: string;
  ssl_url?: string;
}

/**
 * The Netlify site by its name (made beforehand: the README's 'Deploy to
 * Netlify' button, or Netlify's "Import an existing project"), and from it
 * SITE_URL, unless the answers give the address (a custom domain, the local stack).
 */
export const netlifySiteStep: SetupStep = {
  title: 'Sito su Netlify e indirizzo del sito (SITE_URL)',
  plan: ({ answers }) =>
    answers.netlify
      ? [`GET ${NETLIFY_API}/sites?name=${encodeURIComponent(answers.netlify.site)}&filter=all`]
      : [`nessuna chiamata: SITE_URL = ${answers.siteUrl ?? '(nessuno)'}`],
  apply: async (context) => {
    const { answers } = context;
    if (!answers.netlify) {
      context.siteUrl = answers.siteUrl ?? null;
      if (context.siteUrl) context.values.SITE_URL = context.siteUrl;
      return { status: 'saltato', detail: `nessun token Netlify; SITE_URL ${context.siteUrl ?? 'non impostato'}` };
    }
    const { token, site: name } = answers.netlify;
    const sites = await netlifyRequest<NetlifySite[]>(token, 'GET', `/sites?name=${encodeURIComponent(name)}&filter=all`);
    const site = sites.find((candidate) => candidate.name === name);
    if (!site) {
      throw new SetupError(
        `Su Netlify non c'è un sito chiamato "${name}": crealo (pulsante "Deploy to Netlify" del README, o "Add new project" collegando il repository) e rilancia.`,
        'https://app.netlify.com/start',
      );
    }
    const url = (answers.siteUrl ?? site.ssl_url ?? site.url ?? `https://${name}.netlify.app`).replace(/\/+$/, '');
    context.netlifySite = { id: site.id, accountId: site.account_id, url };
    context.siteUrl = url;
    context.values.SITE_URL = url;
    return { status: 'già a posto', detail: `${name} (${site.id}), indirizzo ${url}` };
  },
};
