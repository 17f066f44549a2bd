/** What each execution (n8n's context object) has read already, by key. */
const reads = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `load()` once per execution and key (e.g. an event's question labels): later items of the same
 * execution wait for the same read. A failed read is not kept: the next item reads again.
 */
export async function oncePerExecution<T>(
	ctx: object,
	key: string,
	load: () => Promise<T>,
): Promise<T> {
	let done = reads.get(ctx);
	if (!done) {
		done = new Map();
		reads.set(ctx, done);
	}
	let read = done.get(key) as Promise<T> | undefined;
	if (!read) {
		read = load();
		const cache = done;
		read.catch(() => cache.delete(key));
		done.set(key, read);
	}
	return await read;
}
