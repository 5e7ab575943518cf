import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/App';
import './index.css';

// zod probes `new Function` before its first object parse; under the Content
// Security Policy (no 'unsafe-eval', docs/security.md "Headers") that probe is a
// reported violation. Jitless parsing never probes.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
