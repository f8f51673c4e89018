import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../http/auth';
import { defineRoute } from '../http/contract';
import type { Services } from '../services';
import { ADDITIONS_CATEGORY_ID, IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '../../src/domain';
import { StaleRecord } from './changes';
import type { AdminMenuService } from './menu.service';
import {
  bulkPriceDto,
  categoryDto,
  codeDto,
  doughDto,
  newsDto,
  onlineOrderingDto,
  productDto,
  specialDayDto,
  staffDto,
  textsDto,
  weeklyHoursDto,
  zoneDto,
} from './wire';

/**
 * A change refused as stale answers 409 with the record as it is now: the service gives it as it knows
 * it, the route in the wire's shape.
 */
const answersStale =
  <T>(toWire: (current: T) => object) =>
  async <R>(change: Promise<R>): Promise<R> =>
    change.catch((error: unknown) => {
      throw error instanceof StaleRecord ? new StaleRecord(toWire(error.current as T)) : error;
    });

const staleProduct = answersStale(productDto);
const staleCategory = answersStale(categoryDto);
const staleDough = answersStale(doughDto);
const staleZone = answersStale(zoneDto);

/** The staff member a change is recorded under. */
const editorOf = async (request: Parameters<typeof requireUser>[0]) => {
  const user = await requireUser(request);
  return { id: user.id, name: user.name };
};

const soldOutDto = async (menu: AdminMenuService, message?: string) => {
  const { date, items } = await menu.soldOutList();
  return {
    ...(message ? { message } : {}),
    date,
    items: items.map((p) => ({
      id: p.id,
      version: p.version,
      name: p.name,
      category_id: p.categoryId,
      category_name: p.categoryName,
      sold_out: p.soldOut,
      is_addition: p.categoryId === ADDITIONS_CATEGORY_ID,
    })),
  };
};

/**
 * The back office under /api/v1/admin (admin only). Each change goes through `services.admin.change`
 * (server/admin/changes.ts): versioned, audited, one transaction, catalogue cache dropped.
 */
export const adminRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const {
    adminMenu,
    audit,
    bulkPrice,
    specialDays,
    discountCodes,
    hours,
    texts,
    news,
    staff,
    zones,
    categories,
    doughs,
    productImages,
    printers,
  } = services;

  defineRoute(app, 'getAdminMenu', { access: 'admin' }, async () => {
    const [products, categoryList, doughList] = await Promise.all([adminMenu.allProducts(), categories.list(), doughs.list()]);
    return {
      categories: categoryList.map(categoryDto),
      doughs: doughList.map(doughDto),
      products: products.map(productDto),
    };
  });

  defineRoute(app, 'getAdminProduct', { access: 'admin' }, async (request) => ({
    product: productDto(await adminMenu.product(request.params.id)),
  }));

  defineRoute(app, 'createAdminProduct', { access: 'admin' }, async (request, reply) => {
    const product = await adminMenu.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: 'Prodotto aggiunto.', product: productDto(product) };
  });

  defineRoute(app, 'updateAdminProduct', { access: 'admin' }, async (request) => {
    const product = await staleProduct(adminMenu.update(await editorOf(request), request.params.id, request.body));
    return { message: 'Modifiche salvate.', product: productDto(product) };
  });

  defineRoute(app, 'removeAdminProduct', { access: 'admin' }, async (request) => {
    const { archived } = await staleProduct(adminMenu.remove(await editorOf(request), request.params.id, request.query.version));
    return { archived, message: archived ? 'Il prodotto è stato ordinato in passato: è stato archiviato.' : 'Prodotto eliminato.' };
  });

  // The one route that reads raw bytes, in a scope of its own: whatever type the upload declares reaches
  // the content check (up to 5 MB), which alone decides; every other route keeps JSON only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    defineRoute(
      scope,
      'uploadAdminImage',
      { access: 'admin', bodyLimit: IMAGE_MAX_BYTES, tooLargeMessage: IMAGE_TOO_LARGE },
      async (request, reply) => {
        const image = await productImages.store(request.body, request.headers['content-type']);
        reply.status(201);
        return { message: 'Immagine caricata.', image_url: image.cardUrl, large_url: image.largeUrl };
      },
    );
  });

  defineRoute(app, 'previewBulkPrice', { access: 'admin' }, async (request) => ({
    items: (await bulkPrice.preview(request.body)).map(bulkPriceDto),
  }));

  defineRoute(app, 'applyBulkPrice', { access: 'admin' }, async (request) => {
    const lines = await bulkPrice.apply(await editorOf(request), request.body);
    return { message: `Prezzi aggiornati: ${lines.length} prodotti.`, items: lines.map(bulkPriceDto) };
  });

  defineRoute(app, 'listSoldOut', { access: 'admin' }, async () => soldOutDto(adminMenu));

  defineRoute(app, 'setSoldOut', { access: 'admin' }, async (request) => {
    const { sold_out: soldOut, version } = request.body;
    await staleProduct(adminMenu.setSoldOut(await editorOf(request), request.params.id, soldOut, version));
    return soldOutDto(adminMenu, soldOut ? 'Segnato come esaurito per oggi.' : 'Di nuovo disponibile.');
  });

  defineRoute(app, 'listSpecialDays', { access: 'admin' }, async () => ({
    items: (await specialDays.list()).map(specialDayDto),
  }));

  defineRoute(app, 'createSpecialDay', { access: 'admin' }, async (request, reply) => {
    const day = await specialDays.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: day.closed ? 'Giorno di chiusura salvato.' : 'Orario speciale salvato.', special_day: specialDayDto(day) };
  });

  defineRoute(app, 'removeSpecialDay', { access: 'admin' }, async (request) => {
    await answersStale(specialDayDto)(specialDays.remove(await editorOf(request), request.params.id, request.query.version));
    return { message: 'Giorno speciale rimosso: valgono gli orari della settimana.' };
  });

  defineRoute(app, 'getAdminHours', { access: 'admin' }, async () => ({
    hours: weeklyHoursDto(await hours.weekly()),
    online_ordering: onlineOrderingDto(await hours.onlineOrdering()),
  }));

  defineRoute(app, 'updateAdminHours', { access: 'admin' }, async (request) => ({
    message: 'Orari salvati.',
    hours: weeklyHoursDto(await answersStale(weeklyHoursDto)(hours.updateWeekly(await editorOf(request), request.body))),
  }));

  defineRoute(app, 'setOnlineOrdering', { access: 'admin' }, async (request) => {
    const state = await answersStale(onlineOrderingDto)(hours.setOnlineOrdering(await editorOf(request), request.body));
    const message = !state.closed
      ? 'Ordini online aperti.'
      : state.until
        ? 'Ordini online chiusi fino a domani.'
        : 'Ordini online chiusi fino a quando li riapri.';
    return { message, online_ordering: onlineOrderingDto(state) };
  });

  defineRoute(app, 'getAdminTexts', { access: 'admin' }, async () => ({ texts: textsDto(await texts.get()) }));

  defineRoute(app, 'updateAdminTexts', { access: 'admin' }, async (request) => ({
    message: 'Testi salvati.',
    texts: textsDto(await answersStale(textsDto)(texts.update(await editorOf(request), request.body))),
  }));

  defineRoute(app, 'listNewsPosts', { access: 'admin' }, async () => ({ items: (await news.list()).map(newsDto) }));

  defineRoute(app, 'getNewsPost', { access: 'admin' }, async (request) => ({ post: newsDto(await news.get(request.params.id)) }));

  defineRoute(app, 'createNewsPost', { access: 'admin' }, async (request, reply) => {
    const post = await news.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: post.published ? 'Notizia pubblicata.' : 'Bozza salvata.', post: newsDto(post) };
  });

  defineRoute(app, 'updateNewsPost', { access: 'admin' }, async (request) => {
    const post = await answersStale(newsDto)(news.update(await editorOf(request), request.params.id, request.body));
    return { message: post.published ? 'Notizia pubblicata.' : 'Bozza salvata.', post: newsDto(post) };
  });

  defineRoute(app, 'removeNewsPost', { access: 'admin' }, async (request) => {
    await answersStale(newsDto)(news.remove(await editorOf(request), request.params.id, request.query.version));
    return { message: 'Bozza eliminata.' };
  });

  defineRoute(app, 'listStaff', { access: 'admin' }, async () => ({ items: (await staff.list()).map(staffDto) }));

  defineRoute(app, 'createStaffMember', { access: 'admin' }, async (request, reply) => {
    const member = await staff.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: `Account creato: abbiamo inviato a ${member.email} il link per scegliere la password.`, member: staffDto(member) };
  });

  defineRoute(app, 'setStaffActive', { access: 'admin' }, async (request) => {
    const member = await answersStale(staffDto)(
      staff.setActive(await editorOf(request), request.params.id, request.body.active, request.body.version),
    );
    return {
      message: member.active ? `${member.name} può di nuovo accedere.` : `${member.name} è stato disattivato.`,
      member: staffDto(member),
    };
  });

  defineRoute(app, 'getStaffMember', { access: 'admin' }, async (request) => ({ member: staffDto(await staff.get(request.params.id)) }));

  defineRoute(app, 'updateStaffMember', { access: 'admin' }, async (request) => {
    const member = await answersStale(staffDto)(staff.update(await editorOf(request), request.params.id, request.body));
    return { message: 'Account salvato.', member: staffDto(member) };
  });

  defineRoute(app, 'sendStaffPasswordLink', { access: 'admin' }, async (request) => {
    const member = await staff.sendPasswordLink(request.params.id);
    return { message: `Abbiamo inviato a ${member.email} il link per scegliere la password.` };
  });

  defineRoute(app, 'listAdminCategories', { access: 'admin' }, async () => ({ items: (await categories.list()).map(categoryDto) }));

  defineRoute(app, 'getAdminCategory', { access: 'admin' }, async (request) => ({
    category: categoryDto(await categories.get(request.params.id)),
  }));

  defineRoute(app, 'createAdminCategory', { access: 'admin' }, async (request, reply) => {
    const category = await categories.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: 'Categoria aggiunta in fondo al menu.', category: categoryDto(category) };
  });

  defineRoute(app, 'updateAdminCategory', { access: 'admin' }, async (request) => ({
    message: 'Modifiche salvate.',
    category: categoryDto(await staleCategory(categories.update(await editorOf(request), request.params.id, request.body))),
  }));

  defineRoute(app, 'moveAdminCategory', { access: 'admin' }, async (request) => {
    const category = await staleCategory(
      categories.move(await editorOf(request), request.params.id, request.body.direction, request.body.version),
    );
    return { message: `${category.name}: posizione ${category.position} nel menu.` };
  });

  defineRoute(app, 'removeAdminCategory', { access: 'admin' }, async (request) => {
    await staleCategory(categories.remove(await editorOf(request), request.params.id, request.query.version));
    return { message: 'Categoria eliminata.' };
  });

  defineRoute(app, 'listAdminDoughs', { access: 'admin' }, async () => ({ items: (await doughs.list()).map(doughDto) }));

  defineRoute(app, 'getAdminDough', { access: 'admin' }, async (request) => ({ dough: doughDto(await doughs.get(request.params.id)) }));

  defineRoute(app, 'createAdminDough', { access: 'admin' }, async (request, reply) => {
    const dough = await doughs.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: 'Impasto aggiunto.', dough: doughDto(dough) };
  });

  defineRoute(app, 'updateAdminDough', { access: 'admin' }, async (request) => ({
    message: 'Modifiche salvate.',
    dough: doughDto(await staleDough(doughs.update(await editorOf(request), request.params.id, request.body))),
  }));

  defineRoute(app, 'moveAdminDough', { access: 'admin' }, async (request) => {
    const dough = await staleDough(doughs.move(await editorOf(request), request.params.id, request.body.direction, request.body.version));
    return { message: `${dough.name}: posizione ${dough.position} nell’elenco.` };
  });

  defineRoute(app, 'removeAdminDough', { access: 'admin' }, async (request) => {
    await staleDough(doughs.remove(await editorOf(request), request.params.id, request.query.version));
    return { message: 'Impasto eliminato.' };
  });

  defineRoute(app, 'listAdminZones', { access: 'admin' }, async () => ({ items: (await zones.list()).map(zoneDto) }));

  defineRoute(app, 'getAdminZone', { access: 'admin' }, async (request) => ({ zone: zoneDto(await zones.get(request.params.id)) }));

  defineRoute(app, 'createAdminZone', { access: 'admin' }, async (request, reply) => {
    const zone = await zones.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: 'Zona aggiunta.', zone: zoneDto(zone) };
  });

  defineRoute(app, 'updateAdminZone', { access: 'admin' }, async (request) => {
    const zone = await staleZone(zones.update(await editorOf(request), request.params.id, request.body));
    return { message: zone.active ? 'Modifiche salvate.' : 'Zona disattivata: non è più proposta.', zone: zoneDto(zone) };
  });

  defineRoute(app, 'removeAdminZone', { access: 'admin' }, async (request) => {
    await staleZone(zones.remove(await editorOf(request), request.params.id, request.query.version));
    return { message: 'Zona eliminata.' };
  });

  defineRoute(app, 'listDiscountCodes', { access: 'admin' }, async () => ({ items: (await discountCodes.list()).map(codeDto) }));

  defineRoute(app, 'getDiscountCode', { access: 'admin' }, async (request) => ({
    code: codeDto(await discountCodes.get(request.params.id)),
  }));

  defineRoute(app, 'createDiscountCode', { access: 'admin' }, async (request, reply) => {
    const code = await discountCodes.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: 'Codice sconto aggiunto.', code: codeDto(code) };
  });

  defineRoute(app, 'updateDiscountCode', { access: 'admin' }, async (request) => {
    const code = await answersStale(codeDto)(discountCodes.update(await editorOf(request), request.params.id, request.body));
    return { message: 'Modifiche salvate.', code: codeDto(code) };
  });

  defineRoute(app, 'listAuditEntries', { access: 'admin' }, async (request) =>
    audit.entries({ date: request.query.date, entity: request.query.entity, entityId: request.query.entity_id }),
  );

  // 'Stampanti': the kitchen printers (owner only); a pairing code is answered once, never stored in clear.
  // The service's printers are already in the wire's shape, its stale answers too.
  defineRoute(app, 'listAdminPrinters', { access: 'admin' }, async () => ({ items: await printers.list() }));

  defineRoute(app, 'createAdminPrinter', { access: 'admin' }, async (request, reply) => {
    const { printer, pairingCode } = await printers.create(await editorOf(request), request.body);
    reply.status(201);
    return { message: 'Stampante aggiunta.', printer, pairing_code: pairingCode };
  });

  defineRoute(app, 'updateAdminPrinter', { access: 'admin' }, async (request) => ({
    message: 'Stampante salvata.',
    printer: await printers.update(await editorOf(request), request.params.id, request.body),
  }));

  defineRoute(app, 'removeAdminPrinter', { access: 'admin' }, async (request) => {
    await printers.remove(await editorOf(request), request.params.id, request.query.version);
    return { message: 'Stampante eliminata.' };
  });

  defineRoute(app, 'newPrinterPairingCode', { access: 'admin' }, async (request) => {
    const { printer, pairingCode } = await printers.newPairingCode(await editorOf(request), request.params.id);
    return { message: 'Nuovo codice di abbinamento creato: il precedente non vale più.', printer, pairing_code: pairingCode };
  });
};
