/**
 * The site the browser tests visit (playwright.config.ts `webServer`): the
 * production build served like Netlify on the e2e site port
 * (tests/e2e/built-app.ts), its functions proxied to the e2e stack. Prints
 * {@link BUILT_APP_READY} once it answers; SIGTERM or SIGINT stops it and
 * deletes the build.
 */
import { startBuiltApp } from './built-app';
import { BUILT_APP_READY, E2E_PORTS } from './ports';

const startedAt = Date.now();
const app = await startBuiltApp(E2E_PORTS.site);
console.log(`${BUILT_APP_READY} ${app.url} (built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
const stop = () => void app.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
