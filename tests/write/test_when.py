"""Event time on conversations, through `Memory` on both backends (issue 33, items 2 and 3).

A re-said statement that names its own time is another occurrence with its own date; a
question that asks when ranks the facts whose time was said first, and every hit shows the
period and the words it came from.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from service.clients.memory import Memory
from service.http.app import create_app
from service.read.answers import SearchOut


def _say(memory: Memory, text: str, day: str, user: str = "alice") -> list[tuple[str, str]]:
    out = memory.add([{"role": "user", "content": text}], user_id=user, observation_date=day)
    return [(r.event, r.fact.valid_at[:10]) for r in out.results]  # type: ignore[union-attr]


def _first_fact(found: SearchOut) -> tuple[str, str, str | None, str]:
    fact = next(hit.fact for hit in found.results if hit.fact is not None)
    return fact.value, fact.valid_at[:10], (fact.valid_end or "")[:10], fact.valid_phrase


def test_a_restatement_with_its_own_time_is_another_occurrence(memory: Memory) -> None:
    assert _say(memory, "Took a quick trip to Lyon last week.", "2024-05-15") == [
        ("ADD", "2024-05-06")
    ]
    assert _say(memory, "Took a quick trip to Lyon last week.", "2024-07-15") == [
        ("ADD", "2024-07-08")
    ]
    assert _say(memory, "We won the cup.", "2024-05-20") == [("ADD", "2024-05-20")]
    assert _say(memory, "We won the cup last weekend.", "2024-06-20") == [("ADD", "2024-06-15")]
    assert _say(memory, "We won the cup.", "2024-06-21") == [("NOOP", "2024-05-20")]


def test_a_when_question_puts_the_dated_fact_first_with_its_period(memory: Memory) -> None:
    _say(memory, "I love weekend trips to Hangzhou, Hangzhou is lovely.", "2024-05-01")
    _say(memory, "We went to Hangzhou last weekend.", "2024-05-15")
    found = memory.search("When did we go to Hangzhou?", user_id="alice")
    assert _first_fact(found) == ("Hangzhou", "2024-05-11", "2024-05-13", "last weekend")


def test_a_when_question_about_a_thing_picked_by_another_fact(memory: Memory) -> None:
    """ "When is the party with forty guests?": the best match says no time; the dated fact
    naming the same party answers."""
    _say(memory, "The Lakeview party will have forty guests.", "2024-05-14")
    _say(memory, "The Lakeview party is next Saturday.", "2024-05-15")
    found = memory.search("When is the party with forty guests?", user_id="alice")
    assert _first_fact(found)[1:] == ("2024-05-25", "2024-05-26", "next Saturday")


def test_a_chinese_when_question(memory: Memory) -> None:
    _say(memory, "我很喜欢杭州，杭州很美。", "2024-05-01")
    _say(memory, "我上个周末去了杭州。", "2024-05-15")
    found = memory.search("我哪天去的杭州？", user_id="alice")
    assert _first_fact(found) == ("杭州", "2024-05-11", "2024-05-13", "上个周末")


def test_rest_and_graphql_show_the_period_and_the_phrase(memory: Memory) -> None:
    _say(memory, "Took a quick trip to Lyon last week.", "2024-05-15")
    with TestClient(base_url="http://127.0.0.1", app=create_app(memory.container)) as client:
        rest = client.get("/v1/search", params={"q": "when did I go to Lyon", "user_id": "alice"})
        fact = rest.json()["results"][0]["fact"]
        query = (
            'query($q: String!) { search(q: $q, userId: "alice") '
            "{ fact { validAt validEnd validPhrase } } }"
        )
        gql = client.post("/graphql", json={"query": query, "variables": {"q": "when Lyon"}})
    assert (fact["valid_at"][:10], fact["valid_end"][:10], fact["valid_phrase"]) == (
        "2024-05-06",
        "2024-05-13",
        "last week",
    )
    first = gql.json()["data"]["search"][0]["fact"]
    assert (first["validEnd"][:10], first["validPhrase"]) == ("2024-05-13", "last week")


def _held(memory: Memory, predicate: str, as_of: str | None = None) -> list[str]:
    found = memory.facts(user_id="alice", predicate=predicate, as_of=as_of)["facts"]
    return sorted(f["value"] for f in found)


def test_a_range_holds_through_its_last_period(memory: Memory) -> None:
    """ "from 2015 to 2019", "between 2017 and 2020", 2015年到2019年: the state held through
    the last year named (before, it ended as that year began), and not now."""
    _say(memory, "I lived in Paris from 2015 to 2019.", "2024-03-01")
    _say(memory, "I worked at Google between 2017 and 2020.", "2024-03-01")
    _say(memory, "我2015年到2019年住在巴黎", "2024-03-01", user="bo")
    assert _held(memory, "lives_in", "2019-06-01") == ["Paris"]
    assert _held(memory, "works_at", "2020-06-01") == ["Google"]
    assert _held(memory, "lives_in") == [] and _held(memory, "works_at") == []
    chinese = memory.facts(user_id="bo", predicate="lives_in", as_of="2019-06-01")["facts"]
    assert [f["value"] for f in chinese] == ["巴黎"]
    assert memory.facts(user_id="bo", predicate="lives_in")["facts"] == []


def test_a_length_after_a_perfect_says_since_when(memory: Memory) -> None:
    """ "I have lived in Berlin for three years" (said in March 2024) held in 2022 already;
    before, it began the day it was told."""
    _say(memory, "I have lived in Berlin for three years.", "2024-03-01")
    _say(memory, "我在北京住了五年了。", "2024-03-01", user="bo")
    assert _held(memory, "lives_in", "2022-06-01") == ["Berlin"]
    chinese = memory.facts(user_id="bo", predicate="lives_in", as_of="2020-06-01")["facts"]
    assert [f["value"] for f in chinese] == ["北京"]


def test_a_colloquial_job_with_its_length_starts_that_long_ago(memory: Memory) -> None:
    _say(memory, "我已经在这家公司干了两年了。", "2024-03-01")
    assert _held(memory, "works_at", "2022-06-01") == ["这家公司"]


def test_a_dated_happening_is_an_event_not_a_state(memory: Memory) -> None:
    """我前年结婚了 stored `is 结婚` beside its event; 我单身 stays a state."""
    _say(memory, "我前年结婚了。", "2024-03-01")
    _say(memory, "我单身。", "2020-03-01", user="bo")
    facts = memory.facts(user_id="alice")["facts"]
    assert [(f["predicate"], f["value"], f["valid_at"][:4]) for f in facts] == [
        ("event_at", "我结婚了", "2022")
    ]
    assert [f["value"] for f in memory.facts(user_id="bo", predicate="is")["facts"]] == ["单身"]
