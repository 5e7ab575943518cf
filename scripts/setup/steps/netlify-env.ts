import { OWNED_VARIABLES } from '../env-file';
import { netlifyRequest, NETLIFY_API } from '../netlify-api';
import type { SetupContext, SetupStep } from '../types';

interface NetlifyEnvVar {
  key: string;
  scopes?: string[];
  values?: Array<{ context: string; value: string }>;
}

/** Where a variable is read on Netlify: the browser's VITE_ values when the site builds, the rest by the functions. */
const scopesOf = (key: string) => (key.startsWith('VITE_') ? ['builds'] : ['functions']);

const bodyOf = (key: string, value: string) => ({ key, scopes: scopesOf(key), values: [{ context: 'all', value }] });

/** The variables setup settled that Netlify should hold (never the local stack's: docs/deploy.md, "The variables"). */
function wanted(context: SetupContext): Array<[string, string]> {
  return OWNED_VARIABLES.flatMap((key) => {
    const value = context.values[key];
    return value ? [[key, value] as [string, string]] : [];
  });
}

/**
 * Every variable of `.env` setup owns set on the Netlify site through
 * Netlify's environment-variables API (created, or replaced when its
 * value or scopes differ), then a deploy started (`POST
 * /sites/{id}/builds`) only when something changed: the VITE_ values are
 * built into the pages.
 */
export const netlifyEnvStep: SetupStep = {
  title: 'Variabili su Netlify e deploy',
  plan: (context) =>
    context.answers.netlify
      ? [
          `GET ${NETLIFY_API}/accounts/{account}/env?site_id={sito}`,
          `POST ${NETLIFY_API}/accounts/{account}/env?site_id={sito} per le variabili mancanti, PUT …/env/{KEY} per quelle diverse (fino a ${OWNED_VARIABLES.length})`,
          `se qualcosa è cambiato: POST ${NETLIFY_API}/sites/{sito}/builds`,
        ]
      : ['nessuna chiamata: nessun token Netlify'],
  apply: async (context) => {
    const site = context.netlifySite;
    if (!site || !context.answers.netlify)
      return { status: 'saltato', detail: 'nessun sito Netlify: imposta le variabili a mano (docs/deploy.md)' };
    const { token } = context.answers.netlify;
    const query = `site_id=${encodeURIComponent(site.id)}`;
    const base = `/accounts/${encodeURIComponent(site.accountId)}/env`;
    const current = new Map((await netlifyRequest<NetlifyEnvVar[]>(token, 'GET', `${base}?${query}`)).map((entry) => [entry.key, entry]));
    const missing: Array<[string, string]> = [];
    const different: Array<[string, string]> = [];
    for (const [key, value] of wanted(context)) {
      const found = current.get(key);
      if (!found) missing.push([key, value]);
      else {
        const sameValue = found.values?.length === 1 && found.values[0]?.context === 'all' && found.values[0].value === value;
        const sameScopes = JSON.stringify([...(found.scopes ?? [])].sort()) === JSON.stringify(scopesOf(key));
        if (!sameValue || !sameScopes) different.push([key, value]);
      }
    }
    if (missing.length)
      await netlifyRequest(
        token,
        'POST',
        `${base}?${query}`,
        missing.map(([key, value]) => bodyOf(key, value)),
      );
    for (const [key, value] of different)
      await netlifyRequest(token, 'PUT', `${base}/${encodeURIComponent(key)}?${query}`, bodyOf(key, value));
    if (missing.length === 0 && different.length === 0)
      return { status: 'già a posto', detail: `${wanted(context).length} variabili già su Netlify` };
    await netlifyRequest(token, 'POST', `/sites/${encodeURIComponent(site.id)}/builds`);
    return {
      status: current.size === 0 ? 'creato' : 'aggiornato',
      detail: `${missing.length} variabili create, ${different.length} aggiornate; deploy avviato (${site.url})`,
    };
  },
};
