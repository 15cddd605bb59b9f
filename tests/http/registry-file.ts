// The file registry of a server's data dir (statements/registry.jsonl): the stateful single-node
// store whose compaction and failed appends bounded-storage and state-file-faults look at.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { FloeServer } from './server-control';

export const registryFile = (s: FloeServer) => path.join(s.dataDir, 'statements', 'registry.jsonl');

/** Every line of the registry parses whole (no torn line, no two lines run together). */
export function expectWholeLines(s: FloeServer): void {
  const text = fs.readFileSync(registryFile(s), 'utf8');
  expect(text.endsWith('\n') || text === '').toBe(true);
  for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
}

