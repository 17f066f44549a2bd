import { fs, path, process } from '../platform.cjs';

/** Removes the tarball globalSetup packed. */
export default function globalTeardown(): void {
	const tgz = process.env.E2E_PACKAGE_TGZ;
	if (tgz) fs.rmSync(path.dirname(tgz), { recursive: true, force: true });
}
