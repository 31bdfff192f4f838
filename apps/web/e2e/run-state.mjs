// What one end-to-end run remembers across its test files (each runs in a process of its own):
// the staff accounts' authenticator secrets and the last code step each used, kept in a JSON file
// the runner names. Without the file (a file run on its own) it is kept in memory.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.E2E_STATE_FILE;
let memory = {};

function read() {
  if (!file) return memory;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** The value kept under `section` and `key`, or undefined. */
export function recall(section, key) {
  return read()[section]?.[key];
}

/** Keeps `value` under `section` and `key` for the rest of the run. */
export function remember(section, key, value) {
  const state = read();
  state[section] = { ...state[section], [key]: value };
  if (file) writeFileSync(file, JSON.stringify(state));
  else memory = state;
}
