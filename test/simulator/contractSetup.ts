/**
 * Fails the running test when a simulator it used departed from the published OpenAPI: after
 * each test (and after the file, for what its afterAll hooks sent), every violation recorded since
 * the last check is reported with its operation, status and JSON pointer. A test that provokes a
 * violation on purpose takes it first (`sim.takeContractViolations()`).
 */
import { assertContractKept } from './violations';

afterEach(assertContractKept);
afterAll(assertContractKept);
