// Every e2e suite on the main line (n8n 2.41.1 on Node 24): test/e2e/release.ts.
import { N8N_MAIN } from '../../scripts/n8n-runtime';
import { describeRelease } from './release';

describeRelease(N8N_MAIN);
