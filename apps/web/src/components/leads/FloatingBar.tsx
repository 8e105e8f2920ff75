'use client';
// The floating contact bar (spec 01 §2.4): after 3 s, WeChat QR and phone on hover or focus,
// online chat in a popup (account chosen by path, Decision 4) — each shown once its setting is
// there — the solution pages and flagship APIs the spec links, and back-to-top once the page has
// scrolled. Below 768 px it gives way to the mobile tab bar, which offers the page's own lead
// (the route words of LEAD_WORDS).
import { FLOATING_BAR_DELAY_MS, leadWordsFor, SUPPORT_HOTLINE } from '@apimarket/contracts';
import { LinkList } from '@/components/layout/LinkList';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useOpenLead, useTrialHeadline } from './LeadProvider';
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

/** Spec 01 §2.4: the solution pages the bar links to. */
export const CONTACT_BAR_SOLUTIONS = [
  { label: '智慧运输', href: '/transportation' },
  { label: '物流行业方案', href: '/solutionPlan/logistics' },
  { label: '金融保险方案', href: '/solutionPlan/financialAndInsurance' },
  { label: '人脸识别服务', href: '/faceRecgnition' },
] as const;

/** What the bar offers on a path: the configured channels first (none when unset), then the rest. */
export function contactChannels(path: string, s: ContactSettings) {
  const chat = chatUrlFor(path, s);
  return {
    wechatQrImage: s.wechatQrImage || null,
    chatUrl: chat || null,
    phone: SUPPORT_HOTLINE,
    solutions: CONTACT_BAR_SOLUTIONS,
  };
}

/** The chat in a popup; a blocked popup falls back to the link's own new tab. */
function openChat(e: React.MouseEvent<HTMLAnchorElement>, url: string) {
  const w = window.open(url, 'apimarket-chat', 'popup,width=480,height=640');
  if (!w) return;
  e.preventDefault();
  w.opener = null; // the chat page gets no handle on this one
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
  const c = contactChannels(pathname, settings);
  return (
    <nav className={styles.bar} aria-label="联系我们" data-testid="contact-bar">
      {c.wechatQrImage ? (
        <div className={styles.item}>
          {/* A button, so the QR also opens on keyboard focus and on a tap. */}
          <button type="button" className={styles.trigger}>
            微信咨询
          </button>
          <div className={styles.pop}>
            {/* biome-ignore lint/performance/noImgElement: an operator-configured QR image */}
            <img src={c.wechatQrImage} alt="微信扫码咨询" width={140} height={140} />
            <span className={styles.popNote}>微信扫码，在线咨询</span>
          </div>
        </div>
      ) : null}
      {c.chatUrl ? (
        <a className={styles.item} href={c.chatUrl} target="_blank" rel="noopener" onClick={(e) => openChat(e, c.chatUrl ?? '')}>
          在线咨询
        </a>
      ) : null}
      <div className={styles.item}>
        <a href={`tel:${c.phone.replaceAll('-', '')}`}>电话咨询</a>
        <div className={styles.pop}>
          <strong>{c.phone}</strong>
        </div>
      </div>
      <button type="button" className={styles.item} onClick={() => openLead({ type: 0 })}>
        免费试用
      </button>
      <div className={styles.item}>
        <button type="button" className={styles.trigger}>
          解决方案
        </button>
        <LinkList links={c.solutions} className={styles.pop} />
      </div>
      {apis.length > 0 ? (
        <div className={styles.item}>
          <button type="button" className={styles.trigger}>
            热门产品
          </button>
          <LinkList links={apis.map((a) => ({ label: a.interfaceName, href: `/api/${a.id}` }))} className={styles.pop} />
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

/**
 * Below 768 px: call us, and the page's own lead — the banner's words and dialog of the route
 * (spec 01 §2.2, §2.4): 免费试用 by default, 咨询合作 on the data-asset pages, 立即咨询 on /deepSeek.
 */
export function MobileTabBar() {
  const openLead = useOpenLead();
  const { banner } = leadWordsFor(usePathname(), useTrialHeadline());
  return (
    <>
      <nav className={styles.tabBar} aria-label="快捷入口" data-testid="mobile-tab-bar">
        <a href={`tel:${SUPPORT_HOTLINE.replaceAll('-', '')}`}>电话咨询</a>
        <button type="button" onClick={() => openLead({ type: banner.type })}>
          <span>{banner.button}</span>
          <small>{banner.headline}</small>
        </button>
      </nav>
      {/* Room for the fixed tab bar at the end of the page (phones only). */}
      <div className={styles.tabBarSpacer} aria-hidden="true" />
    </>
  );
}
