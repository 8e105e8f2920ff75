// The load of the supplier benchmark (bench/suppliers.ts), in a process of its own: N calls in
// flight for S seconds against one gateway URL, each call's start, total time as this client saw
// it, the supplier's own wait (echoed in the answer), who answered, the code and the seqNo —
// sent back over IPC as columns.
import { Agent, request } from 'undici';

const [url = '', body = '', inflightText = '200', secondsText = '15'] = process.argv.slice(2);
const inflight = Number(inflightText);
const seconds = Number(secondsText);
const agent = new Agent({ connections: inflight, keepAliveTimeout: 30_000 });
const started = Date.now();
const until = started + seconds * 1000;
const out = { started, at: [] as number[], total: [] as number[], wait: [] as number[], by: [] as string[], code: [] as string[], seqNo: [] as string[] };

async function worker(): Promise<void> {
  while (Date.now() < until) {
    const t0 = performance.now();
    const at = Date.now() - started;
    try {
      const res = await request(url, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      const answer = (await res.body.json()) as { code: string; seqNo: string; data?: { waitMs?: number; by?: string } | null };
      out.at.push(at);
      out.total.push(performance.now() - t0);
      out.wait.push(answer.data?.waitMs ?? Number.NaN);
      out.by.push(answer.data?.by ?? '');
      out.code.push(answer.code);
      out.seqNo.push(answer.seqNo);
    } catch {
      out.at.push(at);
      out.total.push(performance.now() - t0);
      out.wait.push(Number.NaN);
      out.by.push('');
      out.code.push('CLIENT_ERROR');
      out.seqNo.push('');
    }
  }
}

await Promise.all(Array.from({ length: inflight }, worker));
await agent.close();
process.send?.(out, () => process.exit(0));
