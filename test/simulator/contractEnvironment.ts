/**
 * The tests' jest environment: Node's, plus the one Contract (contract.ts) that every test file's
 * simulators are held to. Jest loads this module once for the whole run (the tests run in one
 * process, maxWorkers 1), so each schema is compiled once rather than once per test file, and the
 * test files themselves never load the validator.
 *
 * `EVENTX_CONTRACT_STATS=<file>` writes, after each test file, how much the run has checked so
 * far (answers, request bodies, parameters, operations) and the time compiling and validating took.
 */
import { TestEnvironment } from 'jest-environment-node';

import { fs, process } from '../platform.cjs';
import { Contract } from './contract';
import { CONTRACT_GLOBAL } from './violations';

let contract: Contract | undefined;

export default class ContractEnvironment extends TestEnvironment {
	override async setup(): Promise<void> {
		await super.setup();
		this.global[CONTRACT_GLOBAL] = contract ??= new Contract();
	}

	override async teardown(): Promise<void> {
		const file = process.env.EVENTX_CONTRACT_STATS;
		if (file && contract) {
			const { operations, ...counts } = contract.counts;
			fs.writeFileSync(file, JSON.stringify({ ...counts, operations: [...operations].sort() }));
		}
		await super.teardown();
	}
}
