/**
 * The nemesis of a season: on a schedule, EventX misbehaves (5xx, 429 with Retry-After, slow
 * answers, silence, short pages, a capped totalCount, its clock stepped) and n8n's cluster is hit
 * (main restarted, a worker killed with SIGKILL, the webhook process restarted, Redis and
 * PostgreSQL restarted for a few seconds, a workflow deactivated and activated again). One action
 * at a time; after each, a process of the cluster that exited is started again, as an orchestrator
 * would, and said so in the action's note.
 */
import type { FaultSpec } from '../simulator/faults';
import type { FaultWindow } from './seasonCheck';
import type { QueueEnvironment } from './queue-environment';

import { setTimeout } from '../platform.cjs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** EventX's faults, each on every request n8n makes (control routes are never faulted). */
const EVENTX: Record<string, { spec: FaultSpec; ms: number }> = {
	'5xx': { spec: { kind: 'status', status: 503, times: 0 }, ms: 40_000 },
	'429': {
		spec: { kind: 'status', status: 429, headers: { 'Retry-After': '2' }, times: 0 },
		ms: 30_000,
	},
	slow: { spec: { kind: 'delay', delayMs: 3_000, times: 0 }, ms: 60_000 },
	hang: { spec: { kind: 'hang', times: 0 }, ms: 30_000 },
	'short pages': { spec: { kind: 'short-pages', pageSize: 7, times: 0 }, ms: 60_000 },
	'capped count': { spec: { kind: 'capped-count', totalCount: 5, times: 0 }, ms: 60_000 },
};

export const FAULT_NAMES = [
	'5xx',
	'429',
	'slow',
	'hang',
	'short pages',
	'capped count',
	'clock forward',
	'clock back',
	'main restart',
	'worker kill',
	'webhook restart',
	'redis restart',
	'postgres restart',
	'deactivate',
] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

export interface NemesisOptions {
	env: QueueEnvironment;
	faults: FaultName[];
	/** EventX's faults last their usual time multiplied by this (shorter in a short season). */
	durationScale: number;
	/** The clock's step forward (EventX's clock). */
	clockStepMs: number;
	/** The workflow deactivated and activated again, and whether it is settled each way. */
	deactivate: { workflowId: string; settled: (active: boolean) => Promise<boolean> };
	log: (line: string) => void;
}

export class Nemesis {
	readonly windows: FaultWindow[] = [];

	constructor(private readonly options: NemesisOptions) {}

	private async act(name: FaultName): Promise<string | undefined> {
		const { env } = this.options;
		const eventx = EVENTX[name];
		if (eventx) {
			await env.sim('POST', '/__sim/faults', eventx.spec);
			await sleep(eventx.ms * this.options.durationScale);
			await env.sim('DELETE', '/__sim/faults');
			return undefined;
		}
		switch (name) {
			case 'clock forward':
				await env.sim('POST', '/__sim/clock', { advanceMs: this.options.clockStepMs });
				return `+${Math.round(this.options.clockStepMs / 60_000)} min`;
			case 'clock back':
				// Within the polling trigger's one-minute look-back (beyond it, what is stamped behind
				// the watermark is history by design: docs/behaviour.md).
				await env.sim('POST', '/__sim/clock', { advanceMs: -45_000 });
				return '-45 s';
			case 'main restart':
				await env.stopMain();
				await env.startMain();
				return undefined;
			case 'worker kill':
				await env.killWorker(0);
				await sleep(3_000);
				await env.startWorker(0);
				return 'worker 0, started again 3 s later';
			case 'webhook restart':
				await env.restartWebhook();
				return undefined;
			case 'redis restart':
				await env.redis.restart(5_000);
				return 'down 5 s';
			case 'postgres restart':
				await env.postgres.restart(5_000);
				return 'down 5 s';
			case 'deactivate': {
				const { workflowId, settled } = this.options.deactivate;
				const tries = [
					await this.retried(() => env.setActive(workflowId, false, () => settled(false))),
				];
				await sleep(15_000 * this.options.durationScale);
				tries.push(await this.retried(() => env.setActive(workflowId, true, () => settled(true))));
				const again = tries.filter((n) => n > 1);
				return `inactive ${Math.round(15 * this.options.durationScale)} s${again.length ? `; n8n refused at first, done on try ${tries.join(' and ')}` : ''}`;
			}
			default:
				throw new Error(`unknown fault "${name}"`);
		}
	}

	/**
	 * What an operator does when n8n refuses a call right after a restart (its database pool still
	 * holds connections PostgreSQL closed): tries again, up to 5 times 5 s apart. Resolves the try
	 * that worked.
	 */
	private async retried(action: () => Promise<void>): Promise<number> {
		let refusal: unknown;
		for (let attempt = 1; attempt <= 5; attempt++) {
			try {
				await action();
				return attempt;
			} catch (error) {
				refusal = error;
				if (attempt < 5) await sleep(5_000);
			}
		}
		throw new Error(`n8n refused 5 times: ${String(refusal)}`);
	}

	/**
	 * Runs each fault once, spread over the season from `startReal` for `seasonMs`, one after the
	 * other with at least `gapMs` between two (the cluster's recovery).
	 */
	async run(startReal: number, seasonMs: number, gapMs = 10_000): Promise<FaultWindow[]> {
		const { faults, log } = this.options;
		const slot = seasonMs / (faults.length + 1);
		for (const [i, name] of faults.entries()) {
			const previous = this.windows.at(-1)?.endReal ?? 0;
			const planned = Math.max(startReal + slot * (i + 0.5), previous + gapMs);
			if (Date.now() < planned) await sleep(planned - Date.now());
			const window: FaultWindow = { name, startReal: Date.now(), endReal: 0 };
			log(`nemesis: ${name}`);
			try {
				window.note = await this.act(name);
			} catch (error) {
				window.note = `failed: ${(error as Error).message.split('\n')[0]}`;
			}
			const restarted = await this.options.env.restartExited();
			if (restarted.length > 0)
				window.note = [window.note, `exited and started again: ${restarted.join(', ')}`]
					.filter(Boolean)
					.join('; ');
			window.endReal = Date.now();
			this.windows.push(window);
			log(
				`nemesis: ${name} over after ${Math.round((window.endReal - window.startReal) / 1000)} s${window.note ? ` (${window.note})` : ''}`,
			);
		}
		return this.windows;
	}
}
