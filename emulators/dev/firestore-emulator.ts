import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Google's Cloud Firestore emulator (the `cloud_firestore_emulator` script
 * of the gcloud component `cloud-firestore-emulator`, Debian package
 * `google-cloud-cli-firestore-emulator`), started as a child process with
 * `firestore.rules` loaded. Runs on Java 17 or later; needs no download.
 * See docs/local-stack.md.
 */

/** Where the emulator's script is usually installed (Debian/Ubuntu package, gcloud SDK archive). */
const KNOWN_SCRIPTS = [
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
  '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
  '/opt/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
];

/** The one message shown when the emulator cannot be found. */
export const FIRESTORE_EMULATOR_MISSING = [
  "Google's Cloud Firestore emulator was not found. Install it with one of:",
  '  - Debian/Ubuntu: apt-get install google-cloud-cli-firestore-emulator (needs Java 17+)',
  '  - gcloud SDK:    gcloud components install cloud-firestore-emulator',
  '  - firebase-tools: npx firebase emulators:start --only firestore (downloads it once; needs Java 21)',
  'or point FIRESTORE_EMULATOR_SCRIPT at its cloud_firestore_emulator script (or its .jar).',
].join('\n');

/**
 * Finds the emulator: FIRESTORE_EMULATOR_SCRIPT (a script or the jar), the
 * Debian package's script, the component next to `gcloud` on the PATH, or a
 * jar firebase-tools downloaded earlier. Returns the command and its leading
 * arguments, or null when none is installed.
 */
export function findFirestoreEmulator(env: NodeJS.ProcessEnv = process.env): { command: string; args: string[] } | null {
  const configured = env.FIRESTORE_EMULATOR_SCRIPT?.trim();
  if (configured) return existsSync(configured) ? asJavaCommand(configured) : null;

  const candidates = [...KNOWN_SCRIPTS];
  const gcloud = spawnSync('sh', ['-c', 'command -v gcloud'], { encoding: 'utf8' }).stdout.trim();
  if (gcloud) {
    const sdkRoot = path.resolve(path.dirname(realpathSync(gcloud)), '..');
    candidates.push(path.join(sdkRoot, 'platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator'));
  }
  const found = candidates.find((file) => existsSync(file));
  if (found) return asJavaCommand(found);

  const firebaseCache = path.join(env.HOME ?? '', '.cache', 'firebase', 'emulators');
  const jar = existsSync(firebaseCache)
    ? readdirSync(firebaseCache)
        .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
        .sort()
        .pop()
    : undefined;
  return jar ? asJavaCommand(path.join(firebaseCache, jar)) : null;
}

/**
 * How to run the emulator as ONE Java process (so stopping it stops it):
 * a jar with `java -jar`; the gcloud script through the jar beside it, with
 * the script's own main class and flags; any other script as it is.
 */
function asJavaCommand(file: string): { command: string; args: string[] } {
  if (file.endsWith('.jar')) return { command: 'java', args: ['-Duser.language=en', '-jar', file] };
  const jar = path.join(path.dirname(file), 'cloud-firestore-emulator.jar');
  if (existsSync(jar)) {
    return {
      command: 'java',
      args: ['-Duser.language=en', '-cp', jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start'],
    };
  }
  return { command: file, args: ['start'] };
}

/** Options of {@link startFirestoreEmulator}. */
export interface FirestoreEmulatorOptions {
  host: string;
  port: number;
  projectId: string;
  /** The security rules file the emulator evaluates for client SDK requests. */
  rulesPath: string;
  /**
   * Folder of the data kept across restarts (an emulator export). Imported at
   * start when present, exported again by `close()`. Omitted: in memory only.
   */
  dataDir?: string;
  timeoutMs?: number;
}

/** A running emulator. */
export interface RunningFirestoreEmulator {
  /** http://host:port */
  url: string;
  /** host:port, the value of FIRESTORE_EMULATOR_HOST. */
  hostPort: string;
  process: ChildProcess;
  /** Exports the data to `dataDir` (when set), then stops the emulator. */
  close: () => Promise<void>;
}

const EXPORT_NAME = 'firestore_export';
const metadataFile = (dataDir: string) => path.join(dataDir, EXPORT_NAME, `${EXPORT_NAME}.overall_export_metadata`);

/**
 * Starts the emulator with `rulesPath` loaded, importing `dataDir` when it
 * holds an export, and resolves once it answers HTTP.
 * @throws Error with {@link FIRESTORE_EMULATOR_MISSING} when it is not
 * installed, or with its output when it exits or does not answer in time.
 */
export async function startFirestoreEmulator(options: FirestoreEmulatorOptions): Promise<RunningFirestoreEmulator> {
  const emulator = findFirestoreEmulator();
  if (!emulator) throw new Error(FIRESTORE_EMULATOR_MISSING);
  const { host, port, projectId, dataDir } = options;
  const args = [
    ...emulator.args,
    '--host',
    host,
    '--port',
    String(port),
    '--project_id',
    projectId,
    '--rules',
    path.resolve(options.rulesPath),
  ];
  if (dataDir && existsSync(metadataFile(dataDir))) args.push('--seed_from_export', metadataFile(dataDir));

  // SIGINT ignored (inherited through exec): Ctrl-C in the terminal reaches
  // the whole process group, and the emulator must live until the launcher
  // has exported its data; the launcher then stops it with SIGTERM. Staying
  // in the launcher's group means a test runner that kills the group (SIGKILL)
  // takes the emulator with it.
  const child = spawn('bash', ['-c', 'trap "" INT; exec "$0" "$@"', emulator.command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const url = `http://${host}:${port}`;

  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Firestore emulator exited (${code}):\n${log.join('').slice(-4000)}`))),
  );
  exited.catch(() => {});
  const ready = (async () => {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    while (Date.now() < deadline) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill('SIGKILL');
    throw new Error(`Firestore emulator did not answer on ${url}:\n${log.join('').slice(-4000)}`);
  })();
  await Promise.race([ready, exited]);
  child.removeAllListeners('exit');

  return {
    url,
    hostPort: `${host}:${port}`,
    process: child,
    close: async () => {
      if (dataDir && child.exitCode === null) await exportData(url, projectId, dataDir);
      await stopProcess(child);
    },
  };
}

/**
 * Writes the emulator's data to `dataDir` through its export endpoint (the
 * call firebase-tools makes on exit), into a temporary folder first so a
 * failed export never replaces the last good one.
 */
async function exportData(url: string, projectId: string, dataDir: string): Promise<void> {
  const staging = `${dataDir}.exporting`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const response = await fetch(`${url}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: path.resolve(staging),
      export_name: EXPORT_NAME,
    }),
  });
  if (!response.ok) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Firestore export failed: ${response.status} ${await response.text()}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5000).unref();
  });
}
