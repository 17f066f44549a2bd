import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { simplifyProperty } from '../../helpers/simplify';

/** Simplify for invoices: translations left out, the default-language names kept. */
export const invoiceSimplifyProperty = (): INodeProperties =>
	simplifyProperty(
		"Whether to return a simplified version of the response instead of the raw data: each ticket and add-on named in the event's default language, without the translations of its name, description and message",
	);

const defaultText = (content: unknown, key: string): IDataObject[string] =>
	((content as IDataObject | undefined)?.[key] as IDataObject | undefined)?.default;

/** An invoice as Simplify returns it: its lines without EventX's translation blocks. */
export function simplifyInvoice(invoice: IDataObject): IDataObject {
	const items = Array.isArray(invoice.orderItems) ? (invoice.orderItems as IDataObject[]) : [];
	return {
		...invoice,
		orderItems: items.map((item) => {
			const line: IDataObject = { ...item };
			delete line.ticket;
			const addOns = Array.isArray(item.addOns) ? (item.addOns as IDataObject[]) : [];
			line.addOns = addOns.map((addOn) => {
				const simple: IDataObject = { ...addOn, name: defaultText(addOn.contentI18n, 'name') };
				delete simple.contentI18n;
				return simple;
			});
			return line;
		}),
	};
}
