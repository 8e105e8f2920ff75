// A route's credentials (issue #24): the request headers a supplier authenticates the platform by
// (an API key, a bearer token…), sealed under SECRETS_KEY as the accounts' API secrets are and bound
// to the interface and supplier they were entered for, so a sealed value copied onto another route
// does not open. They are opened only to call the supplier, never answered back: the console shows
// the headers' names.
import type { Config } from '../../config';
import { seal, unseal } from '../account/keys.service';

const context = (interfaceId: number, supplierId: number) => Buffer.from(`supplier-route:${interfaceId}:${supplierId}`, 'utf8');

export function sealCredentials(config: Config, interfaceId: number, supplierId: number, headers: Record<string, string>): string {
  return Object.keys(headers).length === 0 ? '' : seal(config, JSON.stringify(headers), context(interfaceId, supplierId));
}

export function openCredentials(config: Config, interfaceId: number, supplierId: number, sealed: string): Record<string, string> {
  if (!sealed) return {};
  return JSON.parse(unseal(config, sealed, context(interfaceId, supplierId))) as Record<string, string>;
}
