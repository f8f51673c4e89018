import { AccountService } from './account/account.service';
import { AuditService } from './admin/audit.service';
import { AdminChanges } from './admin/changes';
import { AdminMenuService, BulkPriceService } from './admin/menu.service';
import { HoursService } from './admin/hours.service';
import { TextsService } from './admin/texts.service';
import { NewsService } from './admin/news.service';
import { StaffService } from './admin/staff.service';
import { ZonesService } from './admin/zones.service';
import { CategoriesService } from './admin/categories.service';
import { DoughsService } from './admin/doughs.service';
import { SpecialDaysService } from './admin/special-days.service';
import { DiscountCodesService } from './admin/discount-codes.service';
import { ProductImages, UnusedImages } from './admin/images.service';
import { AuthService } from './auth/auth.service';
import { LimitStore } from './auth/rate-limiter';
import { BlogService } from './blog/blog.service';
import { CassaService } from './cassa/cassa.service';
import type { Clock } from './clock';
import type { Db } from './db/database';
import { CatalogService } from './ecommerce/catalog';
import { CheckoutService } from './ecommerce/checkout';
import { DiscountService } from './ecommerce/discounts';
import { QuoteService } from './ecommerce/quote';
import { ScheduleService } from './ecommerce/schedule';
import type { Mailer } from './mail/mailer';
import { MailQueue } from './mail/queue';
import { OrderEvents } from './orders/order-events';
import { PostgresOrderWriter } from './orders/order-writer.postgres';
import { SqliteOrderWriter } from './orders/order-writer.sqlite';
import type { OrderWriter } from './orders/order-writer';
import { byEngine } from './db/engine';
import { PgListener } from './db/pg-listener';
import { logTransactionRetries, type TransactionRetry } from './db/transaction';
import { SessionStreams } from './auth/session-streams';
import { TrackingService } from './ecommerce/tracking';
import { CassaProgressService } from './cassa/progress.service';
import { ReportsService } from './reports/reports.service';
import { ReportExports } from './reports/exports';
import { PrintWakeups } from './print/print-wakeups';
import { PrintersService } from './print/printers.service';
import { PrintJobsService } from './print/print-jobs.service';
import { PrinterStatusService } from './print/printer-status';

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  /** where uploaded images are stored (served at /media) */
  mediaDir: string;
  onMailError: (error: unknown, mail: { to: string; subject: string; attempts: number }) => void;
  /** PostgreSQL only: order events and catalogue changes reach every process through its one LISTEN connection */
  postgresUrl?: string;
  onEventsError?: (error: unknown) => void;
  /** an order stream's heartbeat, in ms (SSE_HEARTBEAT_MS unless a test shortens it) */
  streamHeartbeatMs?: number;
  /** the limits' database store failed: they count in this process's memory meanwhile */
  onLimitsFallback?: () => void;
  /** PostgreSQL aborted a business transaction (deadlock, serialization failure): it runs again */
  onTransactionRetry?: (retry: TransactionRetry) => void;
}

/** Every business service, wired once; none of them knows about HTTP. */
export function createServices(deps: ServiceDeps) {
  const { db, clock } = deps;
  if (deps.onTransactionRetry) logTransactionRetries(db, deps.onTransactionRetry);
  const mail = new MailQueue(db, clock, deps.mailer, deps.onMailError);
  const catalog = new CatalogService(db, clock);
  const schedule = new ScheduleService(db, clock, catalog);
  const discounts = new DiscountService(catalog, clock);
  const quotes = new QuoteService(catalog, discounts);
  const admin = new AdminChanges(db, clock, catalog);
  const shopName = async () => (await catalog.snapshot()).settings.shop_name!;
  const listener = deps.postgresUrl ? new PgListener(deps.postgresUrl, deps.onEventsError) : undefined;
  const events = new OrderEvents(db, clock, { listener, onError: deps.onEventsError, heartbeatMs: deps.streamHeartbeatMs });
  // Each engine's writer tells the streams its own way: SQLite in this process, PostgreSQL by NOTIFY.
  const orders = byEngine<OrderWriter>(db, {
    sqlite: () => new SqliteOrderWriter(db, clock, events),
    postgres: () => new PostgresOrderWriter(db, clock),
  });
  const limits = new LimitStore(db, deps.onLimitsFallback ?? (() => {}));
  const sessionStreams = new SessionStreams(db, listener);
  const auth = new AuthService(db, clock, mail, { appUrl: deps.appUrl, shopName }, limits, sessionStreams);
  const cassa = new CassaService({ db, clock, catalog, schedule, quotes, orders });
  const printWakeups = new PrintWakeups(listener);
  return {
    mail,
    catalog,
    schedule,
    quotes,
    discounts,
    listener,
    events,
    orders,
    sessionStreams,
    limits,
    tracking: new TrackingService({ db, schedule }, limits),
    checkout: new CheckoutService({ db, clock, catalog, schedule, quotes, mail, orders, appUrl: deps.appUrl, printWakeups }),
    auth,
    account: new AccountService(db, schedule),
    cassa,
    cassaProgress: new CassaProgressService(cassa, { db, clock, catalog, schedule, quotes, orders }),
    reports: new ReportsService({ db, cassa }),
    reportExports: new ReportExports(db),
    blog: new BlogService(db),
    admin,
    adminMenu: new AdminMenuService(db, clock, admin),
    audit: new AuditService(db, clock),
    bulkPrice: new BulkPriceService(db, admin),
    specialDays: new SpecialDaysService(db, clock, admin),
    hours: new HoursService(db, clock, admin),
    texts: new TextsService(db, admin),
    news: new NewsService(db, clock, admin),
    staff: new StaffService(db, auth, admin, shopName),
    zones: new ZonesService(db, admin),
    categories: new CategoriesService(db, admin),
    doughs: new DoughsService(db, admin),
    discountCodes: new DiscountCodesService(db, admin),
    productImages: new ProductImages(deps.mediaDir),
    unusedImages: new UnusedImages(deps.mediaDir, db),
    printWakeups,
    printers: new PrintersService(db, clock, admin, printWakeups, limits),
    printJobs: new PrintJobsService({ db, clock, orders, wakeups: printWakeups, shopName }),
    printerStatus: new PrinterStatusService(db, clock, listener),
  };
}

export type Services = ReturnType<typeof createServices>;
