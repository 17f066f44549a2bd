// Empties dist/ before a build so that no file of a removed node or credential is shipped.
import { rmSync } from 'node:fs';
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
