// /apiTest?id={interfaceId} (spec 01 §2.1): the public test console of one interface. The page
// (its form with the documentation's sample input, and the sample answer) is rendered on the
// server for everyone; who is looking, and what they may call, is asked from the browser
// (TrialConsole). No id: the list of trial interfaces; an unknown one: the site's 404.
import { catalogApi, type InterfaceDetail, paramLabel, parseId, sampleAnswer } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { buyHref, isIntercepted } from '@/components/trial/trial-console';
import { TrialConsole } from '@/components/trial/TrialConsole';
import { serverCallDetail } from '@/lib/api/server';
import styles from './api-test.module.css';

type Query = { id?: string | string[] };

async function load(searchParams: Promise<Query>): Promise<InterfaceDetail> {
  const raw = (await searchParams).id;
  if (raw === undefined) redirect('/testOnline');
  const id = parseId(Array.isArray(raw) ? raw[0] : raw);
  if (id === null) notFound();
  return serverCallDetail(catalogApi.detail, { id }, { ttl: 300 });
}

export async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }): Promise<Metadata> {
  const d = await load(searchParams);
  return {
    title: `${d.interfaceName}在线测试 - ${d.categoryName}`,
    description: `${d.interfaceName}在线测试：填入参数即可真实调用接口、查看返回结果。${d.summary}`,
    // A console, not a document: the interface's documentation (/api/{id}) is the page to index.
    robots: { index: false, follow: true },
  };
}

export default async function ApiTestPage({ searchParams }: { searchParams: Promise<Query> }) {
  const d = await load(searchParams);
  const params = d.params.map((p) => ({ ...p, label: paramLabel(p) }));
  return (
    <div className={`container ${styles.page}`}>
      <nav className={styles.crumbs} aria-label="面包屑">
        <Link href="/">首页</Link>
        <span>/</span>
        <Link href="/testOnline">在线试用</Link>
        <span>/</span>
        <span aria-current="page">{d.interfaceName}</span>
      </nav>
      <header className={styles.head}>
        <div className={styles.titleRow}>
          <h1>{d.interfaceName}</h1>
          <span className={styles.tag}>在线测试</span>
          {d.trialCalls > 0 ? <span className={styles.trialTag}>免费试用 {d.trialCalls} 次</span> : null}
        </div>
        <p className={styles.summary}>{d.summary}</p>
        <dl className={styles.facts}>
          <div>
            <dt>接口地址</dt>
            <dd>
              <code>POST {d.path}</code>
            </dd>
          </div>
          <div>
            <dt>所属分类</dt>
            <dd>
              <Link href={`/api?type=${d.categoryId}`}>{d.categoryName}</Link>
            </dd>
          </div>
          <div>
            <dt>接口文档</dt>
            <dd>
              <Link href={buyHref(d.id)}>查看文档与价格</Link>
            </dd>
          </div>
        </dl>
      </header>
      <TrialConsole
        interfaceId={d.id}
        interfaceName={d.interfaceName}
        trialCalls={d.trialCalls}
        params={params}
        sampleRequest={d.sampleRequest}
        sample={sampleAnswer(d.sampleResponse)}
        intercepted={isIntercepted(d.id)}
      />
    </div>
  );
}
