// Online payment routes (issue #19): the member's calls and the providers' notifications.
// Notifications are unsigned public calls — the provider's own signature is what is checked,
// over the body exactly as it arrived, so JSON bodies are kept as text here.
import { type PaymentProviderName, PAYMENT_MSG, paymentsApi } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { type RouteDeps, routes } from '../../http/route';
import { isLoopback } from '../dev/dev.routes';
import { createOrderPayment, createRechargePayment, paymentMethods, paymentStatus, receiveNotification, simulatePaid } from './payments.service';
import { paymentProviders } from './providers';

const rawBodies = new WeakMap<FastifyRequest, string>();

export async function paymentsRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config }) {
  const { db, config } = deps;
  const providers = paymentProviders(config.payments);
  const route = routes(app, deps);

  route(paymentsApi.methods, async () => ok(paymentMethods(providers, config.devTools)));
  route(paymentsApi.recharge, async ({ caller, input }) => ok(await createRechargePayment(db, providers, caller, input), PAYMENT_MSG.created));
  route(paymentsApi.order, async ({ caller, input }) => ok(await createOrderPayment(db, providers, caller, input), PAYMENT_MSG.created));
  route(paymentsApi.status, async ({ caller, input }) => ok(await paymentStatus(db, caller, input.paymentNo)));

  await app.register(async (notify) => {
    // WeChat Pay signs the JSON body's bytes: keep them, and parse for the fields beside.
    notify.removeContentTypeParser('application/json');
    notify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      rawBodies.set(request, text);
      try {
        done(null, text === '' ? {} : JSON.parse(text));
      } catch {
        done(new AppError('ALL_0014'), undefined);
      }
    });
    routes(notify, deps)(paymentsApi.notify, async ({ request, reply, input }) => {
      const fields = request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const answer = await receiveNotification(
        db,
        providers,
        input.provider as PaymentProviderName,
        { headers: request.headers, rawBody: rawBodies.get(request) ?? '', fields },
        request.log,
      );
      return reply.code(answer.status).type(answer.type).send(answer.body);
    });
  });

  if (config.devTools) {
    await app.register(async (dev) => {
      // Like every dev tool: this machine's clients only, unless DEV_TOOLS_REMOTE=1.
      dev.addHook('onRequest', async (request) => {
        if (!config.devToolsRemote && !isLoopback(request.ip)) throw new AppError('ALL_0008');
      });
      routes(dev, deps)(paymentsApi.simulatePaid, async ({ request, input }) =>
        ok(await simulatePaid(db, providers, input.paymentNo, request.log), PAYMENT_MSG.simulated),
      );
    });
  }
}
