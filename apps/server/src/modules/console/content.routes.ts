// The console's content editors under /apiHome/console/content/<kind>/… (area `content`: editors
// and admins; declared per kind in contracts, consoleNewsApi…): list, detail, save, publish and
// unpublish. A change that the public sees asks the web to refresh the pages showing it, after
// the change is committed.
import {
  type CallSpec,
  CONTENT_MSG,
  type ContentChange,
  type ContentIdInput,
  type ContentKind,
  type ContentListQuery,
  consoleBannersApi,
  consoleCasesApi,
  consoleContentApi,
  consoleKnowledgeApi,
  consoleNewsApi,
  consolePoliciesApi,
  pagesShowing,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { list, ok } from '../../http/envelope';
import { routes } from '../../http/route';
import type { ConsoleDeps } from './console.routes';
import { CONTENT_EDITORS, type ContentEditor, knowledgeTypesInUse, type PagesOutcome, refreshPublicPages, withPagesNote } from './content.service';

type ContentAccess = { operator: 'content' };
type Changes = { data: typeof ContentChange };

/** The five calls of one kind; `S` is its save rule. */
interface KindCalls<S extends z.ZodType> {
  list: CallSpec<typeof ContentListQuery, { rows: z.ZodType }, ContentAccess>;
  detail: CallSpec<typeof ContentIdInput, { data: z.ZodType }, ContentAccess>;
  save: CallSpec<S, Changes, ContentAccess>;
  publish: CallSpec<typeof ContentIdInput, Changes, ContentAccess>;
  unpublish: CallSpec<typeof ContentIdInput, Changes, ContentAccess>;
}

export async function contentConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const route = routes(app, deps);
  const { config, db } = deps;

  function kindRoutes<S extends z.ZodType>(kind: ContentKind, calls: KindCalls<S>, editor: ContentEditor<z.output<S>>) {
    const refresh = (request: FastifyRequest, id: number): Promise<PagesOutcome> => refreshPublicPages(config.web, request.log, pagesShowing(kind, id));

    route(calls.list, async ({ input }) => {
      const { rows, total } = await editor.list(db, input);
      return list(rows, total);
    });

    route(calls.detail, async ({ input }) => ok(await editor.detail(db, input.id)));

    route(calls.save, async ({ caller, input, request }) => {
      const saved = await editor.save(db, caller.actor, input);
      // Only an edit of what the public already sees changes a public page; a draft changes none.
      const pages = saved.changed && saved.status === 'published' ? await refresh(request, saved.id) : null;
      const change: ContentChange = { id: saved.id, status: saved.status, updatedAt: saved.updatedAt?.toISOString(), pages };
      const msg = saved.created ? CONTENT_MSG.created : saved.changed ? CONTENT_MSG.saved : CONTENT_MSG.unchanged;
      return ok(change, withPagesNote(msg, pages));
    });

    for (const status of ['published', 'draft'] as const) {
      route(status === 'published' ? calls.publish : calls.unpublish, async ({ caller, input, request }) => {
        const { id } = input;
        const moved = await editor.setStatus(db, caller.actor, id, status);
        const pages = moved.changed ? await refresh(request, id) : null;
        const change: ContentChange = { id, status: moved.status, updatedAt: moved.updatedAt?.toISOString(), pages };
        if (!moved.changed) return ok(change, status === 'published' ? CONTENT_MSG.alreadyPublished : CONTENT_MSG.alreadyDraft);
        return ok(change, withPagesNote(status === 'published' ? CONTENT_MSG.published : CONTENT_MSG.unpublished, pages));
      });
    }
  }

  kindRoutes('news', consoleNewsApi, CONTENT_EDITORS.news);
  kindRoutes('cases', consoleCasesApi, CONTENT_EDITORS.cases);
  kindRoutes('policies', consolePoliciesApi, CONTENT_EDITORS.policies);
  kindRoutes('knowledge', consoleKnowledgeApi, CONTENT_EDITORS.knowledge);
  kindRoutes('banners', consoleBannersApi, CONTENT_EDITORS.banners);

  route(consoleContentApi.knowledgeTypes, async () => ok(await knowledgeTypesInUse(db)));
}
