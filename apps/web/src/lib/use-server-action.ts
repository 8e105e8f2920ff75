// A button's call to the server on a public page (立即购买, 确认支付, 收藏, 免费试用): busy while
// it runs, and a refusal shown in the server's words (a network failure is already toasted by the client).
import { useState } from 'react';
import { serverMessage } from './api/errors';

export function useServerAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  /** Runs `action`. `handled` may take a refusal on itself (and return true); any other shows as `error`. */
  const run = async (action: () => Promise<void>, handled?: (err: unknown) => boolean) => {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (err) {
      if (!handled?.(err)) setError(serverMessage(err) ?? '');
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
