// 司法可视化 (/userCenter/examine, menu code 13; spec 02 §7; issue #23).
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.

export const judicialApi = {} as const;
