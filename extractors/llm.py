"""An optional extractor that asks an OpenAI-compatible chat endpoint for candidate facts.

Same interface as the rule extractors; never the default (the pipeline uses it only when
configured: table 4-2 of the design text). Not reproducible across calls, since the model is
not, but deterministic for a given response. The model's answer is not trusted as is:

* A candidate needs a subject, a predicate, a value and a source span. A span out of range, or
  not covering the candidate's sentence or value, is recomputed from the `sentence` (else the
  `value`, widened to its sentence) found in the text; else the candidate is dropped (no source,
  no record). Drops are logged at debug level and counted in `dropped`.
* Predicates go through the predicate table (verbs that imply a value, "unsubscribe", take the
  table's value); an unknown one is kept as its normalised name.
* No date is taken from the model: `time_text` / `until_text` must be copied from the text and
  are resolved there by `extractors.temporal.resolve.find_times` against the reference.
* `confidence` is clamped to [0, 1] and capped at 0.8; `polarity` coerced to 1 / -1; an unknown
  `fact_type` is a FACT; `language` is "zh" when the text has CJK characters.

Failures raise `ExtractorError`: connection errors, timeouts, HTTP 5xx and 429 are retried
`max_retries` times with exponential backoff; other HTTP errors fail at once; so does a body of
the wrong shape. Messages name the endpoint's host[:port] and the status, never the API key.
"""

from __future__ import annotations

import json
import logging
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import httpx

from extractors.predicates import PredicateInfo, PredicateTable, default_table, predicate_name
from extractors.schema import SPEAKER, USER, CandidateFact, Language, TimeMention, unique_facts
from extractors.temporal.calendar import SENTENCE_END
from extractors.temporal.resolve import find_times
from graph.domain.enums import FactType, Role
from graph.domain.errors import ExtractorError

log = logging.getLogger(__name__)

VERSION_PREFIX = "llm-1"
MAX_CONFIDENCE = 0.8
"""Model output is not trusted more than the rules (their plain facts score 0.85 and up)."""
DEFAULT_CONFIDENCE = 0.6

SYSTEM_PROMPT = """\
You extract facts for a long-term memory store. Answer with JSON only, in this shape:
{"facts": [{"subject": "", "predicate": "", "value": "", "polarity": 1, "scope": "",
"category": "", "confidence": 0.0, "fact_type": "fact", "time_text": "", "until_text": "",
"sentence": "", "span": [0, 0]}]}
One object per independent assertion; a sentence may hold several.
- subject: who or what the fact is about. First person (I, me, my, we, 我, 我的) is the
  literal "<speaker>"; "the user" / 用户 (and "you" in an assistant turn) is the literal
  "<user>"; anything else as written in the text.
- predicate: a short verb phrase or attribute noun in base form, in the text's language
  ("live in", "work at", "like", "job title", "住在", "喜欢").
- value: the object or complement as written in the text, without determiners.
- polarity: 1 if the statement holds, -1 if it is negated ("not", "no longer", 不, 没有).
- scope: the project or namespace the fact is limited to ("project a"), else "".
- category: one of location, work, preference, tooling, identity, account, ownership,
  relationship, plan, action, event, general.
- confidence: 0 to 1, how firmly the text asserts the fact.
- fact_type: fact, opinion, belief, observation, inference or hypothesis.
- time_text: the time expression the fact happened at or since, copied verbatim from the
  text ("last month", "since 2020", "去年"), else "". Never compute or rewrite dates.
- until_text: the verbatim expression until which the fact held, else "".
- sentence: the clause the fact was read from, copied verbatim.
- span: [start, end] character offsets of that clause in the text (0-based, end exclusive).
No facts from questions, greetings or small talk. With nothing to extract: {"facts": []}.
"""
"""The system message. The user message carries the reference time, the role and the text."""

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)
_FIRST_PERSON = frozenset({"i", "me", "my", "we", "us", "our", "myself", "我", "我的", "我们"})
_THE_USER = frozenset({"the user", "user", "用户", "该用户"})
_FACT_KEYS = ("subject", "predicate", "value")


class _Dropped(Exception):
    """A candidate the model proposed that cannot become a record (the reason is the message)."""


@dataclass(frozen=True)
class _Context:
    """What validating one response needs: the turn text and its resolved time expressions."""

    text: str
    lang: Language
    table: PredicateTable
    times: tuple[TimeMention, ...]


class LLMExtractor:
    """Candidate facts from an OpenAI-compatible `/chat/completions` endpoint (module doc)."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        table: PredicateTable | None = None,
        client: httpx.Client | None = None,
        backoff: float = 0.5,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.version = f"{VERSION_PREFIX}:{model}"
        self.model = model
        self.timeout = timeout
        self.max_retries = max(0, max_retries)
        self.table = table or default_table()
        self.backoff = backoff
        self.dropped = 0
        """Candidates dropped as unusable since this extractor was made."""
        self._sleep = sleep
        self._url, self.endpoint = _endpoint(base_url)
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._owns_client = client is None
        self._client = client if client is not None else httpx.Client()

    def __repr__(self) -> str:
        return f"LLMExtractor(model={self.model!r}, endpoint={self.endpoint!r})"

    def close(self) -> None:
        """Close the HTTP client if this extractor made it (an injected one is the caller's)."""
        if self._owns_client:
            self._client.close()

    def extract(
        self, text: str, *, reference: datetime, role: Role = Role.USER
    ) -> list[CandidateFact]:
        if not text.strip():
            return []
        times = tuple(find_times(text, reference))  # also rejects a naive reference
        content = self._complete(request_body(self.model, text, reference, role))
        context = _Context(text, language_of(text), self.table, times)
        return self._validate(parse_facts(content, self.endpoint), context)

    def _complete(self, body: dict[str, Any]) -> str:
        """POST with retries; the message content of the first usable answer."""
        attempts = self.max_retries + 1
        failure, status = "", None
        for attempt in range(attempts):
            if attempt:
                self._sleep(min(self.backoff * 2 ** (attempt - 1), 8.0))
            try:
                response = self._client.post(
                    self._url, json=body, headers=self._headers, timeout=self.timeout
                )
            except httpx.TimeoutException:
                failure, status = f"timed out after {self.timeout:g}s", None
                continue
            except httpx.HTTPError as exc:  # connection, protocol and decoding errors
                failure, status = f"could not be reached ({type(exc).__name__})", None
                continue
            status = response.status_code
            if response.is_success:
                return content_of(response, self.endpoint)
            failure = f"answered HTTP {status}"
            if status != 429 and status < 500:
                raise self._error(failure, status, attempt + 1)
        plural = "s" if attempts > 1 else ""
        raise self._error(f"{failure} after {attempts} attempt{plural}", status, attempts)

    def _error(self, failure: str, status: int | None, attempts: int) -> ExtractorError:
        details: dict[str, Any] = {"endpoint": self.endpoint, "attempts": attempts}
        if status is not None:
            details["status"] = status
        return ExtractorError(f"LLM endpoint {self.endpoint} {failure}", details=details)

    def _validate(self, raw: list[Any], context: _Context) -> list[CandidateFact]:
        facts: list[CandidateFact] = []
        for index, item in enumerate(raw):
            try:
                facts.append(read_candidate(item, context))
            except _Dropped as reason:
                self.dropped += 1
                log.debug("LLM candidate %d dropped: %s", index, reason)
        kept = unique_facts(facts)
        log.debug("LLM extractor kept %d of %d candidates", len(kept), len(raw))
        return kept


def _endpoint(base_url: str) -> tuple[str, str]:
    """(the chat completions URL, host[:port] for messages) from a base URL like .../v1."""
    try:
        url = httpx.URL(base_url.rstrip("/") + "/chat/completions")
    except (httpx.InvalidURL, TypeError) as exc:
        raise ExtractorError("LLM extractor: base_url is not a valid URL") from exc
    if url.scheme not in ("http", "https") or not url.host:
        raise ExtractorError("LLM extractor: base_url must be an http(s) URL with a host")
    host = f"{url.host}:{url.port}" if url.port else url.host
    return str(url), host


def request_body(model: str, text: str, reference: datetime, role: Role) -> dict[str, Any]:
    """The chat completions request: temperature 0, JSON output, system prompt + the turn."""
    user = f"Reference time: {reference.isoformat()}\nSpeaker role: {role.value}\nText:\n{text}"
    messages = [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]
    return {
        "model": model,
        "temperature": 0,
        "response_format": {"type": "json_object"},
        "messages": messages,
    }


def content_of(response: httpx.Response, endpoint: str) -> str:
    """`choices[0].message.content` of a chat completions answer, or ExtractorError."""
    try:
        content = response.json()["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise _shape_error(endpoint, "a body that is not a chat completion") from exc
    if not isinstance(content, str):
        raise _shape_error(endpoint, "a completion without text content")
    return content


def parse_facts(content: str, endpoint: str) -> list[Any]:
    """The `facts` list of the model's JSON answer (a ```json fenced block is accepted)."""
    fenced = _FENCE.search(content)
    payload = fenced.group(1) if fenced else content
    try:
        data = json.loads(payload)
    except ValueError as exc:
        raise _shape_error(endpoint, "content that is not JSON") from exc
    facts = data.get("facts") if isinstance(data, dict) else None
    if not isinstance(facts, list):
        raise _shape_error(endpoint, 'JSON without a "facts" list')
    return facts


def _shape_error(endpoint: str, what: str) -> ExtractorError:
    return ExtractorError(
        f"LLM endpoint {endpoint} answered {what}", details={"endpoint": endpoint}
    )


def language_of(text: str) -> Language:
    return "zh" if _CJK.search(text) else "en"


def read_candidate(raw: Any, context: _Context) -> CandidateFact:
    """A validated `CandidateFact` from one proposed object, or `_Dropped`."""
    if not isinstance(raw, dict):
        raise _Dropped("not an object")
    subject, surface, value = (_field(raw, key) for key in _FACT_KEYS)
    info, implied = normalise_predicate(context.table, surface, context.lang)
    if not (subject and surface and (implied or value)):
        raise _Dropped("missing subject, predicate or value")
    sentence = _field(raw, "sentence")
    start, end = source_span(context.text, raw.get("span"), sentence, value)
    time_at, until = _times(context, raw, (start, end))
    return CandidateFact(
        subject=_subject(subject),
        predicate=info.name,
        value=implied or value,
        polarity=_polarity(raw.get("polarity")),
        scope=_scope(_field(raw, "scope")),
        category=_category(context.table, info, _field(raw, "category")),
        confidence=_confidence(raw.get("confidence")),
        fact_type=_fact_type(raw),
        span=(start, end),
        sentence=context.text[start:end],
        time=time_at,
        until=until,
        language=context.lang,
    )


def _field(raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int | float):
        return str(value)
    return value.strip() if isinstance(value, str) else ""


def _scope(scope: str) -> str:
    return " ".join(scope.casefold().split())


def _subject(subject: str) -> str:
    folded = subject.casefold()
    if folded in _FIRST_PERSON:
        return SPEAKER
    return USER if folded in _THE_USER else subject


def normalise_predicate(
    table: PredicateTable, surface: str, lang: Language
) -> tuple[PredicateInfo, str | None]:
    """(predicate, implied value or None): table forms first, then the table's own names."""
    forms = _surface_forms(surface)
    langs = (lang, "en" if lang == "zh" else "zh")
    for form in forms:
        for each in langs:
            implied = table.implied(form, each)
            if implied is not None:
                return implied[0], implied[1]
            found = table.lookup(form, each)
            if found is not None:
                return found, None
    named = table.get(predicate_name(surface))
    return named or table.resolve(surface, lang), None


def _surface_forms(surface: str) -> list[str]:
    """The surface, with underscores as spaces, and its first word de-inflected (lives in)."""
    spaced = surface.replace("_", " ").strip()
    head, _, rest = spaced.partition(" ")
    forms = [surface, spaced]
    if head.isascii() and head.isalpha() and len(head) > 3:
        stems = [head[:-3] + "y"] if head.endswith("ies") else []
        stems += [head[:-1], head[:-2]] if head.endswith(("es", "ed")) else []
        stems += [head[:-1]] if head.endswith("s") and not head.endswith("ss") else []
        forms += [f"{stem} {rest}".strip() for stem in stems]
    return list(dict.fromkeys(forms))


def _category(table: PredicateTable, info: PredicateInfo, proposed: str) -> str:
    """A known predicate's own category; else the model's if the table knows it; else general."""
    if info.known:
        return info.category
    proposed = proposed.casefold()
    return proposed if proposed in table.categories else info.category


def _number(value: Any) -> float | None:
    try:
        number = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _polarity(value: Any) -> Literal[1, -1]:
    if isinstance(value, bool):
        return 1 if value else -1
    number = _number(value)
    return -1 if number is not None and number < 0 else 1


def _confidence(value: Any) -> float:
    number = _number(value)
    if number is None:
        return DEFAULT_CONFIDENCE
    return round(min(max(number, 0.0), 1.0, MAX_CONFIDENCE), 2)


def _fact_type(raw: dict[str, Any]) -> FactType:
    try:
        return FactType(_field(raw, "fact_type").casefold())
    except ValueError:
        return FactType.FACT


def source_span(text: str, proposed: Any, sentence: str, value: str) -> tuple[int, int]:
    """The proposed span if it covers the sentence or value; else recomputed; else _Dropped."""
    given = _as_span(proposed, len(text))
    if given is not None and _covers(text[given[0] : given[1]], sentence, value):
        return given
    near = given[0] if given else 0
    found = _find(text, sentence, near)
    if found is not None:
        return found
    found = _find(text, value, near)
    if found is not None:
        return _sentence_bounds(text, *found)
    raise _Dropped("no usable source span")


def _as_span(proposed: Any, length: int) -> tuple[int, int] | None:
    if not isinstance(proposed, list | tuple) or len(proposed) != 2:
        return None
    start, end = proposed
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (start, end)):
        return None
    return (start, end) if 0 <= start < end <= length else None


def _covers(chunk: str, sentence: str, value: str) -> bool:
    folded = chunk.casefold()
    return bool(chunk.strip()) and any(
        needle and needle.casefold() in folded for needle in (sentence, value)
    )


def _find(text: str, needle: str, near: int) -> tuple[int, int] | None:
    """The case-insensitive occurrence of `needle` nearest to offset `near`."""
    if not needle:
        return None
    hits = [m.span() for m in re.finditer(re.escape(needle), text, re.IGNORECASE)]
    return min(hits, key=lambda span: (abs(span[0] - near), span[0])) if hits else None


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around text[start:end] (up to . ! ? ; 。！？；or a newline), trimmed."""
    left = max((m.end() for m in SENTENCE_END.finditer(text, 0, start)), default=0)
    stop = SENTENCE_END.search(text, end)
    right = stop.start() if stop else len(text)
    chunk = text[left:right]  # contains the stripped, non-empty needle: trimming stops there
    return left + len(chunk) - len(chunk.lstrip()), right - len(chunk) + len(chunk.rstrip())


def _times(
    context: _Context, raw: dict[str, Any], span: tuple[int, int]
) -> tuple[TimeMention | None, TimeMention | None]:
    at = _resolve_time(context, _field(raw, "time_text"), span)
    until = _resolve_time(context, _field(raw, "until_text"), span)
    if at is not None and at.role == "until" and until is None:
        return None, at
    return at, until


def _resolve_time(context: _Context, phrase: str, span: tuple[int, int]) -> TimeMention | None:
    """The text's own resolved expression where the model's `phrase` occurs, nearest `span`.

    A phrase that is not in the text, or that the rules do not resolve there, gives no time:
    the model may not invent or compute dates.
    """
    found = _find(context.text, phrase, span[0])
    if found is None:
        return None
    hits = [m for m in context.times if m.span[0] < found[1] and found[0] < m.span[1]]
    return hits[0] if hits else None
