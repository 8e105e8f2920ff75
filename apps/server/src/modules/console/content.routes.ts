// The console's content editors under /apiHome/console/content/<kind>/… (area `content`: editors
// and admins): list, detail, save, publish and unpublish for each kind. A change that the public
// sees asks the web to refresh the pages showing it, after the change is committed.
import { CONTENT_KINDS, CONTENT_MSG, ContentIdInput, ContentListQuery, type ContentChange, pagesShowing } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import type { ConsoleDeps } from './console.routes';
import { CONTENT_EDITORS, knowledgeTypesInUse, type PagesOutcome, refreshPublicPages, withPagesNote } from './content.service';
import { requireOperator } from './guard';

export async function contentConsoleRoutes(app: FastifyInstance, { config, db }: ConsoleDeps) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  for (const kind of CONTENT_KINDS) {
    const editor = CONTENT_EDITORS[kind];
    const base = `/console/content/${kind}`;
    const refresh = (request: FastifyRequest, id: number): Promise<PagesOutcome> => refreshPublicPages(config.web, request.log, pagesShowing(kind, id));

    app.post(`${base}/list`, async (request) => {
      await requireOperator(db, request, 'content');
      const { rows, total } = await editor.list(db, parseInput(ContentListQuery, fields(request)));
      return list(rows, total);
    });

    app.post(`${base}/detail`, async (request) => {
      await requireOperator(db, request, 'content');
      const { id } = parseInput(ContentIdInput, fields(request));
      return ok(await editor.detail(db, id));
    });

    app.post(`${base}/save`, async (request) => {
      const { actor } = await requireOperator(db, request, 'content');
      const saved = await editor.save(db, actor, fields(request));
      // Only an edit of what the public already sees changes a public page; a draft changes none.
      const pages = saved.changed && saved.status === 'published' ? await refresh(request, saved.id) : null;
      const change: ContentChange = { id: saved.id, status: saved.status, updatedAt: saved.updatedAt?.toISOString(), pages };
      const msg = saved.created ? CONTENT_MSG.created : saved.changed ? CONTENT_MSG.saved : CONTENT_MSG.unchanged;
      return ok(change, withPagesNote(msg, pages));
    });

    for (const status of ['published', 'draft'] as const) {
      app.post(`${base}/${status === 'published' ? 'publish' : 'unpublish'}`, async (request) => {
        const { actor } = await requireOperator(db, request, 'content');
        const { id } = parseInput(ContentIdInput, fields(request));
        const moved = await editor.setStatus(db, actor, id, status);
        const pages = moved.changed ? await refresh(request, id) : null;
        const change: ContentChange = { id, status: moved.status, updatedAt: moved.updatedAt?.toISOString(), pages };
        if (!moved.changed) return ok(change, status === 'published' ? CONTENT_MSG.alreadyPublished : CONTENT_MSG.alreadyDraft);
        return ok(change, withPagesNote(status === 'published' ? CONTENT_MSG.published : CONTENT_MSG.unpublished, pages));
      });
    }
  }

  app.post('/console/content/knowledge/types', async (request) => {
    await requireOperator(db, request, 'content');
    return ok(await knowledgeTypesInUse(db));
  });
}
