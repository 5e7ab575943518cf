import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkGroupConfig } from '../../../src/config/group-config';
import { SetupError, type SetupContext, type SetupStep } from '../types';

/** `base` with `change` laid over it, objects merged field by field. */
function merged(base: unknown, change: unknown): unknown {
  if (!change || typeof change !== 'object' || Array.isArray(change)) return change;
  const start = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...start };
  for (const [key, value] of Object.entries(change)) result[key] = merged(start[key], value);
  return result;
}

const fileOf = (context: SetupContext) => path.join(context.root, 'group.config.json');

/**
 * group.config.json (docs/deploy.md, "The group's identity"): the answers'
 * fields laid over the file, checked with its schema (checkGroupConfig),
 * written only when something differs. The site reads it when it builds:
 * the change must be committed and pushed.
 */
export const groupConfigStep: SetupStep = {
  title: 'Dati del gruppo (group.config.json)',
  plan: (context) => [
    `leggo ${fileOf(context)}, vi applico ${Object.keys(context.answers.group).join(', ') || 'nessun campo'} e lo controllo`,
    'scrivo il file solo se cambia',
  ],
  apply: (context) => {
    const file = fileOf(context);
    const existed = existsSync(file);
    const current: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    const next = merged(current, context.answers.group);
    let checked;
    try {
      checked = checkGroupConfig(next);
    } catch (error) {
      throw new SetupError(`I dati del gruppo non vanno bene:\n${(error as Error).message}`, `docs/deploy.md, "The group's identity"`);
    }
    if (JSON.stringify(next) === JSON.stringify(current)) {
      return Promise.resolve({ status: 'già a posto' as const, detail: `${checked.name}, stagione ${checked.season}` });
    }
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
    return Promise.resolve({
      status: existed ? ('aggiornato' as const) : ('creato' as const),
      detail: `${checked.name}: fai commit e push di group.config.json, il sito lo legge quando si costruisce`,
    });
  },
};
