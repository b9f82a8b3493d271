# palimpsest service image. Used by docker-compose.yml (service "palimpsest", with Neo4j).
#   docker build -t palimpsest .
# The build context is small (.dockerignore keeps .venv, .git, tests, tools out).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# A C compiler for pkuseg (the `zh` extra: Chinese segmented exactly as outside Docker). It
# builds from source against numpy and cython, without build isolation: a few minutes, once.
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential \
    && rm -rf /var/lib/apt/lists/*
RUN pip install numpy cython \
    && pip install --no-build-isolation "pkuseg==0.0.25"

# Only what the package needs. README* is a glob so the build works without a README.md.
COPY pyproject.toml README* ./
COPY graph ./graph
COPY extractors ./extractors
COPY service ./service
COPY cypher ./cypher

RUN pip install ".[zh]" \
    && useradd --create-home --uid 10001 palimpsest

USER palimpsest

# The service binds 0.0.0.0 here: set PALIMPSEST_API_KEYS when the port is reachable by anyone
# but you (docs/operations.md, docker-compose.yml).
ENV PALIMPSEST_BACKEND=neo4j \
    PALIMPSEST_NEO4J_URI=bolt://neo4j:7687

EXPOSE 8000
# Healthy once /readyz answers 200: models loaded, store reachable, worker turning. The models
# take a while to load on first start, hence the start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=4 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=4).status != 200)"
CMD ["palimpsest", "serve", "--host", "0.0.0.0", "--port", "8000"]
