// Whether this browser is signed in, for the public pages' account actions (立即购买, 收藏,
// 免费试用): the pages are cached for everyone, so the browser asks, from the session's cookie.
import { COOKIE } from '@apimarket/contracts';
import { readCookie } from './api/build';

export function signedIn(): boolean {
  return readCookie(document.cookie, COOKIE.membershipId) !== '';
}

/** For an action that needs an account: true when signed in; otherwise off to the login page, which brings the visitor back to `back`. */
export function signedInOrLogin(back: string): boolean {
  if (signedIn()) return true;
  window.location.assign(`/login?redirect=${encodeURIComponent(back)}`);
  return false;
}
