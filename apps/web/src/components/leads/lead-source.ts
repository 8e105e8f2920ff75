// Where a lead came from (page, referrer, campaign tags), read in the browser when a lead form
// is submitted, so sales can tell which page and campaign brought the customer.
export function leadSource(): Record<string, string> {
  const q = new URLSearchParams(window.location.search);
  const out: Record<string, string> = { sourcePath: window.location.pathname, referrer: document.referrer };
  for (const k of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']) {
    const v = q.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** Session storage key of the phone typed into the bottom banner (spec 01 §3 "tel"). */
export const TEL_KEY = 'tel';
/** Session storage key of the privacy tick given in the bottom banner, carried into the dialog. */
export const CONSENT_KEY = 'leadConsent';
