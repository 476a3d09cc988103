# WalkOn — every command a developer or CI needs. `make dev` runs it, `make test` tests it.
SHELL := /bin/bash
export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/walkon
export REDIS_URL ?= redis://127.0.0.1:6379
export PORT ?= 3000

.PHONY: setup deps services migrate dev demo test unit e2e test-clock test-infra infra-deps bench bench-smoke lint audit chromium build lockfile release node-lines

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

## release: the versioned release bundle release/walkon-<version>/ and its .tar.gz: compiled commands, the web app,
## production dependencies only, systemd units and a Procfile; it runs with only Node, PostgreSQL and Redis
## (docs/DEPLOY.md, docs/decisions/052-one-release-bundle.md)
release: deps chromium
	node scripts/release.mjs

## node-lines: Node 22 and 24 (the supported lines) from the npm registry under /opt/walkon-node; CI runs on both
node-lines:
	@bash scripts/node-lines.sh

## lockfile: fail when package-lock.json is out of step with a package.json (what `npm ci` would refuse); no install
lockfile:
	npm ci --dry-run --no-audit --no-fund --loglevel=error >/dev/null

## chromium: Debian's Chromium for the end-to-end tests
chromium:
	@bash scripts/chromium.sh

## dev: API + worker + Vite dev server with hot reload (replay data, outbox transport)
dev: setup
	bash scripts/dev.sh

## demo: install Chromium (the build prerenders the public pages with it), build the web app and serve the whole product on http://localhost:$(PORT) with recorded data
demo: setup chromium
	bash scripts/demo.sh

## test: unit + integration tests (real PostgreSQL and Redis; the clock matrix runs in-process there), then the
## end-to-end tests in Chromium, then `test-clock`, then the bench smoke (every bench part at tiny sizes); each stage
## prints how long it took
test: deps services chromium
	@bash scripts/timed.sh "unit + integration" npx vitest run
	@bash scripts/timed.sh "end-to-end" $(MAKE) e2e
	@bash scripts/timed.sh "end-to-end at chosen instants" $(MAKE) test-clock
	@bash scripts/timed.sh "bench smoke" $(MAKE) bench-smoke

## unit: the unit + integration suite alone (CI runs it again on Node 24: docs/decisions/053-node-22-and-24.md)
unit: deps services
	npx vitest run

## e2e: build the web app and click through it in Debian's Chromium
e2e: deps services chromium
	npm run build -w @walkon/web
	npx vitest run --config web/e2e/vitest.config.ts

## test-clock: the end-to-end files whose rules follow the park's date, with API, worker, CLI and browser started at
## chosen instants of the park's day (E2E_CLOCK_START, docs/decisions/045-time-as-an-input-of-the-tests.md): 20:52 in
## Orlando (the UTC date already tomorrow) and the nearest 00:05 (the park's day five minutes old); uses web/dist (built if missing)
CLOCK_E2E := web/e2e/passesAndMoney.e2e.test.ts web/e2e/emailChange.e2e.test.ts web/e2e/alerts.e2e.test.ts
test-clock: deps services chromium
	@test -f web/dist/index.html || npm run build -w @walkon/web
	@set -e; for t in '20:52' '00:05 nearest'; do \
	  at=$$(npx tsx scripts/clockAt.ts America/New_York $$t); \
	  echo "test-clock: the stack starts at $$at ($$t in Orlando)"; \
	  E2E_CLOCK_START=$$at npx vitest run --config web/e2e/vitest.config.ts $(CLOCK_E2E); \
	done

## infra-deps: Debian's PgBouncer, redis-server and promtool (package prometheus) for the infra tests
infra-deps:
	@bash scripts/infra-deps.sh

## test-infra: real PgBouncer (transaction mode) under two worker processes, a local Redis Cluster, readiness and
## metrics, health from the first second, the PG_PREPARED pooler check, promtool on ops/alerts.yml, the release
## bundle started from its systemd units and Procfile (vitest.infra.config.ts; a few minutes, so outside `make test`)
test-infra: deps services infra-deps chromium
	npx vitest run --config vitest.infra.config.ts

## bench: production-path figures against same-run floors (docs/benchmarks.md): runParkTick quiet / re-stamped / drop / rise at 50,000 visitors, 10 parks at once, PG_PREPARED off ÷ on, the worker's send jobs; /api/live and ride pages under ticks; upstream reads of 2 workers + API; sign-up timing (registered vs new address); provider sends through a local SESv2 fake; Web Push through web-push-testing (push_per_s against the outbox path, tick_to_last_push_s); last the recorded day (886 ticks at 50,000 visitors, the longest part, progress lines with its pace). Each bench prints its wall time (scripts/timed.sh); printed, not asserted
bench: deps services migrate
	@bash scripts/timed.sh "bench alerts (tick + send, ten parks, PG_PREPARED)" env BENCH_PARTS=tick,send,tenparks,prepared npx tsx jobs/bench/alerts.bench.ts
	@bash scripts/timed.sh "bench read API" npx tsx server/bench/live.bench.ts
	@bash scripts/timed.sh "bench upstream" npx tsx server/bench/upstream.bench.ts
	@bash scripts/timed.sh "bench sign-up timing" npx tsx server/bench/signUp.bench.ts
	@bash scripts/timed.sh "bench provider sends" npx tsx jobs/bench/send.bench.ts
	@bash scripts/timed.sh "bench push" npx tsx jobs/bench/push.bench.ts
	@bash scripts/timed.sh "bench recorded day" env BENCH_PARTS=day npx tsx jobs/bench/alerts.bench.ts

## bench-smoke: every `make bench` part with BENCH_SMOKE=1 (tiny sizes, deadlines of seconds; about 2 min): each must
## start, finish and print its BENCH lines (scripts/bench-smoke.sh; the numbers mean nothing)
bench-smoke: deps services migrate
	bash scripts/bench-smoke.sh

## audit: Lighthouse (desktop + mobile at 375 px, median of 3) on /, /faq, /live-wait-times and, signed in as the seeded demo account, Get Alerts, Manage Alerts and a ride page; the landing JS size (printed, not a test)
audit: setup chromium
	npm run build -w @walkon/web
	bash scripts/audit.sh

## lint: Biome (format, lint and the package layers: biome.json overrides) and the TypeScript compiler
lint: deps
	npx biome check .
	npm run typecheck
