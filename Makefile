# WalkOn — every command a developer or CI needs. `make dev` runs it, `make test` tests it.
SHELL := /bin/bash
export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/walkon
export REDIS_URL ?= redis://127.0.0.1:6379
export PORT ?= 3000

.PHONY: setup deps services migrate dev demo test unit e2e test-infra infra-deps bench lint audit chromium build lockfile

## setup: install dependencies, start PostgreSQL and Redis, migrate the database
setup: deps services migrate

deps: node_modules/.installed
node_modules/.installed: package.json package-lock.json domain/package.json db/package.json integrations/package.json core/package.json jobs/package.json server/package.json web/package.json
	# Exactly the committed lockfile (`make lockfile` checks it is in step with every package.json).
	npm ci --no-audit --no-fund
	@touch $@

## services: start PostgreSQL and Redis when they are not answering (DESIGN §5)
services:
	@bash scripts/services.sh

## migrate: apply database migrations to DATABASE_URL
migrate: deps services
	npx tsx db/src/migrate.ts

## build: compile the API, worker, CLI and migrate to dist/ (esbuild, source maps) and build the web app; run them
## with `npm start`, `npm run start:worker`, `npm run db:migrate` (docs/OPERATIONS.md "Deploy")
build: deps
	npm run build

## lockfile: fail when package-lock.json is out of step with a package.json (what `npm ci` would refuse); no install
lockfile:
	npm ci --dry-run --no-audit --no-fund --loglevel=error >/dev/null

## chromium: Debian's Chromium for the end-to-end tests
chromium:
	@bash scripts/chromium.sh

## dev: API + worker + Vite dev server with hot reload (replay data, outbox transport)
dev: setup
	bash scripts/dev.sh

## demo: build the web app and serve the whole product on http://localhost:$(PORT) with recorded data
demo: setup
	bash scripts/demo.sh

## test: unit + integration tests (real PostgreSQL and Redis), then the end-to-end tests in Chromium
test: deps services chromium
	npx vitest run
	$(MAKE) e2e

unit: deps services
	npx vitest run

## e2e: build the web app and click through it in Debian's Chromium
e2e: deps services chromium
	npm run build -w @walkon/web
	npx vitest run --config web/e2e/vitest.config.ts

## infra-deps: Debian's PgBouncer, redis-server and promtool (package prometheus) for the infra tests
infra-deps:
	@bash scripts/infra-deps.sh

## test-infra: real PgBouncer (transaction mode) under two worker processes, a local Redis Cluster, readiness and
## metrics, health from the first second, the PG_PREPARED pooler check, promtool on ops/alerts.yml
## (vitest.infra.config.ts; a few minutes, so outside `make test`)
test-infra: deps services infra-deps
	npx vitest run --config vitest.infra.config.ts

## bench: production-path figures against same-run floors (docs/benchmarks.md): runParkTick quiet / re-stamped / drop / rise at 50,000 visitors, 10 parks at once, PG_PREPARED off ÷ on, the recorded day, the worker's send jobs; /api/live and ride pages under ticks; upstream reads of 2 workers + API; sign-up timing (registered vs new address); then provider sends through a local SESv2 fake, then Web Push through web-push-testing (push_per_s against the outbox path, tick_to_last_push_s); printed, not asserted
bench: deps services migrate
	npx tsx jobs/bench/alerts.bench.ts
	npx tsx server/bench/live.bench.ts
	npx tsx server/bench/upstream.bench.ts
	npx tsx server/bench/signUp.bench.ts
	npx tsx jobs/bench/send.bench.ts
	npx tsx jobs/bench/push.bench.ts

## audit: Lighthouse (desktop + mobile at 375 px, median of 3) on /, /faq, /live-wait-times and, signed in as the seeded demo account, Get Alerts, Manage Alerts and a ride page; the landing JS size (printed, not a test)
audit: setup chromium
	npm run build -w @walkon/web
	bash scripts/audit.sh

## lint: Biome (format, lint and the package layers: biome.json overrides) and the TypeScript compiler
lint: deps
	npx biome check .
	npm run typecheck
