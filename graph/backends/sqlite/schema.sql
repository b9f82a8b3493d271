-- The embedded store's schema. Times are integer microseconds since the Unix epoch, UTC.
-- Applied idempotently at start; `schema_version` records what is in place.

CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS entities (
    uuid        TEXT PRIMARY KEY,
    group_id    TEXT NOT NULL,
    name        TEXT NOT NULL,
    normalized  TEXT NOT NULL,
    type        TEXT NOT NULL,
    aliases     TEXT NOT NULL,
    summary     TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    UNIQUE (group_id, normalized)
);

CREATE TABLE IF NOT EXISTS facts (
    id                  INTEGER PRIMARY KEY,
    uuid                TEXT NOT NULL UNIQUE,
    group_id            TEXT NOT NULL,
    user_id             TEXT,
    agent_id            TEXT,
    run_id              TEXT,
    subject             TEXT NOT NULL,
    subject_key         TEXT NOT NULL,
    subject_uuid        TEXT NOT NULL REFERENCES entities (uuid),
    predicate           TEXT NOT NULL,
    cardinality         TEXT NOT NULL DEFAULT 'single',
    value               TEXT NOT NULL,
    value_key           TEXT NOT NULL,
    object_uuid         TEXT NOT NULL REFERENCES entities (uuid),
    polarity            INTEGER NOT NULL,
    state_change        TEXT NOT NULL DEFAULT '',
    correction          INTEGER NOT NULL DEFAULT 0,
    scope               TEXT NOT NULL,
    fact                TEXT NOT NULL,
    fact_embedding      BLOB,
    episodes            TEXT NOT NULL,
    episode_id          TEXT,
    valid_at            INTEGER NOT NULL,
    valid_granularity   TEXT NOT NULL,
    valid_end           INTEGER,
    valid_phrase        TEXT NOT NULL DEFAULT '',
    invalid_at          INTEGER,
    knowledge_time      INTEGER NOT NULL,
    told_at             INTEGER,
    created_at          INTEGER NOT NULL,
    invalidated_at      INTEGER,
    expired_at          INTEGER,
    categories          TEXT NOT NULL,
    memory_type         TEXT NOT NULL,
    layer               TEXT NOT NULL,
    fact_type           TEXT NOT NULL,
    source_type         TEXT NOT NULL,
    confidence          REAL NOT NULL,
    verify_status       TEXT NOT NULL,
    disputed            INTEGER NOT NULL,
    needs_confirmation  INTEGER NOT NULL,
    immutable           INTEGER NOT NULL,
    supersedes          TEXT,
    superseded_by       TEXT,
    signature           TEXT NOT NULL UNIQUE,
    extraction_version  TEXT NOT NULL,
    policy_version      TEXT NOT NULL,
    source_span         TEXT,
    modality            TEXT NOT NULL,
    media_refs          TEXT NOT NULL,
    metadata            TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS facts_alignment ON facts (group_id, subject_key, predicate);
CREATE INDEX IF NOT EXISTS facts_bearing
    ON facts (group_id, subject_key, predicate, scope, value_key);
CREATE INDEX IF NOT EXISTS facts_subject ON facts (group_id, subject_key, valid_at);
CREATE INDEX IF NOT EXISTS facts_group ON facts (group_id, valid_at);
CREATE INDEX IF NOT EXISTS facts_object ON facts (group_id, object_uuid);
CREATE INDEX IF NOT EXISTS facts_subject_uuid ON facts (group_id, subject_uuid);
CREATE INDEX IF NOT EXISTS facts_episode ON facts (group_id, episode_id);

-- Keyword index: `grp` holds one token naming the tenant, `body` the prepared search text.
CREATE VIRTUAL TABLE IF NOT EXISTS facts_fts USING fts5 (
    grp, body, tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE IF NOT EXISTS episodes (
    uuid            TEXT PRIMARY KEY,
    group_id        TEXT NOT NULL,
    source          TEXT NOT NULL DEFAULT '',
    body            TEXT NOT NULL,
    valid_at        INTEGER,
    created_at      INTEGER
);
CREATE INDEX IF NOT EXISTS episodes_group ON episodes (group_id);

-- Episodes' keyword index (rowid = episodes.rowid): the tenant token and the stemmed text of
-- graph.textindex.episode_text (speaker, words, media references).
CREATE VIRTUAL TABLE IF NOT EXISTS episodes_fts USING fts5 (
    grp, body, tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE IF NOT EXISTS mentions (
    group_id        TEXT NOT NULL,
    episode_uuid    TEXT NOT NULL,
    entity_uuid     TEXT NOT NULL,
    PRIMARY KEY (episode_uuid, entity_uuid)
);

CREATE TABLE IF NOT EXISTS ledger (
    group_id        TEXT NOT NULL,
    seq             INTEGER NOT NULL,
    prev_hash       TEXT NOT NULL,
    hash            TEXT NOT NULL,
    action          TEXT NOT NULL,
    target_ids      TEXT NOT NULL,
    payload_digest  TEXT NOT NULL,
    at              INTEGER NOT NULL,
    records         TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (group_id, seq)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS operations (
    event_id        TEXT PRIMARY KEY,
    group_id        TEXT NOT NULL,
    kind            TEXT NOT NULL,
    status          TEXT NOT NULL,
    payload         TEXT NOT NULL,
    idempotency_key TEXT,
    attempts        INTEGER NOT NULL,
    result          TEXT,
    error           TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    lease_until     INTEGER,
    worker          TEXT,
    UNIQUE (group_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS operations_queue ON operations (status, created_at);

-- Bumped whenever a tenant's vectors are removed, so in-process vector caches reload.
CREATE TABLE IF NOT EXISTS tenant_state (
    group_id            TEXT PRIMARY KEY,
    vector_generation   INTEGER NOT NULL
);

-- Executed conflict actions with their before-images (rollback reads them).
CREATE TABLE IF NOT EXISTS actions (
    uuid            TEXT PRIMARY KEY,
    group_id        TEXT NOT NULL,
    fact_id         TEXT NOT NULL,
    at              INTEGER NOT NULL,
    rolled_back_at  INTEGER,
    body            TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS actions_fact ON actions (group_id, fact_id, at);

-- Extracted records held for review or rejected (kept for audit).
CREATE TABLE IF NOT EXISTS candidates (
    uuid        TEXT PRIMARY KEY,
    group_id    TEXT NOT NULL,
    status      TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    body        TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS candidates_queue ON candidates (group_id, status, created_at);
