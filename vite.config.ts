/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import netlify from '@netlify/vite-plugin';
import { vitePrerenderPlugin } from 'vite-prerender-plugin';
import { netlifyFunctions } from './emulators/dev/functions-server';
import { devSecurityHeaders } from './emulators/dev/dev-headers';
import { checkGroupConfig } from './src/config/group-config';

/**
 * group.config.json is checked before anything is built or served: a wrong
 * field stops the build with a message naming it (docs/deploy.md, "The
 * group's identity").
 */
const groupConfigCheck: Plugin = {
  name: 'group-config',
  buildStart() {
    checkGroupConfig(JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'group.config.json'), 'utf8')) as unknown);
  },
};

// In development our plugin serves netlify/functions at /.netlify/functions/*,
// loaded once and kept warm (emulators/dev/functions-server.ts); Netlify's
// plugin adds netlify.toml's headers and redirects. Both are left out of
// Vitest runs, where the functions are called directly.
const isVitest = Boolean(process.env.VITEST);

export default defineConfig({
  resolve: {
    // The shared code's aliases, the same in tsconfig.json (docs/architecture.md, "Paths").
    alias: {
      '@domain': path.resolve(import.meta.dirname, 'src/domain'),
      '@config': path.resolve(import.meta.dirname, 'src/config'),
      '@contracts': path.resolve(import.meta.dirname, 'src/contracts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  // The footer's year in the prerendered pages (src/components/layout/Footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    groupConfigCheck,
    react(),
    tailwindcss(),
    ...(isVitest
      ? []
      : [
          netlifyFunctions(),
          netlify({
            functions: { enabled: false },
            blobs: { enabled: false },
            edgeFunctions: { enabled: false },
            images: { enabled: false },
            // Vite serves the app's files. Netlify's static handler would serve the last build's dist/ (the prerendered
            // pages, app.html) in its place.
            staticFiles: { enabled: false },
            geolocation: { enabled: false },
          }),
          // netlify.toml's headers on every dev response, the policy with what development needs (docs/security.md,
          // "In development"); tests/e2e/csp.spec.ts loads the built app under the real headers.
          devSecurityHeaders(),
          // The build writes each public page's HTML (src/prerender.tsx; docs/architecture.md, "First load").
          // Its preview middleware looks for a folder's index.html, where the pages are `{path}.html`: `vite preview`
          // serves those itself.
          ...vitePrerenderPlugin({ renderTarget: '#root' }).filter((plugin) => plugin.name !== 'serve-prerendered-html'),
        ]),
  ],
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    // The emulators write their data under DATA_DIR at every save: never watch it, wherever it points.
    watch: { ignored: [`${path.resolve(process.env.DATA_DIR ?? '.data')}/**`] },
    // Transform the entry (and, following its static imports, the first page) as soon as the server starts; the launcher
    // then asks for the rest (emulators/dev/warm-vite.ts) before it says ready.
    warmup: { clientFiles: ['./src/main.tsx'] },
  },
  // Pre-bundle every dependency at start-up, lazily imported ones included,
  // so the dev server never reloads the page mid-visit to re-optimise.
  optimizeDeps: {
    include: [
      '@headlessui/react',
      '@stripe/react-stripe-js',
      '@stripe/stripe-js/pure',
      '@tanstack/react-query',
      'codice-fiscale-js',
      'date-fns',
      'firebase/app',
      'firebase/auth',
      'firebase/firestore/lite',
      'react-router',
      // Imported by src/prerender.tsx, which the dev launcher's warm-up reaches (never run in development).
      'react-dom/static',
      'read-excel-file/browser',
      '@e965/xlsx',
      'write-excel-file/browser',
      'zod',
    ],
  },
  // No source maps in dist: the published site must not hand out the source
  // (tests/unit/build/no-source-maps.test.ts checks the build).
  build: { sourcemap: false },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/rules/**/*.test.ts'],
          exclude: ['tests/unit/build/**'],
          globalSetup: ['tests/support/firestore-emulator.global.ts', 'tests/support/mail-catcher.global.ts'],
          // SMTP_URL, MAIL_FROM and SESSION_SECRET of the local stack, SMTP_URL at the run's mail catcher.
          setupFiles: ['tests/support/mail-env.setup.ts'],
          // The emulator answers in tens of ms; transactions under contention take longer.
          testTimeout: 20_000,
          // Every answer a function gives in a test is checked against its contract (netlify/lib/platform/contract-function.ts).
          env: { CHECK_CONTRACT_ANSWERS: '1' },
        },
      },
      {
        // What the build ships: the functions as Netlify zips them, the indexes the queries need, no source maps.
        extends: true,
        test: {
          name: 'build',
          environment: 'node',
          include: ['tests/unit/build/**/*.test.ts'],
          globalSetup: ['tests/support/firestore-emulator.global.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
    ],
  },
});
