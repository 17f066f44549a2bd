// A change cursor's memory (`PollState.seen`, state.ts): the occurrences already handled that a
// later read may meet again, and how many it keeps.

/**
 * Occurrences the memory keeps at most: 32 bytes each in static data with a stamp of its own, 23
 * sharing one (a UUID and its stamp), so at most 64 KB.
 */
export const MAX_SEEN = 2_000;

/**
 * Occurrences the memories of all the events of a scope (Several or All Running Events) keep at
 * most together: the oldest, stamped before their event's watermark, go first (about 256 KB).
 */
export const MAX_SEEN_IN_SCOPE = 8_000;

/** Of those, occurrences a read will meet again for sure (stamped at or after the watermark). */
export const MAX_SEEN_AHEAD = 1_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An ID as the memory keeps it: a UUID as its 16 bytes in base64url (22 characters), anything
 * else escaped behind "~" (base64url never contains it, nor the separators of `Seen.encode`).
 */
export function packId(id: string): string {
	if (UUID.test(id)) return Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url');
	return `~${encodeURIComponent(id)}`;
}

/**
 * Occurrences by stamp (epoch milliseconds) and packed ID. Encoded as stamps in base 36, each with
 * its IDs: `"<stamp>:<id>,<id> <stamp>:<id>"`, oldest first.
 */
export class Seen {
	private readonly byStamp = new Map<number, Set<string>>();
	private count = 0;

	static decode(text: string): Seen {
		const seen = new Seen();
		for (const group of text.split(' ')) {
			const colon = group.indexOf(':');
			if (colon <= 0) continue;
			const stamp = parseInt(group.slice(0, colon), 36);
			if (!Number.isFinite(stamp)) continue;
			for (const id of group.slice(colon + 1).split(',')) if (id) seen.addPacked(id, stamp);
		}
		return seen;
	}

	get size(): number {
		return this.count;
	}

	has(id: string, stamp: number): boolean {
		return this.byStamp.get(stamp)?.has(packId(id)) ?? false;
	}

	add(id: string, stamp: number): void {
		this.addPacked(packId(id), stamp);
	}

	/** Adds every occurrence `other` holds. */
	merge(other: Seen): void {
		for (const [stamp, ids] of other.byStamp) for (const id of ids) this.addPacked(id, stamp);
	}

	/** Stamps, oldest first, with how many occurrences each holds. */
	stamps(): Array<[number, number]> {
		return [...this.byStamp.entries()]
			.map(([s, ids]) => [s, ids.size] as [number, number])
			.sort((a, b) => a[0] - b[0]);
	}

	/** An occurrence as `forget` names it. */
	static key(id: string, stamp: number): string {
		return `${stamp.toString(36)}:${packId(id)}`;
	}

	/**
	 * Forgets up to `count` occurrences that `may` allows (by `Seen.key`), oldest first; the stamps
	 * of those forgotten.
	 */
	forget(count: number, may: (key: string) => boolean): number[] {
		const forgotten: number[] = [];
		for (const [stamp] of this.stamps()) {
			const ids = this.byStamp.get(stamp)!;
			for (const id of [...ids]) {
				if (forgotten.length >= count) return forgotten;
				if (!may(`${stamp.toString(36)}:${id}`)) continue;
				ids.delete(id);
				this.count -= 1;
				forgotten.push(stamp);
			}
			if (ids.size === 0) this.byStamp.delete(stamp);
		}
		return forgotten;
	}

	/** Forgets every occurrence stamped before `stamp`. */
	dropBefore(stamp: number): void {
		for (const [s, ids] of [...this.byStamp]) {
			if (s >= stamp) continue;
			this.count -= ids.size;
			this.byStamp.delete(s);
		}
	}

	/**
	 * The stamp from which at most `max` occurrences are kept: dropping those before it (oldest
	 * stamps first, a stamp's occurrences together) leaves no more than `max` (none, past the
	 * newest, when the newest stamp alone holds more).
	 */
	keepFrom(max: number): number {
		let left = this.count;
		let last = -Infinity;
		for (const [stamp, count] of this.stamps()) {
			if (left <= max) return stamp;
			left -= count;
			last = stamp;
		}
		return last + 1;
	}

	encode(): string {
		return [...this.byStamp.keys()]
			.sort((a, b) => a - b)
			.map((s) => `${s.toString(36)}:${[...this.byStamp.get(s)!].join(',')}`)
			.join(' ');
	}

	private addPacked(id: string, stamp: number): void {
		let group = this.byStamp.get(stamp);
		if (!group) this.byStamp.set(stamp, (group = new Set()));
		if (!group.has(id)) {
			group.add(id);
			this.count += 1;
		}
	}
}
