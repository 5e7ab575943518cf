import type { Answers } from './answers';

/**
 * The shapes `npm run setup` is made of (docs/deploy.md, "npm run setup"):
 * each step says what it would call (`plan`, printed by --dry-run) and
 * does it (`apply`), reading the current state first and changing only
 * what differs.
 */

/** What a step did: Italian, as the volunteer reads it. */
export type StepStatus = 'creato' | 'aggiornato' | 'già a posto' | 'saltato';

export interface StepOutcome {
  status: StepStatus;
  /** One line: what was found or done, never a secret in full. */
  detail: string;
}

/** Where Firebase lives: the local emulators, or a real project reached with its service account. */
export type FirebaseTarget =
  | { kind: 'emulator'; projectId: string; firestoreHost: string; authHost: string }
  | { kind: 'project'; projectId: string; clientEmail: string; privateKey: string };

/** What the steps share while setup runs. */
export interface SetupContext {
  answers: Answers;
  /** Folder of `.env` and `group.config.json` (the repository's root; a temporary folder in the tests). */
  root: string;
  /** `.env` as it was when setup started (parsed). */
  existingEnv: Readonly<Record<string, string>>;
  /**
   * The variables setup owns, as the steps settle them (OWNED_VARIABLES,
   * scripts/setup/env-file.ts): written to `.env` after each step and set on Netlify.
   */
  values: Record<string, string>;
  firebase: FirebaseTarget;
  /** The site's public address, once known (answers.siteUrl, else the Netlify site's). */
  siteUrl: string | null;
  /** The Netlify site found by its name (steps/netlify-site.ts). */
  netlifySite: { id: string; accountId: string; url: string } | null;
  print: (line: string) => void;
}

/** One step of setup. */
export interface SetupStep {
  /** Italian title, printed before the step runs. */
  title: string;
  /** The calls it would make, one a line, secrets masked: what --dry-run prints. */
  plan: (context: SetupContext) => string[];
  /** Reads what exists, changes only what differs. @throws SetupError with the console page to open. */
  apply: (context: SetupContext) => Promise<StepOutcome>;
}

/**
 * A step that cannot go on: an Italian message saying why and what to do,
 * and the console page to open (e.g. https://dashboard.stripe.com/apikeys).
 */
export class SetupError extends Error {
  constructor(
    message: string,
    readonly consolePage: string,
  ) {
    super(message);
    this.name = 'SetupError';
  }
}

/** `value` with only its start shown: a secret is never printed in full. */
export function masked(value: string, visible = 8): string {
  if (!value) return '(vuoto)';
  return value.length <= visible + 4 ? `${value.slice(0, 3)}…` : `${value.slice(0, visible)}…`;
}
