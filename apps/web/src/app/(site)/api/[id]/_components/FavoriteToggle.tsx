'use client';
// 收藏 / 已收藏 beside the price packages. The page is cached for everyone, so whether this
// visitor collected the interface is asked from the browser. Logged out, a click goes to the
// login with the way back here (like 立即购买). Plain elements, no antd: a light public page.
// The declarations (and zod with them) are fetched only for a signed-in visitor or on a click.
import { useEffect, useState } from 'react';
import { request } from '@/lib/api/client';
import { signedIn, signedInOrLogin } from '@/lib/signed-in';
import { useServerAction } from '@/lib/use-server-action';
import styles from './doc.module.css';

export function FavoriteToggle({ interfaceId }: { interfaceId: number }) {
  const [on, setOn] = useState(false);
  const { busy, error, run } = useServerAction();

  useEffect(() => {
    if (!signedIn()) return;
    // A stale session just reads as "not collected": no alert for a check nobody asked for.
    import('@apimarket/contracts')
      .then(({ favoritesApi }) => request(favoritesApi.list, { interfaceId, pageSize: 1 }, { loginStateCheck: true, silent: true }))
      .then((r) => setOn(r.total > 0))
      .catch(() => setOn(false));
  }, [interfaceId]);

  const toggle = async () => {
    if (!signedInOrLogin(`/api/${interfaceId}`)) return;
    await run(async () => {
      const { favoritesApi } = await import('@apimarket/contracts');
      await request(on ? favoritesApi.remove : favoritesApi.add, { interfaceId });
      setOn(!on);
    });
  };

  return (
    <span className={styles.favorite}>
      <button
        type="button"
        className={on ? styles.favoriteOn : styles.favoriteOff}
        aria-pressed={on}
        disabled={busy}
        onClick={() => void toggle()}
        data-testid="favorite-toggle"
        title={on ? '取消收藏' : '收藏接口，在「我的收藏」中查看'}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M12 3.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L12 16.9l-5.3 2.7 1-5.8-4.2-4.1 5.9-.9L12 3.5z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        {on ? '已收藏' : '收藏'}
      </button>
      {error ? (
        <span className={styles.favoriteError} role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
