// 车险分析 (/userCenter/truckInsurance, /userCenter/insurance/*, menu code 12; spec 02 §7 "Insurance"; issue #23).
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.

export const insuranceApi = {} as const;
