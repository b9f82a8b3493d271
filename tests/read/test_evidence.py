"""Every hit carries its evidence: a fact hit shows the turn it was read from (body, speaker,
observation time), so the question's words and the answer are in what the agent reads; on
both backends, through `Memory`, REST and GraphQL (the client and MCP: tests/api/)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from service.agent.quotes import quotable
from service.clients.memory import Memory
from service.http.app import create_app
from service.read.requests import SearchRequest
from service.read.search import search

CROSSWORD = "That sounds rough. Did you at least finish your crossword puzzle?"
POTTERY = "Honestly the pottery workshop made me rethink how patient I can be"


def _first(memory: Memory, q: str, user: str = "alice", **options: Any) -> dict[str, Any]:
    hits: list[dict[str, Any]] = memory.search(q, user_id=user, **options)["results"]
    assert hits, q
    return hits[0]


def test_the_issue_s_examples_answer_with_the_turn_s_text(memory: Memory) -> None:
    said = [
        {"role": "user", "name": "Joanna", "content": CROSSWORD,
         "timestamp": "2026-05-02T18:00:00Z"},
        {"role": "user", "name": "Nate", "content": POTTERY, "timestamp": "2026-05-02T18:01:00Z"},
    ]  # fmt: skip
    memory.add(said, user_id="alice")
    for q, body, speaker in (
        ("crossword puzzle", CROSSWORD, "Joanna"),
        ("how patient", POTTERY, "Nate"),
    ):
        hit = _first(memory, q)
        assert hit["episode"]["body"] == body, hit
        assert hit["episode"]["speaker"] == speaker
        assert hit["episode"]["observed_at"].startswith("2026-05-02T18:0")
        words = q.split()[-1]
        assert words in hit["memory"] or words in hit["episode"]["body"]


def test_a_fact_hit_carries_the_turn_it_was_read_from(memory: Memory) -> None:
    answer = memory.add(
        [{"role": "user", "name": "Priya", "content": "I moved to Lisbon last spring, finally!"}],
        user_id="alice",
    )
    hit = _first(memory, "where does Priya live")
    assert hit["kind"] == "fact" and hit["fact"]["value"] == "Lisbon"
    assert hit["episode"]["id"] == hit["fact"]["episode_id"] == answer["episode_id"]
    assert hit["episode"]["body"] == "I moved to Lisbon last spring, finally!"
    assert hit["episode"]["speaker"] == "Priya"


def test_a_fact_found_only_by_its_words_still_carries_its_turn(memory: Memory) -> None:
    """A fact whose turn is not among the episode candidates (found by the graph or vector
    channel) is shown with its turn too: read after the answer is chosen."""
    for n in range(6):
        memory.add(f"Talked with Omar about the garden, round {n}.", user_id="alice")
    memory.add("I work at Siemens in Munich.", user_id="alice")
    hits = memory.search("employer", user_id="alice", limit=10)["results"]
    facts = [h for h in hits if h["kind"] == "fact"]
    assert facts and all(h["episode"] and h["episode"]["body"] for h in facts)


def test_a_turn_closed_to_the_caller_is_not_shown(memory: Memory) -> None:
    """A caller holding the source's permission reads the fact with its turn; one who does
    not sees neither (the fact's other, open turn is still found as itself)."""
    memory.add("I live in Oslo.", user_id="alice", permissions=["hr"])
    memory.add("I live in Oslo, it is cold.", user_id="alice")
    request = SearchRequest(q="where do I live", user_id="alice")
    insider = search(memory.reads, request, principals=("hr",)).results
    assert "I live in Oslo." in [h.episode.body for h in insider if h.kind == "fact" and h.episode]
    outsider = search(memory.reads, request, principals=("sales",)).results
    shown = [h.episode.body for h in outsider if h.episode]
    assert "I live in Oslo, it is cold." in shown and "I live in Oslo." not in shown


def test_rest_and_graphql_show_the_turn_of_a_fact_hit(memory: Memory) -> None:
    memory.add(
        [{"role": "user", "name": "Joanna", "content": CROSSWORD,
          "timestamp": "2026-05-02T18:00:00Z"}], user_id="alice",
    )  # fmt: skip
    query = """query($q: String!) { search(q: $q, userId: "alice") {
        kind memory episode { body speaker observedAt } } }"""
    with TestClient(create_app(memory.container), base_url="http://127.0.0.1") as client:
        rest = client.get("/v1/search", params={"q": "crossword puzzle", "user_id": "alice"})
        graphql = client.post("/graphql", json={"query": query, "variables": {"q": "crossword"}})
    first = rest.json()["results"][0]
    assert (first["episode"]["body"], first["episode"]["speaker"]) == (CROSSWORD, "Joanna")
    hit = graphql.json()["data"]["search"][0]
    assert hit["episode"] == {
        "body": CROSSWORD,
        "speaker": "Joanna",
        "observedAt": "2026-05-02T18:00:00+00:00",
    }


def test_the_mcp_text_quotes_the_turn_of_a_fragment_once() -> None:
    turn = {"body": POTTERY, "speaker": "Nate", "observed_at": "2026-05-02T18:01:00+00:00"}
    hits = [
        {"kind": "fact", "memory": "I love clay now", "superseded_by": "f-2", "episode": turn},
        {"kind": "fact", "memory": POTTERY + ".", "episode": turn},
        {"kind": "episode", "memory": CROSSWORD, "episode": turn | {"body": CROSSWORD}},
    ]
    assert quotable({"results": hits}).splitlines() == [
        "1. I love clay now [superseded]",
        f'   from Nate, 2026-05-02: "{POTTERY}"',
        f'2. Nate, 2026-05-02: "{POTTERY}"',
        f'3. Nate, 2026-05-02: "{CROSSWORD}"',
    ]
    assert quotable({"results": []}) == "No memory matches."
