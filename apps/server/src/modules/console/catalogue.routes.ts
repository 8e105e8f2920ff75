// The catalogue editor's calls, /apiHome/console/catalogue/… (area `catalogue`: editor, admin):
// the list, one interface with its documentation and packages, and the four writes.
import {
  CatalogueIdInput,
  CatalogueListQuery,
  InterfaceSaveInput,
  InterfaceStatusInput,
  PackageSaveInput,
  PackageStatusInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import {
  catalogueCategories,
  catalogueInterface,
  listCatalogue,
  saveInterface,
  savePackage,
  setInterfaceStatus,
  setPackageStatus,
} from './catalogue.service';
import { refreshPublicPages, withPagesNote } from './content.service';
import { requireOperator } from './guard';

export async function catalogueRoutes(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  // A change the public site shows (an interface on or off sale, its name, flags or prices)
  // asks the web to render the home, the catalogue and the interface's page afresh, as a
  // content publish does. Only a failure is worth a word to the editor: the pages then catch
  // up within five minutes.
  const refreshed = async (change: { changed: boolean }, msg: string, detail: string) => {
    if (!change.changed) return msg;
    const pages = await refreshPublicPages(config.web, app.log, { paths: ['/', '/api', detail], sections: [] });
    return pages === 'failed' ? withPagesNote(msg, pages) : msg;
  };
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  const guard = (request: FastifyRequest) => requireOperator(db, request, 'catalogue');

  app.post('/console/catalogue/categories', async (request) => {
    await guard(request);
    return ok(await catalogueCategories(db));
  });

  app.post('/console/catalogue/interfaces', async (request) => {
    await guard(request);
    const { rows, total } = await listCatalogue(db, parseInput(CatalogueListQuery, fields(request)));
    return list(rows, total);
  });

  app.post('/console/catalogue/interface', async (request) => {
    await guard(request);
    const { id } = parseInput(CatalogueIdInput, fields(request));
    return ok(await catalogueInterface(db, id));
  });

  app.post('/console/catalogue/saveInterface', async (request) => {
    const { actor } = await guard(request);
    const { change, msg } = await saveInterface(db, actor, parseInput(InterfaceSaveInput, fields(request)));
    return ok(change, await refreshed(change, msg, `/api/${change.id}`));
  });

  app.post('/console/catalogue/interfaceStatus', async (request) => {
    const { actor } = await guard(request);
    const { change, msg } = await setInterfaceStatus(db, actor, parseInput(InterfaceStatusInput, fields(request)));
    return ok(change, await refreshed(change, msg, `/api/${change.id}`));
  });

  app.post('/console/catalogue/savePackage', async (request) => {
    const { actor } = await guard(request);
    const input = parseInput(PackageSaveInput, fields(request));
    const { change, msg } = await savePackage(db, actor, input);
    return ok(change, await refreshed(change, msg, `/api/${input.interfaceId}`));
  });

  app.post('/console/catalogue/packageStatus', async (request) => {
    const { actor } = await guard(request);
    const { change, msg } = await setPackageStatus(db, actor, parseInput(PackageStatusInput, fields(request)));
    // The answer names the package, not its interface: every interface page is marked instead.
    return ok(change, await refreshed(change, msg, '/api/[id]'));
  });
}
