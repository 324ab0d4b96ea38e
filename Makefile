# Two commands do all the set-up on a fresh machine:
#   make run    the product with a demo tenant (http://127.0.0.1:8000, Dagster on :3000)
#   make test   the whole test suite (API, pipelines, notebooks, web unit and browser tests)
#   make test-fast  the inner loop: API and web unit tests, no warehouse build, browser, Spark, daemon or server process
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
UV := $(shell command -v uv 2>/dev/null || ls $$HOME/.local/bin/uv 2>/dev/null)
SYS_PY := $(shell command -v python3)  # before the venv goes first on PATH: the venv has no pip
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
# Python keeps what it compiles (__pycache__, ignored by git) for the next process. With
# PYTHONDONTWRITEBYTECODE set in the caller's environment every process compiled every module it
# imported from source again, each pytest worker's collection, each `flow serve`, Dagster and dbt
# process: collecting make test-fast's tests took 66 CPU-s against 24 with the compiled files (issue 34).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-fast venv web web-deps chromium test-api test-web test-e2e client lint clean db-stop screenshots fuzz

run: venv web
	$(VENV)/bin/flow up

# Three stages, each run even when one before it failed, each ending with "stage NAME: N s"
# (.ci/stage); the pytest stage lists its 15 slowest tests. The browser stage is the tests marked
# `browser` (tests/e2e: every Playwright spec, the offline faults), in a session of their own: the
# journeys (on Playwright's two workers) beside the offline faults, which mostly wait. It collects
# tests/e2e only (the whole tree took 28 s to collect on each worker, for two tests): a browser
# test elsewhere fails collection (tests/conftest.py), so none is left out of both stages.
PYTEST_FAST := -m "not (browser or spark or daemon or warehouse or slow or server)"
# The pytest stages run on pytest-xdist workers, one database and warehouse each (tests/conftest.py);
# loadfile keeps a module on one worker, so its `world` is built once; files go out longest first
# (tests/conftest.py, not xdist's most-tests-first). PYTEST_WORKERS=0 runs in one
# process (as before); the default is one worker per core of this 2-core machine.
PYTEST_WORKERS ?= 2
XDIST := -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder
test: venv web chromium
	@rc=0; \
	.ci/stage pytest $(PY) -m pytest tests -q --durations=15 $(XDIST) -m "not browser" || rc=1; \
	.ci/stage browser --allow-empty $(PY) -m pytest tests/e2e -q --durations=5 $(XDIST) -m browser || rc=1; \
	if [ -f web/package.json ]; then .ci/stage vitest sh -c 'cd web && npm run --silent test' || rc=1; fi; \
	exit $$rc

# The inner loop (aimed at 4 minutes): the API and pipeline tests that build no warehouse and start
# no browser, Spark, Dagster daemon or server process of the app (markers in pyproject.toml;
# `warehouse` is set by tests/conftest.py), and the web unit tests. `make test` runs everything.
test-fast: venv
	@rc=0; \
	.ci/stage pytest-fast $(PY) -m pytest tests/api tests/pipelines -q --durations=10 $(XDIST) $(PYTEST_FAST) || rc=1; \
	if [ -f web/package.json ]; then $(MAKE) --no-print-directory web-deps && \
	  .ci/stage vitest sh -c 'cd web && npm run --silent test' || rc=1; fi; \
	exit $$rc

# --compile-bytecode: every installed module compiled once, on both cores, at set-up (21 s on the
# fast machine of 29 Nov). Without it a fresh venv's first test processes each compiled what they
# imported, side by side: the pytest stage took 509 s in a fresh clone against 456 s warm (issue 34).
venv: $(VENV)/.synced
$(VENV)/.synced: pyproject.toml uv.lock
	@if [ -z "$(UV)" ]; then $(SYS_PY) -m pip install -q --user uv || $(SYS_PY) -m pip install -q uv; fi
	@uv=$$(command -v uv || echo $$HOME/.local/bin/uv); $$uv sync --frozen --python 3.11 -q --compile-bytecode
	@touch $@

web-deps: web/node_modules/.installed
web/node_modules/.installed: web/package.json web/package-lock.json
	@# The registry here serves only this platform's optional native builds (rollup, esbuild), so
	@# npm cannot record the others and `npm ci` refuses the lock; `npm install` keeps its versions
	@# (--no-save: without it npm writes this platform's builds into the lock, a change nobody made).
	cd web && (npm ci --no-audit --no-fund --loglevel=error 2>/dev/null || npm install --no-save --no-audit --no-fund --loglevel=error)
	@touch $@

# The web build runs only when what it is built from changed since the last one (web/dist/.built,
# a stamp the build's emptying of dist/ removes): any file or folder under src, public and scripts
# (a folder's time moves when a file in it is added or deleted), and the build's own files.
WEB_INPUTS := $(shell find web/src web/public web/scripts 2>/dev/null) \
	$(wildcard web/index.html web/package.json web/package-lock.json web/vite.config.ts web/tsconfig*.json)
web: venv
	@if [ -f web/package.json ]; then $(MAKE) --no-print-directory web-deps web/dist/.built; fi
web/dist/.built: $(WEB_INPUTS) web/node_modules/.installed
	cd web && npm run --silent build
	@touch $@

chromium:
	@command -v chromium >/dev/null 2>&1 || { echo "installing chromium"; (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null; }

# Refresh the documented screenshots (docs/screenshots) from the browser journeys, on purpose:
# `make test` writes its screenshots to the ignored .flow/screenshots instead.
screenshots: venv web chromium
	FLOW_SCREENSHOT_DIR=$(CURDIR)/docs/screenshots SWEEP_SHOTS=1 $(PY) -m pytest tests/e2e/test_browser.py -q

# The longer contract fuzz (tests/api/reliability/test_fuzz_contract.py): schemathesis's coverage
# phase (boundary values, wrong types, nulls and every undeclared method: about 30,000 requests)
# and 20 generated cases per operation, seeded; prints the per-caller figures. `make test` runs the
# same file with 2 generated cases per operation and no coverage phase (about a minute).
fuzz: venv
	FLOW_FUZZ_DEEP=1 FLOW_FUZZ_EXAMPLES=$${FLOW_FUZZ_EXAMPLES:-20} FUZZ_REPORT=1 \
		$(PY) -m pytest tests/api/reliability/test_fuzz_contract.py -q -s -p no:cacheprovider

# Regenerate the web client's API types from the OpenAPI document.
client: venv
	$(PY) -m api.openapi web/openapi.json
	cd web && npx openapi-typescript openapi.json -o src/client/schema.d.ts

# sqlfluff on every core (--processes 0): 45 s on one core of the CI machine, 26-30 s on two.
lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/sqlfluff lint --processes 0 dbt
	$(VENV)/bin/lint-imports
	$(VENV)/bin/python tests/contracts/private_names.py
	@if [ -f web/package.json ]; then $(MAKE) --no-print-directory web-deps && cd web && npx eslint --max-warnings 0 .; fi

db-stop: venv
	$(VENV)/bin/flow db stop

clean:
	rm -rf .flow web/dist
