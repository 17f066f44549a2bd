import type { IDataObject } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField } from '../../helpers/validation';
import { eventxData } from '../../transport';
import { pathNameProperty, readPathName, readRegFormId, regFormIdProperty } from './fields';
import { mappingOperation } from './mappingOperation';

const UPDATE_FIELDS = 'pathMappingUpdateFields';

/** Only the fields added to Update Fields change; an empty Registration Form ID clears the form. */
export const update = mappingOperation(
	'update',
	[
		{
			displayName: 'Update Fields',
			name: UPDATE_FIELDS,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					...eventLocator(),
					required: false,
					description: 'The event the path leads to from now on',
				},
				pathNameProperty(false),
				regFormIdProperty(
					"The registration form the path opens (a UUID). Empty: none, the path opens the event's page.",
				),
			],
		},
	],
	(ctx, itemIndex) => {
		const fields = ctx.getNodeParameter(UPDATE_FIELDS, itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.eventId !== undefined)
			body.eventId = readEventId(ctx, itemIndex, `${UPDATE_FIELDS}.eventId`);
		if (fields.pathName !== undefined)
			body.pathName = readPathName(ctx, fields.pathName, itemIndex);
		// EventX takes null for "no form" (the OpenAPI marks it nullable).
		if (fields.eventRegFormId !== undefined)
			body.eventRegFormId = readRegFormId(ctx, fields.eventRegFormId, itemIndex) ?? null;
		if (Object.keys(body).length === 0)
			throw invalidField(
				ctx,
				'Update Fields',
				'add the event, the path name or the registration form to change',
				itemIndex,
			);
		return body;
	},
	async (ctx, path, { extra }, itemIndex) =>
		// The same values again change nothing more: safe to repeat.
		await eventxData.call(ctx, { method: 'PUT', path, body: extra, retry: 'read', itemIndex }),
);
