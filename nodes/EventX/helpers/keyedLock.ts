/**
 * Keys held by the executions of this n8n process (e.g. "event|email" while an import matches
 * and writes that attendee). Memory only: another process (a queue-mode worker) has its own.
 */
const holders = new Map<string, Promise<void>>();

/**
 * Waits until no earlier holder holds any of `keys`, then holds them all until the returned
 * release is called. Every key is claimed at once, before any wait, so each holder waits only on
 * holders that came before it: no two can wait on each other.
 */
export async function holdKeys(keys: string[]): Promise<() => void> {
	const unique = [...new Set(keys)];
	let release!: () => void;
	const held = new Promise<void>((resolve) => (release = resolve));
	const earlier = new Set<Promise<void>>();
	for (const key of unique) {
		const holder = holders.get(key);
		if (holder) earlier.add(holder);
		holders.set(key, held);
	}
	await Promise.all(earlier);
	return () => {
		for (const key of unique) if (holders.get(key) === held) holders.delete(key);
		release();
	};
}
