// 接口监控 (/userCenter/monitor; issue #23).
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.

export const monitorApi = {} as const;
