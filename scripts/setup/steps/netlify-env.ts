import { OWNED_VARIABLES } from '../env-file';
import { netlifyRequest, NETLIFY_API } from '../netlify-api';
import { holds, netlifyVariable, type ListedVariable, type NetlifyVariable } from '../netlify-variables';
import type { SetupContext, SetupStep } from '../types';

/** The variables setup settled that Netlify should hold (never the local stack's: docs/deploy.md, "The variables"), as Netlify holds them. */
function wanted(context: SetupContext): NetlifyVariable[] {
  return OWNED_VARIABLES.flatMap((key) => {
    const value = context.values[key];
    return value ? [netlifyVariable(key, value)] : [];
  });
}

/**
 * Every variable of `.env` setup owns set on the Netlify site through
 * Netlify's environment-variables API, as netlify-variables.ts says
 * (credentials as secrets, production's in the production context only):
 * created, or replaced when its secret flag, scopes, contexts or (not
 * secret) value differ, or when this run settled a new value for a secret
 * (Netlify never shows a secret's value back); then a deploy started
 * (`POST /sites/{id}/builds`) only when something changed: the VITE_
 * values are built into the pages.
 */
export const netlifyEnvStep: SetupStep = {
  title: 'Variabili su Netlify e deploy',
  plan: (context) =>
    context.answers.netlify
      ? [
          `GET ${NETLIFY_API}/accounts/{account}/env?site_id={sito}`,
          `POST ${NETLIFY_API}/accounts/{account}/env?site_id={sito} per le variabili mancanti, PUT …/env/{KEY} per quelle diverse (fino a ${OWNED_VARIABLES.length}): le credenziali come segreti, quelle di produzione solo nel contesto production`,
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
    const listed = await netlifyRequest<ListedVariable[]>(token, 'GET', `${base}?${query}`);
    const current = new Map(listed.map((entry) => [entry.key, entry]));
    const missing: NetlifyVariable[] = [];
    const different: NetlifyVariable[] = [];
    for (const variable of wanted(context)) {
      const found = current.get(variable.key);
      const valueChanged = context.existingEnv[variable.key] !== variable.values[0]?.value;
      if (!found) missing.push(variable);
      else if (!holds(found, variable, valueChanged)) different.push(variable);
    }
    if (missing.length) await netlifyRequest(token, 'POST', `${base}?${query}`, missing);
    for (const variable of different) await netlifyRequest(token, 'PUT', `${base}/${encodeURIComponent(variable.key)}?${query}`, variable);
    if (missing.length === 0 && different.length === 0)
      return { status: 'già a posto', detail: `${wanted(context).length} variabili già su Netlify` };
    await netlifyRequest(token, 'POST', `/sites/${encodeURIComponent(site.id)}/builds`);
    return {
      status: current.size === 0 ? 'creato' : 'aggiornato',
      detail: `${missing.length} variabili create, ${different.length} aggiornate; deploy avviato (${site.url})`,
    };
  },
};
