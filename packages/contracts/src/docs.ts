// The API documents as calls (issue #18 item 4): the portal API's OpenAPI document, generated
// from every declared call, and the open data API's, generated from the catalogue — whole, or one
// interface (its page offers it for download). Plain GETs without a signature: a link opens them,
// and a tool such as Apifox imports them by URL.
import { z } from 'zod';
import { publicCall } from './declare';

export const DOCS_MSG = { interfaceMissing: '接口不存在或已下架' } as const;

/** One interface's document: its id as the path carries it (a junk id is a 404, like its page). */
export const InterfaceOpenApiInput = z.object({ id: z.string().describe('接口编号') });
export type InterfaceOpenApiInput = z.infer<typeof InterfaceOpenApiInput>;

const OPENAPI_JSON = ['application/json'] as const;

export const docsApi = {
  portal: publicCall({
    method: 'GET',
    path: '/openapi.json',
    unsigned: true,
    summary: '门户 API 的 OpenAPI 3.1 文档（本文档）',
    answer: { file: OPENAPI_JSON },
  }),
  gateway: publicCall({
    method: 'GET',
    path: '/api/openapi/gateway.json',
    unsigned: true,
    summary: '开放数据 API 的 OpenAPI 3.1 文档（全部在售接口）',
    answer: { file: OPENAPI_JSON },
  }),
  interface: publicCall({
    method: 'GET',
    path: '/api/openapi/:id',
    unsigned: true,
    summary: '一个在售接口的 OpenAPI 3.1 文档（接口详情页「下载 OpenAPI 文档」）',
    input: InterfaceOpenApiInput,
    answer: { file: OPENAPI_JSON },
    fails: ['ALL_0011'],
  }),
};
