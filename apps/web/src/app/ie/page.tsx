// /ie (spec 01 §2.1, §2.3): the notice for browsers the site cannot serve. Plain server-rendered
// HTML and CSS, no script: it has to read well in Internet Explorer itself.
import type { Metadata } from 'next';
import { company } from '@/content/company';
import styles from './ie.module.css';

export const metadata: Metadata = { title: '请升级浏览器', robots: { index: false } };

const BROWSERS = [
  { name: 'Microsoft Edge', href: 'https://www.microsoft.com/zh-cn/edge', note: 'Windows 10/11 自带' },
  { name: 'Google Chrome', href: 'https://www.google.cn/chrome/', note: '推荐' },
  { name: 'Mozilla Firefox', href: 'https://www.firefox.com.cn/', note: '' },
];

export default function OldBrowserPage() {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>{company.brand}</p>
        <h1 className={styles.title}>您正在使用的浏览器版本过低</h1>
        <p className={styles.text}>为了您的账号与数据安全，并获得完整的浏览体验，{company.brand}需要较新版本的浏览器。请使用以下任一浏览器访问：</p>
        <ul className={styles.browsers}>
          {BROWSERS.map((b) => (
            <li key={b.name}>
              <a href={b.href} target="_blank" rel="noreferrer">
                {b.name}
              </a>
              {b.note ? <span>（{b.note}）</span> : null}
            </li>
          ))}
        </ul>
        <h2 className={styles.subtitle}>使用 360、QQ、搜狗等双核浏览器？</h2>
        <p className={styles.text}>请切换到「极速模式」：点击地址栏右侧的闪电或“e”图标，选择“极速模式”，然后刷新本页面即可正常访问。</p>
        <p className={styles.help}>
          如需帮助，请拨打{company.hotlineLabel} {company.hotline}（{company.serviceHours}）。
        </p>
      </div>
    </main>
  );
}
