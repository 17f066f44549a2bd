// Every e2e suite on the oldest n8n supported (2.8.4 on Node 20): test/e2e/release.ts.
import { N8N_FLOOR } from '../../scripts/n8n-runtime';
import { describeRelease } from './release';

describeRelease(N8N_FLOOR);
