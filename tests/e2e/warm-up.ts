import { E2E_PORTS } from './ports';

const FUNCTIONS = ['lookup-family', 'create-order', 'create-payment-intent', 'record-payment', 'get-signature', 'record-medical-form'];

/**
 * Playwright global setup, run once the stack answers: calls every function
 * once so Netlify's dev runtime has built them before the first test (the
 * first call of a function builds it, which takes tens of seconds here).
 */
export default async function warmUp(): Promise<void> {
  const started = Date.now();
  for (const name of FUNCTIONS) {
    await fetch(`http://localhost:${E2E_PORTS.app}/.netlify/functions/${name}`, { method: 'POST', body: '{}' }).catch(() => undefined);
  }
  console.log(`[e2e] functions warmed up in ${Math.round((Date.now() - started) / 1000)} s`);
}
