// Business constants and limits of both specs' §9, in one place. Values that an operator may
// want to change per deployment (trial wording, stripped words, special users) are settings in
// the server's config; their defaults live here.

// ── Sessions and cookies ─────────────────────────────────────────────────────────────────────
export const AUTH_COOKIE_MAX_AGE_S = 2_592_000; // myToken, membershipId: 30 days
export const HADVIEW_COOKIE_MAX_AGE_S = 86_400; // hadview: 1 day
export const COOKIE = {
  token: 'myToken',
  membershipId: 'membershipId',
  imageCodeKey: 'imageCodeKey',
  tourisToken: 'tourisToken',
  hadview: 'hadview',
  name: 'name',
} as const;

// ── Sign-in ──────────────────────────────────────────────────────────────────────────────────
export const SMS_RESEND_COUNTDOWN_S = 60;
export const CAPTCHA_AFTER_LOGIN_FAILURES = 5;

// ── Receipts and exports ─────────────────────────────────────────────────────────────────────
export const RECEIPT_ZIP_BATCH = 15;
export const PRINT_ROWS_PER_SHEET = 50;
export const RECEIPT_ZIP_CLOSE_MS = 5_000;
export const PRINT_AUTO_DELAY_MS = 1_500;
export const RECEIPT_FILTER_DOWNLOAD_METHOD = 2;
export const EXCEL_EXPORT = { sheetName: 'sheet1', bookType: 'xlsx' } as const;
/**
 * The receipt PDF (spec 01 §9: "scale 5, named as the personal background-check info"). Its name
 * follows issue #21 (个人背景核查信息). The scale was the screenshot factor of a page captured to
 * an image; the server draws the PDF as text (modules/receipts), so it is kept for the record only.
 */
export const PDF_EXPORT = { scale: 5, fileName: '个人背景核查信息' } as const;

// ── Page frame ───────────────────────────────────────────────────────────────────────────────
export const ERROR_PAGE_REDIRECT_S = 3;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const LOADING_BAR_NOMINAL_MS = 5_000;
export const LOADING_BAR_START_DELAY_MS = 200;
export const IDLE_PREFETCH_TIMEOUT_MS = 2_000;
export const LAZY_IMAGE_RETRIES = 2;
export const MOBILE_BREAKPOINT_PX = 768;

// ── Lead capture ─────────────────────────────────────────────────────────────────────────────
export const FLOATING_BAR_DELAY_MS = 3_000;
export const TRIAL_DIALOG_DELAY_MS = 180_000;
export const TRIAL_DIALOG_MIN_WIDTH_PX = 768;
/** Decision 1: the two readings of the free trial, each a setting with this default. */
export const DEFAULT_TRIAL_HEADLINE = '限时免费1000+次API调用';
export const DEFAULT_FREE_TEST_QUOTA = 150;
/** Decision 2: words removed from API names in footer lists. */
export const DEFAULT_FOOTER_STRIP_WORDS: readonly string[] = ['高速'];

// ── Catalogue and footer ─────────────────────────────────────────────────────────────────────
export const FOOTER_API_PAGE_SIZE = 8;
export const FOOTER_API_PAGE_NUM = 1;
export const HOT_SEARCH_TERMS = ['实名认证', '身份证', '手机号', '银行卡', '人脸识别', 'VIN码', 'OCR', '企业', '车辆'] as const;
export const CONTACT_BAR_API_IDS = [9694, 9867, 9054, 9699, 9732, 9739, 9866] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

// ── Marketing claims (spec 01 §1) ────────────────────────────────────────────────────────────
export const MARKETING_CLAIMS = [
  { value: '99.5%+', label: 'OCR 识别准确率' },
  { value: '99.9%+', label: '活体检测准确率' },
  { value: '50000', label: '小时稳定运行' },
  { value: '60+', label: '项技术专利' },
  { value: '13亿', label: '人口数据覆盖' },
] as const;
export const INDUSTRIES = ['互联网', '保险', '交通物流', '金融科技', '数字政府'] as const;

// ── User center (spec 02 §6, §9) ─────────────────────────────────────────────────────────────
export const FEATURE_CODES = {
  1: '在线查询',
  6: '包名管理',
  7: '付费测试',
  10: '企业运力',
  11: '车辆运力',
  12: '车险分析',
  13: '司法平台',
  15: '账号管理',
} as const;
export const ALERT_CONTACT_PAGE_SIZE = 9_999;
export const CATEGORY_MENU_PAGE_SIZE = 8;
export const CATEGORY_1_MENU_LIMIT = 7;
export const UNREAD_BADGE_MAX = 99;
export const TRUCK_SCORE_MODEL_IDS = [9963, 9964] as const;
export const SUPPORT_HOTLINE = '400-0999-656';
export const GREETING_HOURS = { morningBefore: 12, afternoonBefore: 18 } as const;
export const LOGOUT_TOAST_MS = 1_500;
export const CHILD_SWITCH_RELOAD_MS = 500;
export const NUMBER_TYPE = { 1: '手机号', 2: '邮箱' } as const;
export const COUNT_AREA_TYPE = { 1: '月度', 2: '季度' } as const;

// ── Agreement terms (spec 01 §9) ─────────────────────────────────────────────────────────────
export const PAID_TEST_VALIDITY_MONTHS = 3;
export const DORMANT_ACCOUNT_MONTHS = 6;
export const CONTACT_CHANGE_NOTICE_DAYS = 3;

// ── Wire ─────────────────────────────────────────────────────────────────────────────────────
export const CDP_DATE_TOLERANCE_MS = 10 * 60_000;

// ── Input lengths (plain numbers, so browser leaves can use them without loading zod) ─────────
/** Search keywords longer than this are cut, not refused: a search always answers. */
export const SEARCH_KEYWORD_MAX = 50;
export const MOBILE_MAX_LENGTH = 11;
export const SMS_CODE_MAX_LENGTH = 6;
export const QUOTE_PHONE_MAX_LENGTH = 14;
