// Run by the build (build.mjs): writes the migrated embedded database beside the bundle.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATED_SNAPSHOT_FILE, writeMigratedSnapshot } from './migrated-snapshot';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), MIGRATED_SNAPSHOT_FILE);
const bytes = await writeMigratedSnapshot(file);
process.stdout.write(`migrated database snapshot: ${(bytes / 1e6).toFixed(1)} MB\n`);
