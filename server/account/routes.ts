import type { FastifyPluginAsync } from 'fastify';
import { toEuros } from '../../src/domain';
import { requireUser } from '../http/auth';
import { defineRoute } from '../http/contract';
import { accountOrderDto, orderHeadDto } from '../orders/order-dto';
import type { Services } from '../services';

/** A logged-in customer's saved addresses, order history and a placed order (the confirmation page). */
export const accountRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { account, catalog, schedule } = services;

  defineRoute(app, 'listAddresses', { access: 'user' }, async (request) => {
    const user = await requireUser(request);
    const rows = await account.addresses(user.id);
    return {
      addresses: rows.map((a) => ({
        id: a.id,
        name: a.name,
        zone_id: a.zone_id,
        zone_name: a.zone_name,
        address: a.address,
        telephone: a.telephone,
        delivery: a.delivery,
      })),
    };
  });

  defineRoute(app, 'deleteAddress', { access: 'user' }, async (request) => {
    await account.deleteAddress((await requireUser(request)).id, request.params.id);
    return { message: 'Indirizzo eliminato.' };
  });

  defineRoute(app, 'listAccountOrders', { access: 'user' }, async (request) => {
    const [orders, menu] = await Promise.all([account.orders((await requireUser(request)).id), catalog.snapshot()]);
    const today = schedule.today().date;
    return { orders: { data: orders.map((order) => accountOrderDto(order, menu, today)) } };
  });

  defineRoute(app, 'createAccountOrderTracking', { access: 'user' }, async (request) => ({
    tracking_url: await account.trackingPath((await requireUser(request)).id, request.params.id),
  }));

  defineRoute(app, 'getAccountOrder', { access: 'user' }, async (request) => {
    const order = await account.order((await requireUser(request)).id, request.params.id);
    return {
      order: {
        ...orderHeadDto(order),
        address: order.address,
        zone_name: order.zone_name,
        payment_type: order.payment_type,
        total_price: toEuros(order.total_price_cents),
        delivery_fee: toEuros(order.delivery_fee_cents),
        allergy_note: order.allergy_note,
      },
    };
  });
};
