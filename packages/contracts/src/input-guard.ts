// What no input may carry, whatever its route (Decision 123): control characters (PostgreSQL
// cannot store a NUL, and the others corrupt logs, sheets and terminals), broken text (a lone
// UTF-16 surrogate, which no database column or JSON document accepts) and numbers beyond what
// the platform's columns hold. The server applies it to every field at the parse boundary.

/**
 * C0 controls but the whitespace ones (tab, line feed, vertical tab, form feed, carriage return:
 * text areas and pastes from Word or PowerPoint carry them); DEL; C1 controls.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/;
/** A surrogate that is not half of a pair: text that cannot be encoded as UTF-8. */
export const BROKEN_TEXT = /\p{Cs}/u;

/** Whether a text holds a control character or is broken. */
export function hasForbiddenCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text) || BROKEN_TEXT.test(text);
}

/** Ids, counts, pages and amounts in fen are 32-bit columns: nothing larger is meaningful. */
export const INPUT_NUMBER_LIMIT = 2_147_483_647;

export const INPUT_GUARD_MSG = {
  control: (field: string) => `「${field}」含有不允许的控制字符`,
  broken: (field: string) => `「${field}」含有无法识别的字符`,
  controlName: '参数名含有不允许的控制字符',
  range: (field: string) => `「${field}」超出允许的范围`,
  depth: '请求内容层级过深',
  /** Input no rule caught that the database refused (a rule is missing: the log says where). */
  unchecked: '请求参数超出允许的范围或格式不正确',
} as const;

/** A field's name as a message may quote it: printable and short. */
export function fieldLabel(name: string): string {
  const printable = name.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '').replace(/\p{Cs}/gu, '');
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable || '参数';
}

/** The message for a text holding a control character or a broken one, or null. */
export function textProblem(text: string, field: string): string | null {
  if (CONTROL_CHARACTERS.test(text)) return INPUT_GUARD_MSG.control(fieldLabel(field));
  return BROKEN_TEXT.test(text) ? INPUT_GUARD_MSG.broken(fieldLabel(field)) : null;
}

/**
 * The first problem of a value (a parsed body, query or a contract's output), as the message to
 * answer with, or null when it is clean. Walks objects and arrays to a bounded depth. Raw input
 * is checked without `numbers`: a raw number means what the schema makes of it (a cdpDate in
 * milliseconds is large); the schema's output is checked with them.
 */
export function inputProblem(value: unknown, field = '', depth = 0, { numbers = true }: { numbers?: boolean } = {}): string | null {
  if (typeof value === 'string') return textProblem(value, field);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const inRange =
      typeof value === 'bigint' ? value >= -INPUT_NUMBER_LIMIT && value <= INPUT_NUMBER_LIMIT : Number.isFinite(value) && Math.abs(value) <= INPUT_NUMBER_LIMIT;
    return !numbers || inRange ? null : INPUT_GUARD_MSG.range(fieldLabel(field));
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return null;
  if (depth > 8) return INPUT_GUARD_MSG.depth;
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item) => [field, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (!Array.isArray(value) && hasForbiddenCharacters(key)) return INPUT_GUARD_MSG.controlName;
    const problem = inputProblem(item, key || field, depth + 1, { numbers });
    if (problem) return problem;
  }
  return null;
}
