// The catalogue editor's calls (consoleCatalogueApi, area `catalogue`: editor, admin): the
// list, one interface with its documentation and packages, and the four writes.
import { consoleCatalogueApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { routes } from '../../http/route';
import { catalogueCategories, catalogueInterface, listCatalogue, saveInterface, savePackage, setInterfaceStatus, setPackageStatus } from './catalogue.service';
import { refreshPublicPages, withPagesNote } from './content.service';

export async function catalogueRoutes(app: FastifyInstance, deps: { config: Config; db: Db }) {
  const route = routes(app, deps);
  const { config, db } = deps;
  // A change the public site shows (an interface on or off sale, its name, flags or prices)
  // asks the web to render the home, the catalogue and the interface's page afresh, as a
  // content publish does. Only a failure is worth a word to the editor: the pages then catch
  // up within five minutes.
  const refreshed = async (change: { changed: boolean }, msg: string, detail: string) => {
    if (!change.changed) return msg;
    const pages = await refreshPublicPages(config.web, app.log, { paths: ['/', '/api', detail], sections: [] });
    return pages === 'failed' ? withPagesNote(msg, pages) : msg;
  };

  route(consoleCatalogueApi.categories, async () => ok(await catalogueCategories(db)));

  route(consoleCatalogueApi.interfaces, async ({ input }) => {
    const { rows, total } = await listCatalogue(db, input);
    return list(rows, total);
  });

  route(consoleCatalogueApi.interface, async ({ input }) => ok(await catalogueInterface(db, input.id)));

  route(consoleCatalogueApi.saveInterface, async ({ caller, input }) => {
    const { change, msg } = await saveInterface(db, caller.actor, input);
    return ok(change, await refreshed(change, msg, `/api/${change.id}`));
  });

  route(consoleCatalogueApi.interfaceStatus, async ({ caller, input }) => {
    const { change, msg } = await setInterfaceStatus(db, caller.actor, input);
    return ok(change, await refreshed(change, msg, `/api/${change.id}`));
  });

  route(consoleCatalogueApi.savePackage, async ({ caller, input }) => {
    const { change, msg } = await savePackage(db, caller.actor, input);
    return ok(change, await refreshed(change, msg, `/api/${input.interfaceId}`));
  });

  route(consoleCatalogueApi.packageStatus, async ({ caller, input }) => {
    const { change, msg } = await setPackageStatus(db, caller.actor, input);
    // The answer names the package, not its interface: every interface page is marked instead.
    return ok(change, await refreshed(change, msg, '/api/[id]'));
  });
}
