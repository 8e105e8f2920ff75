// The default layout's footer (spec 01 §2.6): about blurb, national hotline, the eight offices,
// compliance promises and the record line. The API lists and link columns join it with the
// catalogue and content capabilities.
import { company } from '../../content/company';
import { Logo } from './Logo';
import styles from './SiteFooter.module.css';

export function SiteFooter({ icpRecord }: { icpRecord: string }) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.top}`}>
        <section className={styles.about} aria-labelledby="footer-about">
          <Logo inverse />
          <h2 id="footer-about" className="visually-hidden">
            关于我们
          </h2>
          <p className={styles.blurb}>{company.about}</p>
          <ul className={styles.badges}>
            {company.compliance.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
        <section className={styles.offices} aria-labelledby="footer-offices">
          <h2 id="footer-offices" className={styles.heading}>
            运营中心
          </h2>
          <ul className={styles.cities}>
            {company.offices.map((city) => (
              <li key={city}>{city}</li>
            ))}
          </ul>
        </section>
        <section className={styles.hotline} aria-labelledby="footer-hotline">
          <h2 id="footer-hotline" className={styles.heading}>
            {company.hotlineLabel}
          </h2>
          <a className={styles.hotlineNumber} href={`tel:${company.hotline.replaceAll('-', '')}`}>
            {company.hotline}
          </a>
          <p className={styles.hours}>{company.serviceHours}</p>
        </section>
      </div>
      <div className={styles.bottom}>
        <div className={`container ${styles.bottomInner}`}>
          <span>{company.copyright}</span>
          {icpRecord ? (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {icpRecord}
            </a>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
