// What the sales inbox's pieces share: the colour of each state and handing a file to the
// browser's download.
import type { AuditRequestState, LeadState } from '@apimarket/contracts';

export const STATE_COLOR: Record<LeadState, string> = { new: 'processing', contacted: 'warning', converted: 'success', closed: 'default' };
export const AUDIT_STATE_COLOR: Record<AuditRequestState, string> = { new: 'processing', contacted: 'warning', closed: 'default' };

/** Hands a file the server answered to the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
