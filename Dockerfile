# palimpsest service image. Used by docker-compose.yml (service "palimpsest", with Neo4j).
#   docker build -t palimpsest .
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Only what the package needs (no .venv, tests, tools/neo4j/target, ...).
# README* is a glob so the build still works while the repository has no README.md.
COPY pyproject.toml README* ./
COPY graph ./graph
COPY extractors ./extractors
COPY service ./service
COPY cypher ./cypher

RUN pip install . \
    && useradd --create-home --uid 10001 palimpsest

USER palimpsest

# The service binds 0.0.0.0 here: set PALIMPSEST_API_KEYS when the port is reachable by anyone
# but you (it prints a warning at start while it is unset; docs/operations.md).
ENV PALIMPSEST_BACKEND=neo4j \
    PALIMPSEST_NEO4J_URI=bolt://neo4j:7687

EXPOSE 8000
CMD ["palimpsest", "serve", "--host", "0.0.0.0", "--port", "8000"]
