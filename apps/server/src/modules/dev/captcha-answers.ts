// What the dev captcha endpoint reads. The identity module's captcha store implements it; until
// that store exists this registry is empty and every lookup answers "not found".
export interface CaptchaAnswers {
  /** The expected text of a live captcha, without consuming it; null when none. */
  peek(id: string): string | null;
}

export const noCaptchas: CaptchaAnswers = { peek: () => null };
