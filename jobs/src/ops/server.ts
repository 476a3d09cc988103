import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@walkon/integrations/logger';
import type { Readiness } from '@walkon/integrations/ops';
import type { Registry } from 'prom-client';

/** The worker's operations port (docs/OPERATIONS.md "Health" and "Metrics"). */
export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the worker's small HTTP server on `port` (0 = a free one): `GET /livez` (200 while the process runs),
 * `GET /readyz` and its alias `/healthz` (200 when PostgreSQL and Redis answer, else 503; JSON body
 * { ok, db, redis }), `GET /metrics` (Prometheus text). Anything else is 404. It is an internal port: never
 * route it from the internet.
 */
export async function startOpsServer(opts: {
  port: number;
  host?: string;
  registry: Registry;
  ready: () => Promise<Readiness>;
  logger?: Logger;
}): Promise<OpsServer> {
  const server: Server = createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: { message: 'Only GET is allowed here.' } });
    if (url === '/livez') return json(200, { ok: true });
    if (url === '/readyz' || url === '/healthz') {
      void opts.ready().then((r) => json(r.ok ? 200 : 503, r));
      return;
    }
    if (url === '/metrics') {
      opts.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': opts.registry.contentType }).end(text),
        (err: Error) => {
          opts.logger?.error({ err }, 'metrics: collection failed');
          json(500, { error: { message: 'Metrics could not be collected.' } });
        },
      );
      return;
    }
    return json(404, { error: { message: 'Not found. This port serves /livez, /readyz, /healthz and /metrics.' } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
