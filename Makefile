# Nibble: build the static site, serve it, run every test.
#
#   make serve   build dist/ and serve it on http://127.0.0.1:8000/ (PORT=…, BASE=/nibble/)
#   make test    install what tests need (.venv, node_modules, a Chromium), build, lint, test
#
# Needs only Python >= 3.11, Node >= 18 and npm; everything else is installed here.

PYTHON  ?= python3
VENV    ?= .venv
VPY     := $(VENV)/bin/python
PORT    ?= 8000
BASE    ?= /
HOST    ?= 127.0.0.1
PYTEST_ARGS ?=

VENV_STAMP := $(VENV)/.nibble-installed
NODE_STAMP := node_modules/.nibble-installed
CHROMIUM_FILE := build/chromium-path

.PHONY: all venv node_modules chromium build setup serve lint test test-py test-py-background test-e2e bench bench-ai bench-ai-ratio bench-ai-browser bench-web bench-memory bench-offline screenshots clean distclean

all: build

## .venv with requirements-dev.txt and the engine installed editable (re-run when they change);
## --no-compile: Python compiles what it imports when it first imports it, and pip's
## compiling of every installed module was 11 of a fresh venv's 22 s
venv: $(VENV_STAMP)
$(VENV_STAMP): requirements-dev.txt pyproject.toml
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check --no-compile -r requirements-dev.txt
	$(VPY) -m pip install --quiet --disable-pip-version-check --no-compile --no-deps --no-build-isolation -e .
	@touch $@

## node_modules from package-lock.json (the Pyodide runtime; ESLint and axe-core for the checks)
node_modules: $(NODE_STAMP)
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## a Chromium for Playwright; its path goes to build/chromium-path (exported as CHROMIUM_PATH)
chromium: venv
	$(VPY) scripts/find_chromium.py --install --check --output $(CHROMIUM_FILE)

## dist/: web/ + Pyodide runtime + python.zip (stdlib and engine as bytecode, made in Pyodide) + build.json;
## the build needs no package of the venv (the same dist/ byte for byte), so it need not wait for pip
build: node_modules
	$(PYTHON) scripts/build.py --out dist

serve: venv build
	$(VPY) scripts/serve.py --dir dist --host $(HOST) --port $(PORT) --base $(BASE)

# ruff without its cache (a fraction of a second): a cached verdict outlives what changes it
# from outside a file (a new conftest.py at the root made `conftest` first-party to isort,
# and only a fresh clone said so)
lint: venv node_modules
	$(VPY) -m ruff check --no-cache .
	$(VPY) -m mypy
	node_modules/.bin/eslint .
	node_modules/.bin/tsc -p tsconfig.json
	node scripts/check_strict_types.mjs

# A folder without test files is skipped (so that the last pytest summary is a real one), and
# pytest's exit code 5 (collected no test) is not a failure either.
define run_pytest
	@if [ -z "$$(find $(1) -name 'test_*.py' -o -name '*_test.py' 2>/dev/null | head -1)" ]; then \
	  echo "make: no test files in $(1)/, skipping it"; exit 0; fi; \
	rc=0; $(2) $(VPY) -m pytest $(1) $(3) $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make: pytest collected no tests in $(1)/ (exit 5), not a failure"; rc=0; fi; \
	exit $$rc
endef

## what `make test` needs, two at a time: pip, then finding Chromium, beside npm, then the
## build (a fresh clone on the idle 2-core machine: 19 s, against 32-33 s one after another)
setup:
	@$(MAKE) --no-print-directory -j2 -Otarget chromium build

## the lint of `make lint`: ruff first (a second), then mypy and ESLint beside test-py
## (their output after it; any failure fails the step); the page's type checks (tsc,
## check_strict_types.mjs) run inside test-py (tests/test_page_types.py). The tests of
## BACKGROUND_TESTS run at idle priority (IDLE) beside the e2e steps instead: searches bounded
## by iterations, never by a clock, that take only the processor time the browser tests
## leave (their output, then the run's verdict, after the e2e steps)
test: setup
	$(VPY) -m ruff check --no-cache .
	@mkdir -p build; $(VPY) -m mypy > build/mypy.out 2>&1 & mypy=$$!; \
	node_modules/.bin/eslint . > build/eslint.out 2>&1 & eslint=$$!; \
	rc=0; $(MAKE) --no-print-directory test-py \
	  TEST_PY_ARGS="$(addprefix --ignore=,$(BACKGROUND_TESTS))" || rc=$$?; \
	wait $$mypy || rc=1; wait $$eslint || rc=1; \
	echo "mypy:"; cat build/mypy.out; echo "eslint:"; cat build/eslint.out; exit $$rc
	@echo "make: $(BACKGROUND_TESTS) at idle priority ($(IDLE)) beside the e2e steps"; \
	$(IDLE) $(MAKE) --no-print-directory test-py-background > build/test-background.out 2>&1 & bg=$$!; \
	rc=0; $(MAKE) --no-print-directory test-e2e || rc=$$?; \
	echo "make: waiting for $(BACKGROUND_TESTS)"; wait $$bg || rc=1; \
	cat build/test-background.out; exit $$rc

## engine, bridge and in-Pyodide tests (tests/test_in_pyodide.py needs node_modules), on
## every core (pytest-xdist: one test process runs on one core; TEST_JOBS=1 for one process),
## a test or two handed out at a time, so that the long ones (tests/conftest.py LONGEST)
## spread over the processes
TEST_JOBS ?= auto
TEST_PY_ARGS ?=
test-py: venv node_modules
	$(call run_pytest,tests,,-n $(TEST_JOBS) --maxschedchunk 1 $(TEST_PY_ARGS))

## the tests `make test` runs beside the e2e steps: long searches bounded by iterations (so
## the same answers on a loaded machine), no clock, no browser; at idle priority they may
## wait minutes for the processor, hence the longer limit a test (conftest.py)
BACKGROUND_TESTS ?= tests/test_shipped_puzzles.py tests/test_analysis_truth.py
BACKGROUND_JOBS ?= $(TEST_JOBS)
IDLE := $(shell chrt --idle 0 true >/dev/null 2>&1 && echo chrt --idle 0 || echo nice -n 19)
test-py-background: venv node_modules
	$(call run_pytest,$(BACKGROUND_TESTS),NIBBLE_TESTS_LIMIT_S=3600,-n $(BACKGROUND_JOBS) --maxschedchunk 1)

## browser tests against dist/ (needs `make build chromium`): E2E_JOBS processes, each with
## its own Chromium, a test file each at a time; then the tests marked `timed` (they bound
## how long something takes) alone, so that a busy neighbour cannot make them fail
E2E_JOBS ?= 2
E2E_ENV = CHROMIUM_PATH="$${CHROMIUM_PATH:-$$(cat $(CHROMIUM_FILE) 2>/dev/null)}"
test-e2e: venv
	$(call run_pytest,e2e,$(E2E_ENV),-n $(E2E_JOBS) --dist loadfile -m "not timed")
	$(call run_pytest,e2e,$(E2E_ENV),-m timed)

bench: venv
	$(VPY) -m nibble bench --json

## offline figures (docs/offline.md): bytes and time to engine-ready, first vs repeat visit
## search speed of hard and medium on CPython (the Pyodide figure: node scripts/pyodide_run.mjs -m nibble.ai.lab.bench --json)
bench-ai: venv
	$(VPY) -m nibble.ai.lab.bench --json

## the same in Pyodide under Node and CPython, alternating, with the ratio (JSON)
bench-ai-ratio: venv node_modules
	$(VPY) scripts/bench_pyodide_ratio.py --rounds 2 --seconds 2

## the same with Pyodide in the page's browser (a worker of a bare page in Chromium)
bench-ai-browser: build chromium
	CHROMIUM_PATH="$${CHROMIUM_PATH:-$$(cat $(CHROMIUM_FILE) 2>/dev/null)}" $(VPY) e2e/bench_ai_browser.py --dist dist --rounds 2 --seconds 2

## page boot against a bare Pyodide boot, main-thread tasks while the computer thinks, cancel, the
## analysis, a link's board, the first analysis pass, idle CPU and memory (e2e/bench_phone.py)
bench-web: build chromium
	CHROMIUM_PATH="$${CHROMIUM_PATH:-$$(cat $(CHROMIUM_FILE) 2>/dev/null)}" $(VPY) e2e/bench_page.py --dist dist --runs 3

## renderer memory (PSS, workers included) of a bare Pyodide page, a game of people and a
## game against the computer, alternated (JSON; Linux)
bench-memory: build chromium
	CHROMIUM_PATH="$${CHROMIUM_PATH:-$$(cat $(CHROMIUM_FILE) 2>/dev/null)}" $(VPY) e2e/bench_memory.py --dist dist --runs 3

bench-offline: build chromium
	CHROMIUM_PATH="$${CHROMIUM_PATH:-$$(cat $(CHROMIUM_FILE) 2>/dev/null)}" $(VPY) e2e/bench_offline.py --runs 3

## the README's screenshots, docs/img/*.png, taken of dist/ (run when the page's look changes)
screenshots: build chromium
	CHROMIUM_PATH="$${CHROMIUM_PATH:-$$(cat $(CHROMIUM_FILE) 2>/dev/null)}" $(VPY) scripts/screenshots.py

## remove build outputs (keeps the download cache build/pyodide-wheels)
clean:
	rm -rf dist build/dist-staging $(CHROMIUM_FILE) .pytest_cache .ruff_cache .mypy_cache *.egg-info
	find . -name __pycache__ -type d -not -path './node_modules/*' -not -path './$(VENV)/*' -prune -exec rm -rf {} +

## also remove the installed tools and every cache
distclean: clean
	rm -rf build $(VENV) node_modules .hypothesis
