'use client';
// The 60-second "get code" countdown (spec 01 §4): start after a successful send; reset()
// brings the link back at once (after a failure).
import { SMS_RESEND_COUNTDOWN_S } from '@apimarket/contracts';
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(seconds = SMS_RESEND_COUNTDOWN_S) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  const reset = useCallback(() => setLeft(0), []);
  return { left, running: left > 0, start, reset };
}
