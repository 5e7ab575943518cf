/**
 * CLI: `npx tsx emulators/firestore/main.ts [--port 8080] [--host 127.0.0.1] [--data .data/firestore]`.
 * Without --data the data lives in memory.
 */
import { parseArgs } from 'node:util';
import { startFirestoreEmulator } from './server';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8080' }, host: { type: 'string', default: '127.0.0.1' }, data: { type: 'string' } },
});
const emulator = await startFirestoreEmulator({ host: values.host, port: Number(values.port), dataDir: values.data });
console.log(`Firestore emulator listening on ${emulator.url}${values.data ? ` (data in ${values.data})` : ' (in memory)'}`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
