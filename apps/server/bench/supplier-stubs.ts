// The suppliers of the supplier benchmark (bench/suppliers.ts), in a process of their own so their
// timers do not share the gateway's event loop: a primary and a secondary stub, each answering
// with the latency asked and echoing its own wait, told what to do next over IPC.
import { type StubMode, startSupplierStub } from '../src/test/supplier-stub';

const latency = { medianMs: Number(process.env.STUB_MEDIAN_MS ?? 80), p99Ms: Number(process.env.STUB_P99_MS ?? 400) };
const answer = (by: string) => () => ({ code: '10000', message: '成功', data: { result: '1', description: '姓名与身份证号一致', by } });
const primary = await startSupplierStub({ mode: { latency }, seed: 11, echoWait: true, answer: answer('primary') });
const secondary = await startSupplierStub({ mode: { latency }, seed: 12, echoWait: true, answer: answer('secondary') });
const stubs = { primary, secondary };

process.on('message', (m: { which: 'primary' | 'secondary'; mode: StubMode }) => {
  stubs[m.which].setMode(m.mode);
  process.send?.({ ack: m.which, at: Date.now() });
});
process.on('disconnect', () => {
  void Promise.all([primary.close(), secondary.close()]).then(() => process.exit(0));
});
process.send?.({ primary: primary.url, secondary: secondary.url });
