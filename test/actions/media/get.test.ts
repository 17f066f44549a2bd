import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, params as badParams, testBadInputs } from '../badInputs';
import { addMedia, FILE, mediaContext } from './fixtures';

const ctx = useSimulator();
const { params } = mediaContext(ctx);

describe('Media > Get', () => {
	test("returns the media record with its file's name, path, type and size", async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const id = addMedia(ctx.sim);
		const { items, error } = await run(ctx.sim, { parameters: params('get', { mediaId: id }) });
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'GET',
			path: `/public-api/v1/event/${eventId}/media/${id}`,
		});
		expect(items[0].json).toMatchObject({
			id,
			originalFilename: 'logo.png',
			mimeType: 'image/png',
			type: 'image',
			size: FILE.length,
		});
	});

	test("another event's media is EventX's 404, with its message", async () => {
		const id = addMedia(ctx.sim, ctx.sim.seeded.eventIds[1]);
		const { error } = await run(ctx.sim, { parameters: params('get', { mediaId: id }) });
		expectNodeError(error, { name: 'NodeApiError', message: 'Media not found', item: 0 });
	});

	test('refuses a media ID that is not a UUID before any request', async () => {
		const { error } = await run(ctx.sim, { parameters: params('get', { mediaId: 'logo.png' }) });
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Media ID: "logo.png" is not a UUID',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Media Get: a media ID that is not a UUID',
		parameters: badParams('media', 'get', { mediaId: BAD }),
		good: (sim) => addMedia(sim),
		bad: 'logo.png',
		field: /^Media ID:/,
	},
]);
