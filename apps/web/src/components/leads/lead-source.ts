// Where a lead came from (page, referrer, campaign tags), read in the browser when a lead form
// is submitted, so sales can tell which page and campaign brought the customer.

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** What every lead form sends of its source (contracts' LeadExtras): the page, the referrer, the tags set. */
export type LeadSourceFields = { sourcePath: string; referrer: string } & Partial<Record<(typeof UTM_KEYS)[number], string>>;

export function leadSource(): LeadSourceFields {
  const q = new URLSearchParams(window.location.search);
  const out: LeadSourceFields = { sourcePath: window.location.pathname, referrer: document.referrer };
  for (const k of UTM_KEYS) {
    const v = q.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** Session storage key of the phone typed into the bottom banner (spec 01 §3 "tel"). */
export const TEL_KEY = 'tel';
/** Session storage key of the privacy tick given in the bottom banner, carried into the dialog. */
export const CONSENT_KEY = 'leadConsent';
