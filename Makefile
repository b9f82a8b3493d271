# Palimpsest: common tasks. `make help` lists them.
.DEFAULT_GOAL := help
BIN := .venv/bin

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-12s %s\n", $$1, $$2}'

install: ## create .venv and install the service
	scripts/install.sh

serve: install ## install, then start the API on the embedded store (http://127.0.0.1:8000)
	$(BIN)/palimpsest serve

check: ## install test extras, start Neo4j, lint, type-check, run every test on both backends
	scripts/check.sh

test: ## run the test suite only (needs `make neo4j` or --backends=sqlite in ARGS)
	$(BIN)/python -m pytest -q $(ARGS)

lint: ## ruff, mypy and the import contracts
	$(BIN)/ruff check . && $(BIN)/ruff format --check . && $(BIN)/mypy graph extractors service bench && $(BIN)/lint-imports

container-check: ## build the image, run it on both stores (docker or podman), print its size
	scripts/container-check.sh

bench: ## run the benchmarks (needs Neo4j for the neo4j half); prints ratios
	$(BIN)/python -m bench.store

neo4j: ## start the local Neo4j (tools/neo4j) and wait until Bolt answers
	tools/neo4j/neo4j.sh start && tools/neo4j/neo4j.sh wait

neo4j-stop: ## stop the local Neo4j
	tools/neo4j/neo4j.sh stop

.PHONY: help install serve check container-check test lint bench neo4j neo4j-stop
