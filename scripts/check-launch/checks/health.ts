import { failed, passed, reasonOf, type LaunchCheck } from '../types';

/**
 * Services a local stack may lack: card payments without Stripe's test keys
 * (README, "Card payments"), and the site's address, which the functions
 * take from the request there (netlify/lib/platform/mail/outbox.ts, mailContext).
 */
const LOCAL_OPTIONAL = ['stripe', 'site'];

/** health (docs/api.md, "health"): every service configured, in the mode the site should run in. */
export const healthCheck: LaunchCheck = {
  name: 'Servizi configurati (health)',
  run: async ({ siteUrl, local }) => {
    let answer: Record<string, unknown>;
    try {
      const response = await fetch(`${siteUrl}/.netlify/functions/health`);
      if (!response.ok)
        return failed(`health risponde ${response.status}`, 'Le funzioni non sono nel deploy: controlla il log della build su Netlify.');
      answer = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      return failed(`health non risponde (${reasonOf(error)})`, 'Le funzioni non sono raggiungibili: controlla il deploy.');
    }
    const missing = Object.entries(answer)
      .filter(([key, value]) => key !== 'mode' && value !== true && !(local && LOCAL_OPTIONAL.includes(key)))
      .map(([key]) => key);
    if (missing.length)
      return failed(
        `non configurati: ${missing.join(', ')}`,
        'npm run check:env dice quali variabili mancano; poi npm run setup (o Netlify > Environment variables) e un nuovo deploy.',
      );
    const mode = local ? 'local' : 'production';
    if (answer.mode !== mode) {
      return failed(
        `modalità ${String(answer.mode)}`,
        local
          ? 'Il sito locale non usa gli emulatori: avvialo con npm run dev.'
          : 'Togli FIRESTORE_EMULATOR_HOST e FIREBASE_AUTH_EMULATOR_HOST dalle variabili di Netlify.',
      );
    }
    return passed(`${Object.keys(answer).length - 1} servizi configurati, modalità ${mode}`);
  },
};
