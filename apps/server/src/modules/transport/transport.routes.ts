// 车辆运力 (spec 02 §7 "Transport"; issue #22), declared in contracts' transportApi. Thin: the
// declaration admits an authenticated company and parses; the services do the rest. Three lists
// answer an xlsx when export=1 asks (and the vehicle list its import template on template=1).
import path from 'node:path';
import { COOKIE, chinaDay, TRANSPORT_LIMITS, TRANSPORT_MSG, transportApi } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { sendXlsx } from '../../http/download';
import { list, ok } from '../../http/envelope';
import { AppError, Invalid } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { type RouteDeps, routes } from '../../http/route';
import { createNotifier, type Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';
import { deleteFence, exportEvents, listEvents, listFences, saveFence, updateFence } from './fences.service';
import {
  cancelSubscription,
  exportSubscriptions,
  listSubscriptions,
  queryVehicle,
  queryVehicleHistory,
  type SheetUpload,
  subscribe,
  subscribeTemplate,
  updateSubscription,
  vehicleInterfaces,
  vehiclePositions,
} from './subscriptions.service';
import { checkFences, noCheck, shareTrack, sharedTrack, trackSheet, vehicleTrack } from './tracks.service';

const today = () => chinaDay().replaceAll('-', '');

export async function transportRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; gateway: GatewayDeps; notifier?: Notifier }) {
  const route = routes(app, deps);
  const { db, config, gateway } = deps;
  // Fence alerts leave through the outbox like every notice (app.ts may hand its notifier in).
  const notifier = deps.notifier ?? createNotifier(config, db);
  const calls = (ip: string) => ({ db, gateway, ip });
  const tracks = (ip: string) => ({ db, gateway, ip, notifier });

  route(transportApi.interfaces, async ({ caller }) => ok(await vehicleInterfaces(db, caller)));

  // ── Subscriptions ──────────────────────────────────────────────────────────────────────────
  route(transportApi.subscriptions, async ({ caller, input, reply }) => {
    if (input.template) return sendXlsx(reply, await subscribeTemplate(), 'vehicle-template.xlsx', '批量订阅车辆模板.xlsx');
    if (input.export) return sendXlsx(reply, await exportSubscriptions(db, caller, input), 'vehicles.xlsx', `订阅车辆-${today()}.xlsx`);
    const page = await listSubscriptions(db, caller, input);
    return list(page.rows, page.total);
  });

  // Multipart: the period and one vehicle's fields, or a sheet of vehicles (file).
  route(transportApi.subscribe, async ({ caller, request }) => {
    const { fields, sheet } = await readSubscribeBody(request);
    const input = parseInput(transportApi.subscribe.input, fields);
    const result = await subscribe(calls(request.ip), caller, input, sheet);
    const msg = result.subscribed.length > 0 ? `已订阅 ${result.subscribed.length} 辆车` : '没有车辆订阅成功';
    return ok(result, msg);
  });

  route(transportApi.update, async ({ caller, input }) => ok(await updateSubscription(db, caller, input), '订阅已修改'));
  route(transportApi.cancel, async ({ caller, input, request }) => {
    sameSiteOnly(request);
    return ok(await cancelSubscription(db, caller, input), '已取消订阅');
  });
  route(transportApi.query, async ({ caller, input, request }) => ok(await queryVehicle(calls(request.ip), caller, input)));
  route(transportApi.queryHistory, async ({ caller, input }) => {
    const page = await queryVehicleHistory(db, caller, input);
    return list(page.rows, page.total);
  });
  route(transportApi.positions, async ({ caller, input, request }) => {
    const page = await vehiclePositions(calls(request.ip), caller, input);
    return list(page.rows, page.total);
  });

  // ── Tracks ─────────────────────────────────────────────────────────────────────────────────
  route(transportApi.trajectory, async ({ caller, input, request, reply }) => {
    const track = await vehicleTrack(tracks(request.ip), caller, input);
    if (input.export) return sendXlsx(reply, await trackSheet(track), 'trajectory.xlsx', `车辆轨迹-${track.plateNumber}-${today()}.xlsx`);
    return ok(track);
  });
  route(transportApi.shareTrajectory, async ({ caller, input, request }) => ok(await shareTrack(tracks(request.ip), caller, input)));
  route(transportApi.sharedTrajectory, async ({ input }) => ok(await sharedTrack(db, input)));

  // ── Fences ─────────────────────────────────────────────────────────────────────────────────
  route(transportApi.fences, async ({ caller, input }) => {
    const page = await listFences(db, caller, input);
    return list(page.rows, page.total);
  });
  route(transportApi.saveFence, async ({ caller, input }) => ok(await saveFence(db, caller, input), '围栏已保存'));
  route(transportApi.updateFence, async ({ caller, input }) => ok(await updateFence(db, caller, input), '围栏已修改'));
  route(transportApi.deleteFence, async ({ caller, input }) => {
    await deleteFence(db, caller, input);
    return ok(null, '围栏已删除');
  });
  route(transportApi.fenceEvents, async ({ caller, input, request, reply }) => {
    const check = input.check ? await checkFences(tracks(request.ip), caller, input) : noCheck();
    if (input.export) return sendXlsx(reply, await exportEvents(db, caller, input), 'fence-events.xlsx', `围栏进出记录-${today()}.xlsx`);
    const page = await listEvents(db, caller, input);
    return { ...list(page.rows, page.total), check };
  });
}

/**
 * The spec has cancelSubscribe as a GET, and the wire's CSRF rule passes GETs: but this one
 * changes something, and a link on another site opened by a signed-in customer carries the
 * session cookie (SameSite=Lax sends it on a top-level GET) and can carry a valid sign (its
 * secret is the web's, public). A browser says where a request comes from (Fetch Metadata,
 * Sec-Fetch-Site): a cookie-authenticated cancel from another site is refused unless it shows it
 * came from our pages as a write must (X-Requested-With, which our client sends on every call,
 * and which another site cannot add without CORS). Clients that send no Sec-Fetch-Site (API
 * clients, browsers from before 2023) are let through as the wire lets their GETs through.
 */
function sameSiteOnly(request: FastifyRequest): void {
  if (!request.cookies[COOKIE.token]) return;
  if (request.headers['x-requested-with'] === 'XMLHttpRequest') return;
  const site = request.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return;
  throw new AppError('ALL_0009');
}

const SHEET_TYPES = ['xlsx', 'csv'];

/** The subscribe form's fields, and its sheet when one was sent (checked by type and size). */
async function readSubscribeBody(request: FastifyRequest): Promise<{ fields: Record<string, string>; sheet: SheetUpload | null }> {
  if (!request.isMultipart()) throw new AppError('ALL_0007');
  const fields: Record<string, string> = {};
  let sheet: SheetUpload | null = null;
  for await (const part of request.parts({ limits: { fileSize: TRANSPORT_LIMITS.sheetBytes } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const extension = path.extname(path.basename(part.filename)).slice(1).toLowerCase();
    if (!SHEET_TYPES.includes(extension)) {
      part.file.resume();
      throw new Invalid(TRANSPORT_MSG.sheetType);
    }
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch {
      throw new AppError('ALL_0006', TRANSPORT_MSG.sheetTooLarge);
    }
    if (content.length > 0) sheet = { extension, content };
  }
  return { fields, sheet };
}
