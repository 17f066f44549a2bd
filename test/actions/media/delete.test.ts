import { EventX } from '../../../nodes/EventX/EventX.node';
import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, params as badParams, testBadInputs } from '../badInputs';
import { addMedia, mediaContext } from './fixtures';

const ctx = useSimulator();
const { params } = mediaContext(ctx);

describe('Media > Delete', () => {
	test('deletes the media record for good', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const id = addMedia(ctx.sim);
		const { items, error } = await run(ctx.sim, { parameters: params('delete', { mediaId: id }) });
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'DELETE',
			path: `/public-api/v1/event/${eventId}/media/${id}`,
		});
		expect(ctx.sim.store.media.has(id)).toBe(false);
		expect(items[0].json).toEqual({ id, eventId, deleted: true });
	});

	test('the editor says that the delete is permanent; as a tool the model gives the ID', () => {
		const properties = new EventX().description.properties.filter(
			(p) =>
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes('media') &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes('delete'),
		);
		expect(properties.find((p) => p.type === 'notice')?.displayName).toMatch(/permanent/i);
		const ids = properties.filter((p) => p.name === 'mediaId');
		// On the node: empty (nothing is deleted by default); on the tool: the model fills it.
		expect(ids.map((p) => p.default)).toEqual(['', expect.stringContaining('$fromAI(')]);
	});

	test('a delete of a missing media is EventX 404, not repeated', async () => {
		const { error } = await run(ctx.sim, {
			parameters: params('delete', { mediaId: '0b5a8c3e-1d2f-4a6b-9c8d-7e6f5a4b3c2d' }),
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Media not found', item: 0 });
		expect(apiRequests(ctx.sim)).toHaveLength(1);
	});

	test('refuses an empty media ID before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: params('delete', { mediaId: '={{ "" }}' }),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Media ID: is required',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Media Delete: an empty media ID',
		parameters: badParams('media', 'delete', { mediaId: BAD }),
		good: (sim) => addMedia(sim),
		bad: '',
		field: /^Media ID:/,
	},
]);
