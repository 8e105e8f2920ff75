// The API documents (issue #18 item 4): the portal API's, from the declared calls, and the open
// data API's, from the catalogue the gateway answers from — every interface on sale, or one.
import { type GatewayDocEntry, gatewayOpenApi, type OpenApiDocument, portalOpenApi } from '@apimarket/contracts';
import { callGroups } from '@apimarket/contracts/calls';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { categories, interfaceDocs, interfaces } from '../../db/schema';

/** The documents' version: the wire contract's, changed when a call's contract changes incompatibly. */
export const OPENAPI_VERSION = '1.0.0';

/** Where the portal API is, as its pages reach it: the site's own origin, under /apiHome. */
const PORTAL_SERVER = '/apiHome';

let portal: { devTools: boolean; doc: OpenApiDocument } | undefined;

/** The portal API's document; the declarations do not change while the process runs, so it is built once. */
export function portalDocument(config: Pick<Config, 'devTools'>): OpenApiDocument {
  if (portal?.devTools !== config.devTools) {
    portal = { devTools: config.devTools, doc: portalOpenApi(callGroups(), { serverUrl: PORTAL_SERVER, version: OPENAPI_VERSION, devTools: config.devTools }) };
  }
  return portal.doc;
}

/** Interfaces on sale with their documentation, in catalogue order; or the one asked for. */
export async function onSaleEntries(db: Db, id?: number): Promise<GatewayDocEntry[]> {
  return db
    .select({
      id: interfaces.id,
      interfaceName: interfaces.interfaceName,
      categoryName: categories.categoryName,
      summary: interfaces.summary,
      description: interfaceDocs.description,
      path: interfaces.path,
      params: interfaceDocs.params,
      responseFields: interfaceDocs.responseFields,
      codes: interfaceDocs.codes,
      sampleResponse: interfaceDocs.sampleResponse,
      scenarios: interfaceDocs.scenarios,
      enterpriseOnly: interfaces.enterpriseOnly,
    })
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(and(eq(interfaces.status, 'on_sale'), id === undefined ? undefined : eq(interfaces.id, id)))
    .orderBy(asc(interfaces.categoryId), asc(interfaces.sort), asc(interfaces.id));
}

/** The open data API's document over every interface on sale (read afresh: operators edit the catalogue). */
export async function gatewayDocument(db: Db, config: Pick<Config, 'gatewayUrl'>): Promise<OpenApiDocument> {
  return gatewayOpenApi(await onSaleEntries(db), { serverUrl: config.gatewayUrl, version: OPENAPI_VERSION });
}

/** One interface's document, or null when it is not on sale. */
export async function interfaceDocument(db: Db, config: Pick<Config, 'gatewayUrl'>, id: number): Promise<OpenApiDocument | null> {
  const [entry] = await onSaleEntries(db, id);
  if (!entry) return null;
  return gatewayOpenApi([entry], { serverUrl: config.gatewayUrl, version: OPENAPI_VERSION, title: `${entry.interfaceName}（开放数据 API）` });
}
