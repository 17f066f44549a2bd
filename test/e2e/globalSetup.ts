/**
 * Once for every e2e file, before any starts (they run side by side): the tools compiled, the
 * package built and packed into one tarball (E2E_PACKAGE_TGZ), and each n8n release the files
 * need installed into the cache (each under its cache lock, which another command's install or
 * pack of the same release or sources waits for).
 */
import { compileScript, ensureN8n, packPackage } from '../../scripts/n8n-runtime';
import { fs, os, path, process } from '../platform.cjs';
import { e2eReleases, log } from './releases';

export default async function globalSetup(): Promise<void> {
	compileScript('scripts/simulator.ts', log);
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-eventx-pack-'));
	process.env.E2E_PACKAGE_TGZ = await packPackage(packDir, log);
	for (const release of e2eReleases()) await ensureN8n(release, log);
}
