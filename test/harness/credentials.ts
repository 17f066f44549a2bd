import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';
import { Credentials } from 'n8n-core';

/**
 * The credential side of n8n, as its CLI does it (credentials-helper.ts): defaults applied on
 * decryption, pre-authentication when the expirable field is empty or a call answered 401, the
 * refreshed value saved back, and the credential type's own `authenticate`.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** What n8n would hold in its database, by credential type. */
	readonly saved = new Map<string, ICredentialDataDecryptedObject>();
	/** How often pre-authentication ran (each one is a token exchange for an API token). */
	preAuthentications = 0;

	constructor(private readonly types: Record<string, ICredentialType>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	/** The harness knows only the package's own credential, which its nodes declare. */
	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}

	async getDecrypted(_additionalData: unknown, _details: INodeCredentialsDetails, type: string) {
		const saved = this.saved.get(type);
		if (!saved) throw new Error(`Credentials of type "${type}" are not set`);
		const withDefaults: ICredentialDataDecryptedObject = {};
		for (const property of this.getCredentialsProperties(type)) {
			withDefaults[property.name] = property.default as ICredentialDataDecryptedObject[string];
		}
		return { ...withDefaults, ...structuredClone(saved) };
	}

	async getCredentials(details: INodeCredentialsDetails, type: string) {
		return new Credentials({ id: details.id, name: details.name }, type, '');
	}

	async updateCredentials(
		_details: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	) {
		this.saved.set(type, structuredClone(data));
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		// n8n-core also passes the workflow and the node; function authentication needs neither.
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const authenticate = this.types[typeName]?.authenticate;
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate) throw new Error('The harness supports function authentication only');
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types[typeName];
		const expirable = type?.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!type?.preAuthentication || expirable === undefined) return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await this.runPreAuthentication(helpers, credentials, typeName);
		if (output?.[expirable.name] === undefined) return undefined;
		if (node.credentials) {
			await this.updateCredentials(
				node.credentials[typeName],
				typeName,
				Object.assign(credentials, output),
			);
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	/** The type's own pre-authentication, nothing saved (n8n's credential test calls it directly). */
	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const preAuthentication = this.types[typeName]?.preAuthentication;
		if (!preAuthentication) return undefined;
		this.preAuthentications += 1;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}
}
