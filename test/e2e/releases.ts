import { N8N_MATRIX, type N8nRelease } from '../../scripts/n8n-runtime';
import { print, process } from '../platform.cjs';

export const log = (line: string) => {
	if (process.env.E2E_VERBOSE) print(line);
};

/** The releases of the matrix to run: E2E_N8N=2.41.1 (a comma-separated list) picks some. */
export function e2eReleases(): N8nRelease[] {
	const only = process.env.E2E_N8N?.split(',').map((v) => v.trim());
	return N8N_MATRIX.filter((release) => !only || only.includes(release.version));
}

/** The tarball globalSetup packed for every e2e file. */
export function packedPackage(): string {
	const tgz = process.env.E2E_PACKAGE_TGZ;
	if (!tgz) throw new Error('E2E_PACKAGE_TGZ is not set: run the e2e tests through jest.config.js');
	return tgz;
}
