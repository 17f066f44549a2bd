// Times as EventX writes them (ISO 8601 text) and as the polling trigger computes with them (epoch
// milliseconds), read and written the same way by every polling module.

/** A time EventX gives, in epoch milliseconds; undefined when it is absent or not a time. */
export function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const t = Date.parse(value);
	return Number.isNaN(t) ? undefined : t;
}

/** An instant as ISO 8601 text (static data, log lines, items). */
export const iso = (t: number) => new Date(t).toISOString();
