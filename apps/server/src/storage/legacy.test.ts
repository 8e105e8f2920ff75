// Uploads an earlier version wrote under DATA_DIR: moved into the file store at start, after which
// another API process (its own DATA_DIR, the same database) shows and mails them.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, qualifications, storedFiles } from '../db/schema';
import { notifySales } from '../modules/leads/leads.service';
import type { Message, Notifier } from '../notify';
import { creditCode, newAccount } from '../test/account';
import { buildTestApp, type TestApp } from '../test/harness';
import { post } from '../test/identity';
import { importLegacyUploads, legacyFile } from './legacy';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ sharedWith: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(128, 9)]);
const PDF = Buffer.from('%PDF-1.4\n旧版本保存的资料\n');

function writeUnder(dataDir: string, relative: string, bytes: Buffer): string {
  const file = path.join(dataDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}

describe('legacy paths', () => {
  it('are found under this DATA_DIR from uploads/ on, and nothing outside it', () => {
    expect(legacyFile('/srv/data', 'uploads/licences/3/1700000000000.png')).toBe('/srv/data/uploads/licences/3/1700000000000.png');
    // Lead paths were absolute, under whatever DATA_DIR was then.
    expect(legacyFile('/srv/data', '/old/place/uploads/leads/9/1700000000000-报价.pdf')).toBe('/srv/data/uploads/leads/9/1700000000000-报价.pdf');
    expect(legacyFile('/srv/data', '/etc/passwd')).toBeNull();
    expect(legacyFile('/srv/data', 'uploads/../../etc/passwd')).toBeNull();
    expect(legacyFile('/srv/data', 'licence/3/abc.png')).toBeNull();
  });
});

describe('importing uploads written under DATA_DIR', () => {
  it('moves each file into the store, re-points its row, removes the disk copy, and another process then serves it', async () => {
    const owner = await newAccount(a, '10.91.0.1');
    const licenceRel = `uploads/licences/${owner.memberId}/1700000000000.png`;
    const licenceFile = writeUnder(a.config.dataDir, licenceRel, PNG);
    const [q] = await a.database.db
      .insert(qualifications)
      .values({
        memberId: owner.memberId,
        status: 'pending',
        companyName: '宁波旧执照示例有限公司',
        creditCode: creditCode(),
        legalPerson: '赵六',
        licencePath: licenceRel,
        licenceType: 'image/png',
      })
      .returning();

    const [lead] = await a.database.db
      .insert(leads)
      .values({ kind: 'document', phone: '13911112222', companyName: '旧资料示例公司', attachmentName: '报价需求.pdf' })
      .returning();
    const leadRel = `uploads/leads/${lead?.id}/1700000000000-报价需求.pdf`;
    const leadFile = writeUnder(a.config.dataDir, leadRel, PDF);
    const sentAt = new Date('2026-03-01T08:00:00Z');
    utimesSync(leadFile, sentAt, sentAt);
    // Stored absolute, under a DATA_DIR that has moved since.
    await a.database.db
      .update(leads)
      .set({ attachmentPath: `/var/lib/old-apimarket/${leadRel}` })
      .where(eq(leads.id, lead?.id ?? 0));

    // A row whose file this machine does not have (another's DATA_DIR, or lost) stays as it was.
    const other = await newAccount(a, '10.91.0.2');
    await a.database.db.insert(qualifications).values({
      memberId: other.memberId,
      status: 'rejected',
      companyName: '绍兴缺失文件示例有限公司',
      creditCode: creditCode(),
      legalPerson: '钱七',
      licencePath: `uploads/licences/${other.memberId}/1600000000000.jpg`,
      licenceType: 'image/jpeg',
    });

    // A lead whose document retention has deleted keeps its store key: that is no legacy path.
    await a.database.db
      .insert(leads)
      .values({ kind: 'document', phone: '13911113333', attachmentName: '旧.pdf', attachmentPath: 'lead-attachment/1/deleted.pdf' });

    // Before the move, the other process cannot show the licence: the bug of issue #16 §5.
    const view = (await post(b, 'myAccount/getCompanyQualification', {}, { cookies: owner.cookies })).json().data;
    expect((await b.app.inject({ method: 'GET', url: view.licenceUrl, cookies: owner.cookies })).statusCode).toBe(404);

    expect(await importLegacyUploads(a.database.db, a.files, a.config.dataDir, a.app.log)).toEqual({ moved: 2, missing: 1 });

    const [moved] = await a.database.db
      .select()
      .from(qualifications)
      .where(eq(qualifications.id, q?.id ?? 0));
    expect(moved?.licencePath).toBe(`licence/${owner.memberId}/legacy-${q?.id}.png`);
    expect(existsSync(licenceFile)).toBe(false);
    expect(existsSync(leadFile)).toBe(false);
    // The document keeps its age: retention counts from when it was sent, not from the move.
    const [doc] = await a.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, `lead-attachment/${lead?.id}/legacy.pdf`));
    expect(doc).toMatchObject({ kind: 'lead-attachment', ownerId: lead?.id, contentType: 'application/pdf', size: PDF.length, createdAt: sentAt });

    // Process B, with its own empty DATA_DIR, now shows the licence to its owner.
    const img = await b.app.inject({ method: 'GET', url: view.licenceUrl, cookies: owner.cookies });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload).toEqual(PNG);

    // And mails the lead's document with its bytes.
    const mails: Message[] = [];
    const notifier: Notifier = {
      send: async (m) => {
        mails.push(m);
        return { id: mails.length, status: 'sent' };
      },
    };
    expect(await notifySales({ db: b.database.db, notifier, salesEmail: b.config.sales.email, files: b.files }, lead?.id ?? 0)).toBe('sent');
    expect(mails[0]?.attachments).toEqual([{ filename: '报价需求.pdf', content: PDF, contentType: 'application/pdf' }]);

    // Running again (every start does) moves nothing twice.
    expect(await importLegacyUploads(a.database.db, a.files, a.config.dataDir, a.app.log)).toEqual({ moved: 0, missing: 1 });
  });
});
