// 企业运力 (/userCenter/enterpriseCapacity, menu code 10; issue #23).
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.

export const capacityApi = {} as const;
