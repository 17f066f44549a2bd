/**
 * The tests' jest environment: Node's, plus the one Contract (contract.ts) that every test file's
 * simulators are held to. Jest loads this module once per worker process, so each schema is
 * compiled once per worker rather than once per test file, and the test files themselves never
 * load the validator.
 *
 * `EVENTX_CONTRACT_STATS=<folder>` writes there, after each test file, `contract-<pid>.json`: how
 * much the worker has checked so far (answers, request bodies, parameters, operations) and the
 * time compiling and validating took. Sum the files for the run.
 */
import { TestEnvironment } from 'jest-environment-node';

import { fs, path, process } from '../platform.cjs';
import { Contract } from './contract';
import { CONTRACT_GLOBAL } from './violations';

let contract: Contract | undefined;

export default class ContractEnvironment extends TestEnvironment {
	override async setup(): Promise<void> {
		await super.setup();
		this.global[CONTRACT_GLOBAL] = contract ??= new Contract();
	}

	override async teardown(): Promise<void> {
		const folder = process.env.EVENTX_CONTRACT_STATS;
		if (folder && contract) {
			const { operations, ...counts } = contract.counts;
			fs.writeFileSync(
				path.join(folder, `contract-${process.pid}.json`),
				JSON.stringify({ ...counts, operations: [...operations].sort() }),
			);
		}
		await super.teardown();
	}
}
