import { readFileSync } from 'node:fs';
import path from 'node:path';
import { googleRequest } from '../google-api';
import { SetupError, type SetupContext, type SetupStep } from '../types';

const RULES_API = 'https://firebaserules.googleapis.com/v1';
const RULES_FILE = 'firestore.rules';

const rulesSource = () => readFileSync(path.resolve(RULES_FILE), 'utf8');
const emulatorRulesUrl = (host: string, projectId: string) => `http://${host}/emulator/v1/projects/${projectId}:securityRules`;

/** The emulator: its rules read back (when it answers them) and loaded again only when they differ. */
async function applyToEmulator(host: string, projectId: string) {
  const url = emulatorRulesUrl(host, projectId);
  const source = rulesSource();
  const current = await fetch(url)
    .then(async (response) => (response.ok ? ((await response.json()) as { rules?: { files?: Array<{ content?: string }> } }) : null))
    .catch(() => null);
  if (current?.rules?.files?.[0]?.content === source) return { status: 'già a posto' as const, detail: `emulatore ${host}` };
  const response = await fetch(url, { method: 'PUT', body: JSON.stringify({ rules: { files: [{ name: RULES_FILE, content: source }] } }) });
  if (!response.ok) {
    throw new SetupError(`L'emulatore Firestore a ${host} rifiuta le regole: ${await response.text()}`, 'docs/local-stack.md');
  }
  return { status: 'aggiornato' as const, detail: `caricate nell'emulatore ${host}` };
}

/** A real project: the release `cloud.firestore` points at a ruleset; a new one is made only when the source differs. */
async function applyToProject(context: SetupContext) {
  const target = context.firebase;
  if (target.kind !== 'project') throw new Error('not a project');
  const project = `projects/${target.projectId}`;
  const releaseName = `${project}/releases/cloud.firestore`;
  const page = `https://console.firebase.google.com/project/${target.projectId}/firestore/rules`;
  const source = rulesSource();
  const release = await googleRequest<{ rulesetName?: string }>(target, 'GET', `${RULES_API}/${releaseName}`, undefined, page);
  if (release.status === 200 && release.body.rulesetName) {
    const ruleset = await googleRequest<{ source?: { files?: Array<{ content?: string }> } }>(
      target,
      'GET',
      `${RULES_API}/${release.body.rulesetName}`,
      undefined,
      page,
    );
    if (ruleset.body.source?.files?.[0]?.content === source) return { status: 'già a posto' as const, detail: release.body.rulesetName };
  }
  const created = await googleRequest<{ name: string }>(
    target,
    'POST',
    `${RULES_API}/${project}/rulesets`,
    { source: { files: [{ name: RULES_FILE, content: source }] } },
    page,
  );
  if (release.status === 404) {
    await googleRequest(target, 'POST', `${RULES_API}/${project}/releases`, { name: releaseName, rulesetName: created.body.name }, page);
    return { status: 'creato' as const, detail: created.body.name };
  }
  await googleRequest(
    target,
    'PATCH',
    `${RULES_API}/${releaseName}`,
    { release: { name: releaseName, rulesetName: created.body.name } },
    page,
  );
  return { status: 'aggiornato' as const, detail: created.body.name };
}

/**
 * firestore.rules: on the emulator through its own REST endpoint
 * (`PUT /emulator/v1/projects/{project}:securityRules`); on a project
 * through the Firebase Rules API (a ruleset, then the release
 * `cloud.firestore` pointed at it), only when the deployed source differs.
 */
export const firebaseRulesStep: SetupStep = {
  title: 'Regole di Firestore (firestore.rules)',
  plan: ({ firebase }) =>
    firebase.kind === 'emulator'
      ? [
          `GET ${emulatorRulesUrl(firebase.firestoreHost, firebase.projectId)}`,
          `PUT ${emulatorRulesUrl(firebase.firestoreHost, firebase.projectId)} se diverse`,
        ]
      : [
          `GET ${RULES_API}/projects/${firebase.projectId}/releases/cloud.firestore e il suo ruleset`,
          `se diverse: POST ${RULES_API}/projects/${firebase.projectId}/rulesets, poi PATCH (o POST) della release cloud.firestore`,
        ],
  apply: (context) =>
    context.firebase.kind === 'emulator'
      ? applyToEmulator(context.firebase.firestoreHost, context.firebase.projectId)
      : applyToProject(context),
};
