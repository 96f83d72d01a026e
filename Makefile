# Service Critic — the two commands a new user needs are `make run` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

export SCARF_ANALYTICS := false
export NEXT_TELEMETRY_DISABLED := 1

NPM_STAMP := node_modules/.package-lock.json
BACKEND_SOURCES := $(shell find backend/src -type f 2>/dev/null) backend/package.json backend/tsconfig.json backend/tsconfig.build.json tsconfig.json
FRONTEND_SOURCES := $(shell find frontend/src frontend/public frontend/build -type f 2>/dev/null) frontend/index.html frontend/vite.config.ts frontend/package.json frontend/tsconfig.json tsconfig.json
TSX := node_modules/.bin/tsx

.PHONY: run test install build lint typecheck openapi openapi-check gen-api gen-api-check test-unit test-int test-manifests test-frontend test-e2e backup restore bench bench-http bench-load bench-chaos bench-cluster up down clean

## install: npm ci when node_modules is missing or older than the lockfile
install: $(NPM_STAMP)
$(NPM_STAMP): package-lock.json package.json backend/package.json frontend/package.json client/package.json
	npm ci --no-audit --no-fund
	@touch $@

## build: both workspaces, each only when its sources changed
build: backend/dist/main.js frontend/dist/index.html
backend/dist/main.js: $(NPM_STAMP) $(BACKEND_SOURCES)
	npm run build -w backend
	@touch $@
frontend/dist/index.html: $(NPM_STAMP) $(FRONTEND_SOURCES)
	npm run build -w frontend
	@touch $@

## run: storage, API and worker at http://127.0.0.1:3000 (Ctrl-C stops everything)
# Node with tsx as a loader, not the tsx CLI: the CLI is a second process that SIGKILLs its child
# when it does not confirm a signal within 30 ms, which would leave our storage running.
run: build
	@node --import tsx infra/run.ts

## test: lint, type checks, backend unit + integration, the Kubernetes manifests, frontend unit,
## browser end-to-end
test: build
	$(MAKE) --no-print-directory lint typecheck openapi-check gen-api-check test-unit test-int test-manifests test-frontend test-e2e

lint: $(NPM_STAMP)
	npx eslint --max-warnings 0 .
	npx prettier --check .
	npm run check-cycles

typecheck: $(NPM_STAMP)
	npm run typecheck -w backend
	npm run typecheck -w frontend
	npm run typecheck -w client
	npx tsc -p infra/tsconfig.json
	npx tsc -p bench/tsconfig.json

## openapi: rewrite backend/openapi.json from the code (commit it); openapi-check fails when stale
openapi: backend/dist/main.js
	npm run openapi -w backend
openapi-check: backend/dist/main.js
	npm run openapi:check -w backend

## gen-api: regenerate the SPA's RTK Query client and the integrators' typed client (client/)
## from backend/openapi.json (commit them)
gen-api: $(NPM_STAMP)
	npm run gen-api -w frontend
	npm run gen -w client
gen-api-check: $(NPM_STAMP)
	npm run gen-api:check -w frontend
	npm run gen:check -w client

test-unit: $(NPM_STAMP)
	npm run test:unit -w backend

test-int: $(NPM_STAMP) backend/dist/main.js
	npm run test:int -w backend

## test-manifests: renders infra/k8s's overlays with kustomize and validates every object offline
## (the first run builds kustomize from the Go module proxy into .tools/bin: about two minutes)
test-manifests: $(NPM_STAMP)
	npm run test:manifests -w backend

test-frontend: $(NPM_STAMP)
	npm run test:unit -w frontend

test-e2e: build
	$(TSX) infra/e2e.ts

## bench: benchmarks, figures as ratios measured in one run (see bench/)
bench: build
	$(TSX) bench/events.ts
	$(TSX) bench/frontend.ts
	$(TSX) bench/http.ts

## bench-http: the API against a bare node:http ceiling and a naive Express baseline, alone
bench-http: build
	$(TSX) bench/http.ts

## bench-load: 60 s of reads only, then 60 s mixed, at 100 connections; checks nothing is lost,
## no 5xx, peak RSS, mixed throughput and p99
bench-load: build
	$(TSX) bench/load.ts

## bench-chaos: the mixed soak over two API processes while FerretDB, PostgreSQL, Redis, the
## worker and an API process are killed and Redis flushed; checks every acknowledged write
bench-chaos: build
	$(TSX) bench/chaos.ts

## bench-cluster: 3 API processes and 2 workers behind HAProxy: a write's visibility on the other
## replicas, one write limit across them, a rolling restart under load, throughput 1 vs 3 replicas
bench-cluster: build
	$(TSX) bench/cluster.ts

## backup: every collection (Extended JSON) and Redis's queued jobs of `make run`'s storage, or of
## MONGO_URL / REDIS_URL, into backups/<time>/ or BACKUP_DIR; refused if documents were written meanwhile
backup: $(NPM_STAMP)
	$(TSX) infra/backup.ts

## restore: BACKUP_DIR=backups/<time> into an empty database, with the app stopped (docs/operations.md)
restore: $(NPM_STAMP)
	$(TSX) infra/restore.ts

## up / down: the production-shaped stack with Docker (MongoDB, Redis, API, worker)
up:
	docker compose up --build -d
down:
	docker compose down

clean:
	rm -rf backend/dist frontend/dist frontend/dist-server .tools node_modules backend/node_modules frontend/node_modules
	@echo "Kept .data/ (your local database); remove it by hand to start afresh."
