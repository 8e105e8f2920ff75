// After the browser journeys (npm test): the stack's log and its data directory must hold none
// of the personal values the journeys used in clear (issue #16, Decision 19). The log may hold
// no ID number, mobile number, e-mail address or key at all; the database files no ID number the
// journeys sent (call parameters, batch sheets, tests), and the data directory nothing but the
// database. Prints what it found and where; exit code 1 when anything is found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Everything the log must never show in clear, whatever its value.
const LOG_PATTERNS = {
  // (Not after a decimal point nor inside a longer token: a response time's digits and a request
  // id's hex are not a person's number.)
  'ID number': /(?<![\dA-Za-z.-])\d{17}[\dXx](?![\dA-Za-z-])/g,
  'mobile number': /(?<![\dA-Za-z*.-])1[3-9]\d{9}(?![\dA-Za-z.-])/g,
  'e-mail address': /[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])/g,
  // Purchase keys and API secrets are 43 base64url characters (request ids: 36-character UUIDs);
  // the log scrubber replaces any run of 40 or more.
  key: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g,
};
// Addresses the platform itself writes (its own senders and the sales inbox) are not personal.
const ALLOWED_EMAIL = /@localhost(\.localdomain)?$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

const ID_NUMBER = /(?<!\d)\d{17}[\dXx](?!\d)/g;
const idNumbersIn = (dir) => new Set([...files(dir)].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(ID_NUMBER)].map((m) => m[0])));

/**
 * The ID numbers the journeys send, but those the seed itself holds: the documentation's sample
 * people are in the catalogue by design, so only the others say something about what a call,
 * a test or a batch row kept.
 */
export function journeyIdNumbers(testsDir, seedDir) {
  const seeded = idNumbersIn(seedDir);
  return [...idNumbersIn(testsDir)].filter((id) => !seeded.has(id));
}

export function checkLog(logFile) {
  const text = readFileSync(logFile, 'utf8');
  const problems = [];
  for (const [what, pattern] of Object.entries(LOG_PATTERNS)) {
    for (const m of text.matchAll(pattern)) {
      if (what === 'e-mail address' && ALLOWED_EMAIL.test(m[0])) continue;
      const line = text.slice(text.lastIndexOf('\n', m.index) + 1, text.indexOf('\n', m.index)).slice(0, 300);
      problems.push(`${path.basename(logFile)}: ${what} in clear: ${line}`);
      if (problems.length > 20) return problems;
    }
  }
  return problems;
}

export function checkDataDir(dataDir, idNumbers) {
  const problems = [];
  const needles = idNumbers.map((id) => Buffer.from(id, 'latin1'));
  for (const file of files(dataDir)) {
    const relative = path.relative(dataDir, file);
    // The embedded database lives in pgdata/; nothing else may be left on disk (uploads are in it).
    if (!relative.startsWith(`pgdata${path.sep}`)) {
      problems.push(`${relative}: a file outside the database`);
      continue;
    }
    if (statSync(file).size === 0) continue;
    const bytes = readFileSync(file);
    for (const [i, needle] of needles.entries()) {
      if (bytes.includes(needle)) problems.push(`${relative}: the ID number ${idNumbers[i]} in clear`);
    }
  }
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  const [logFile, dataDir, testsDir, seedDir] = process.argv.slice(2);
  if (!logFile || !dataDir || !testsDir || !seedDir) {
    console.error('usage: node scripts/leak-check.mjs <stack log> <data dir> <journeys dir> <seed dir>');
    process.exit(2);
  }
  const ids = journeyIdNumbers(testsDir, seedDir);
  const problems = [...checkLog(logFile), ...checkDataDir(dataDir, ids)];
  for (const p of problems) console.error(`[leak-check] ${p}`);
  console.log(
    `[leak-check] ${problems.length === 0 ? 'clean' : `${problems.length} found`}: the log and ${dataDir} searched for ${ids.length} ID numbers, mobiles, e-mail addresses and keys`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
