'use client';
// The floating contact bar (spec 01 §2.4): after 3 s, WeChat QR and phone on hover, online chat
// in a popup (account chosen by path, Decision 4), quick links to flagship APIs, and back-to-top
// once the page has scrolled. Below 768 px it gives way to the mobile tab bar.
import { FLOATING_BAR_DELAY_MS, SUPPORT_HOTLINE } from '@apimarket/contracts';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useOpenLead } from './LeadProvider';
import styles from './contact.module.css';

export interface ContactSettings {
  chatUrl: string;
  chatUrlAlt: string;
  chatAltPaths: string[];
  wechatQrImage: string;
}

/** Decision 4: the second chat account serves the listed path prefixes. */
export function chatUrlFor(path: string, s: ContactSettings): string {
  const alt = s.chatUrlAlt && s.chatAltPaths.some((p) => path.startsWith(p));
  return alt ? s.chatUrlAlt : s.chatUrl;
}

export function FloatingBar({ settings, apis }: { settings: ContactSettings; apis: Array<{ id: number; interfaceName: string }> }) {
  const pathname = usePathname();
  const openLead = useOpenLead();
  const [shown, setShown] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setShown(true), FLOATING_BAR_DELAY_MS);
    const onScroll = () => setScrolled(window.scrollY !== 0);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(id);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!shown) return null;
  const chat = chatUrlFor(pathname, settings);
  return (
    <nav className={styles.bar} aria-label="联系我们" data-testid="contact-bar">
      {settings.wechatQrImage ? (
        <div className={styles.item}>
          <span>微信咨询</span>
          <div className={styles.pop}>
            {/* biome-ignore lint/performance/noImgElement: an operator-configured QR image */}
            <img src={settings.wechatQrImage} alt="微信扫码咨询" width={140} height={140} />
          </div>
        </div>
      ) : null}
      {chat ? (
        <button type="button" className={styles.item} onClick={() => window.open(chat, 'apimarket-chat', 'width=480,height=640')}>
          在线咨询
        </button>
      ) : null}
      <div className={styles.item}>
        <a href={`tel:${SUPPORT_HOTLINE.replaceAll('-', '')}`}>电话咨询</a>
        <div className={styles.pop}>
          <strong>{SUPPORT_HOTLINE}</strong>
        </div>
      </div>
      <button type="button" className={styles.item} onClick={() => openLead({ type: 0 })}>
        免费试用
      </button>
      {apis.length > 0 ? (
        <div className={styles.item}>
          <span>热门产品</span>
          <ul className={styles.pop}>
            {apis.map((a) => (
              <li key={a.id}>
                <Link href={`/api/${a.id}`}>{a.interfaceName}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {scrolled ? (
        <button
          type="button"
          className={styles.item}
          onClick={() => document.getElementById('main')?.scrollIntoView({ behavior: 'smooth' }) ?? window.scrollTo({ top: 0, behavior: 'smooth' })}
          data-testid="back-to-top"
        >
          返回顶部
        </button>
      ) : null}
    </nav>
  );
}

/** Below 768 px: call us and free trial, always at hand (spec 01 §2.2). */
export function MobileTabBar() {
  const openLead = useOpenLead();
  return (
    <nav className={styles.tabBar} aria-label="快捷入口">
      <a href={`tel:${SUPPORT_HOTLINE.replaceAll('-', '')}`}>电话咨询</a>
      <button type="button" onClick={() => openLead({ type: 0 })}>
        免费试用
      </button>
    </nav>
  );
}
