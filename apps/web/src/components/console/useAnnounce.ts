'use client';
// How a console change tells its outcome: the server's own words, as a success when something
// changed and as a note when it was already so; a refusal in the server's words (or the screen's
// fallback) — the request client has already told of network and session failures.
import { App } from 'antd';
import { serverMessage } from '@/lib/api/errors';

export interface ChangeReply {
  msg: string;
  data: { changed: boolean };
}

/** `announce(send)` resolves to the answer, or to null when the change was refused. */
export function useAnnounce() {
  const { message } = App.useApp();
  return async <R extends ChangeReply>(send: () => Promise<R>, fallback?: string): Promise<R | null> => {
    try {
      const res = await send();
      if (res.data.changed) void message.success(res.msg);
      else void message.info(res.msg);
      return res;
    } catch (err) {
      const msg = serverMessage(err) ?? fallback;
      if (msg) void message.error(msg);
      return null;
    }
  };
}
