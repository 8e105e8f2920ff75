// The catalogue's categories. Ids are stable: pages link /api?type=<id>.
export const CATEGORY_SEED = [
  { id: 1, categoryName: '身份核验', icon: 'idcard', sort: 10, description: '姓名与身份证号一致性核验、证件有效期核验，支撑实名开户与账号实名。' },
  { id: 2, categoryName: '人脸识别', icon: 'face', sort: 20, description: '人像比对、活体检测与公安库人脸核身，适用于远程开户与刷脸登录。' },
  { id: 3, categoryName: 'OCR 识别', icon: 'ocr', sort: 30, description: '身份证、银行卡、营业执照、驾驶证、行驶证等证照的结构化识别。' },
  { id: 4, categoryName: '银行卡', icon: 'bankcard', sort: 40, description: '银行卡二、三、四要素核验与卡 BIN 查询，用于绑卡与支付风控。' },
  { id: 5, categoryName: '手机号', icon: 'phone', sort: 50, description: '运营商三要素、在网时长与在网状态核验，识别虚假注册与风险号码。' },
  { id: 6, categoryName: '车辆', icon: 'vehicle', sort: 60, description: '车辆信息、驾驶证与行驶证核验、车辆轨迹与位置服务。' },
  { id: 7, categoryName: '企业工商', icon: 'company', sort: 70, description: '企业工商照面、股东高管、经营异常与企业三要素核验。' },
  { id: 8, categoryName: '保险模型', icon: 'insurance', sort: 80, description: '货车、客车与车队风险评分模型，服务核保定价与理赔反欺诈。' },
  { id: 9, categoryName: '物流货运', icon: 'logistics', sort: 90, description: '司机与车辆准入核验、运输轨迹、电子围栏与运力评估。' },
  { id: 10, categoryName: '司法', icon: 'judicial', sort: 100, description: '涉诉、失信被执行与限制高消费等司法风险信息查询。' },
  { id: 11, categoryName: '政务数据', icon: 'government', sort: 110, description: '经授权的政务数据共享与核验服务，覆盖社保、公积金与学历等。' },
] as const;
