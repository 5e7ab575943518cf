/**
 * `npm run setup`: a group's launch in one command (docs/deploy.md, "npm
 * run setup"). Asks once, in Italian, what only a person can give
 * (scripts/setup/answers.ts), then does the rest through each service's
 * API, step by step (scripts/setup/run.ts), and writes `.env`.
 *
 *   npm run setup                          asks the questions
 *   npm run setup -- --answers FILE        no questions: FILE is a JSON of answers (tests/fixtures/setup-answers.json)
 *   npm run setup -- --dry-run             prints every call it would make, changes nothing
 *
 * Exit codes: 0 done (or planned), 1 a step stopped (its message says what
 * to fix and which console page to open), 2 bad usage or answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { askAnswers, readAnswersFile, type Answers } from './setup/answers';
import { runSetup } from './setup/run';

const { values } = parseArgs({ options: { answers: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });

let answers: Answers;
try {
  answers = values.answers
    ? readAnswersFile(values.answers)
    : await askAnswers(existsSync('group.config.json') ? (JSON.parse(readFileSync('group.config.json', 'utf8')) as unknown) : {});
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const code = await runSetup({ answers, root: process.cwd(), dryRun: values['dry-run'], print: (line) => console.log(line) });
// firebase-admin's Firestore client keeps the process alive otherwise.
process.exit(code);
