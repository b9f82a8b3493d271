# palimpsest service image. Used by docker-compose.yml (service "palimpsest", with Neo4j) and
# checked by scripts/container-check.sh (build, run on both stores, size).
#   docker build -t palimpsest .
# Two stages: the first has a C compiler (pkuseg, the `zh` extra, builds from source) and
# installs everything into a virtual environment; the second copies only that environment onto
# the same base, so no compiler, header or pip cache reaches the image. The build context is
# small (.dockerignore keeps .venv, .git, tests, tools out).
ARG BASE=python:3.11-slim-bookworm

FROM ${BASE} AS build
ENV PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv /opt/palimpsest
ENV PATH=/opt/palimpsest/bin:$PATH
# pkuseg builds against numpy and cython, without build isolation: a few minutes, once.
RUN pip install numpy cython wheel \
    && pip install --no-build-isolation "pkuseg==0.0.25"
WORKDIR /src
# Only what the package needs. README* is a glob so the build works without a README.md.
COPY pyproject.toml README* ./
COPY graph ./graph
COPY extractors ./extractors
COPY service ./service
COPY cypher ./cypher
# The package and its dependencies (pip compiles their byte code, so a start is quick); then
# what only the build needed (cython, wheel, pip and setuptools), the tests some packages ship,
# and betterleaks' command-line binary (32 MB: the notary calls its library, not the CLI).
RUN pip install ".[zh]" \
    && pip uninstall -y cython wheel \
    && cd /opt/palimpsest/lib/python3*/site-packages \
    && rm -rf ./*/tests pip setuptools betterleaks/bin

FROM ${BASE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/palimpsest/bin:$PATH
COPY --from=build /opt/palimpsest /opt/palimpsest
RUN useradd --create-home --uid 10001 palimpsest
USER palimpsest
WORKDIR /home/palimpsest

# The service binds 0.0.0.0 here: set PALIMPSEST_API_KEYS when the port is reachable by anyone
# but you (docs/operations.md, docker-compose.yml). Without PALIMPSEST_BACKEND=neo4j it runs on
# the embedded store in /home/palimpsest/.local/share/palimpsest (mount a volume there).
ENV PALIMPSEST_BACKEND=neo4j \
    PALIMPSEST_NEO4J_URI=bolt://neo4j:7687

EXPOSE 8000
# Healthy once /readyz answers 200: models loaded, store reachable (and on Neo4j warmed),
# worker turning. The models take a while to load on first start, hence the start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=4 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=4).status != 200)"
CMD ["palimpsest", "serve", "--host", "0.0.0.0", "--port", "8000"]
