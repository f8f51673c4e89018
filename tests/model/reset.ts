/** The data reset between model paths, through the API as staff would do it. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall } from '../e2e/browser';
import { DAY_API, logIn, readDay } from '../e2e/cassa-helpers';

/**
 * Cancels every order of the day (the demo's and earlier paths'): cancelled orders take no slot and
 * are never listed, so each path starts on an empty day. Leaves the page logged in as staff.
 */
export async function cancelTodaysOrders(page: Page, adminEmail: string, adminPassword: string) {
  await logIn(page, adminEmail, adminPassword);
  const day = await readDay(page);
  for (const order of day.orders.data.filter((o) => o.status !== 3)) {
    const { status } = await apiCall(page, 'PATCH', `${DAY_API}/${order.id}`, { status: 3 });
    expect(status, `cancelling order ${order.id}`).toBe(200);
  }
  expect((await readDay(page)).orders.data).toEqual([]);
}
