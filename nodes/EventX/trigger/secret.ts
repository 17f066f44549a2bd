// The secret a subscription carries in the URL EventX calls. EventX signs nothing and sends no
// header of ours, so the URL it was given is the one thing a delivery can prove it knows: each
// registration adds a new random secret to it as a query parameter (the OpenAPI takes any URL
// string), and n8n hands the node the query of each request.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The query parameter of the registered URL that carries the secret. */
export const SECRET_PARAM = 'secret';

/** 256 random bits, URL-safe (43 characters of base64url): new for every registration. */
export function newSecret(): string {
	return randomBytes(32).toString('base64url');
}

/** The URL EventX is given: the node's webhook URL with the secret. */
export function signedUrl(url: string, secret: string): string {
	return `${url}${url.includes('?') ? '&' : '?'}${SECRET_PARAM}=${secret}`;
}

/** The URL and its query parameters (a URL's own parser would rewrite what EventX holds). */
function splitQuery(url: string): { base: string; params: string[] } {
	const at = url.indexOf('?');
	if (at < 0) return { base: url, params: [] };
	return { base: url.slice(0, at), params: url.slice(at + 1).split('&') };
}

const isSecretParam = (param: string) =>
	param === SECRET_PARAM || param.startsWith(`${SECRET_PARAM}=`);

/** Whether a URL EventX holds is the node's webhook URL `url`, with a secret or without. */
export function isUrlOf(candidate: unknown, url: string): candidate is string {
	return typeof candidate === 'string' && splitQuery(candidate).base === url;
}

/** The secret a registered URL carries, if it carries one. */
export function secretOf(url: string): string | undefined {
	const param = splitQuery(url).params.find(isSecretParam);
	const value = param?.slice(SECRET_PARAM.length + 1);
	return value ? value : undefined;
}

/** The URL with its secret taken out: what an output may show. */
export function withoutSecret(url: string): string {
	const { base, params } = splitQuery(url);
	const kept = params.filter((param) => !isSecretParam(param));
	return kept.length > 0 ? `${base}?${kept.join('&')}` : base;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the secret a request gave is `secret`, compared in constant time: both are hashed first,
 * so neither the content nor the length of a guess changes how long the comparison takes.
 */
export function isSecret(given: unknown, secret: string): boolean {
	return typeof given === 'string' && timingSafeEqual(digest(given), digest(secret));
}
