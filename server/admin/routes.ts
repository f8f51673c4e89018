import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

/**
 * The back office under /api/v1/admin (admin only). One plugin per area; each change goes through
 * `services.admin.change` (server/admin/changes.ts): versioned, audited, one transaction.
 */
export const adminRoutes: FastifyPluginAsync<{ services: Services }> = async () => {};
