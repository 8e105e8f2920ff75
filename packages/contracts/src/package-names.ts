// 包名管理 (/userCenter/packageName, menu code 6; spec 02 §7 "Packages"; issue #23).
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.

export const packageNamesApi = {} as const;
