// EventX's error envelope, read the same way by the credential (its token exchange and test) and by
// the node's transport. At the bottom of the package: it imports nothing, so both can use it.

/** The `{ error: { code, message, status, meta } }` envelope, if the body is one. */
export function parseErrorEnvelope(
	body: unknown,
): { code?: string; message?: string; status?: number; meta?: unknown } | undefined {
	let parsed = body;
	if (typeof parsed === 'string') {
		try {
			parsed = JSON.parse(parsed);
		} catch {
			return undefined;
		}
	}
	const error = (parsed as { error?: unknown } | null | undefined)?.error;
	if (error === null || typeof error !== 'object') return undefined;
	const { code, message, status, meta } = error as Record<string, unknown>;
	return {
		code: typeof code === 'string' ? code : code === undefined ? undefined : String(code),
		message: typeof message === 'string' ? message : undefined,
		status: typeof status === 'number' ? status : undefined,
		meta,
	};
}
