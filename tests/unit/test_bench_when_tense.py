"""bench.when.tense's derivation and scorer on an invented TimeML document (no fetched byte)."""

from __future__ import annotations

from typing import Any

from bench.when.tense import (
    Stored,
    Tally,
    by_tense,
    event_facts,
    grade,
    holds_now,
    report,
    score,
)
from bench.when.tense_data import GOLD, INVERSE, document

DCT = (
    b'<DCT><TIMEX3 functionInDocument="CREATION_TIME" temporalFunction="false" tid="t0"'
    b' type="DATE" value="1998-01-08">January 8, 1998</TIMEX3></DCT>'
)
TML = b"".join([
    b'<?xml version="1.0" ?><TimeML>', DCT, b"<TEXT>\nSmith <EVENT eid=\"e1\" class=\"STATE\">",
    b'lived</EVENT> in Oslo. Jones <EVENT eid="e2" class="STATE">is</EVENT> the chief.',
    b' He <EVENT eid="e3" class="OCCURRENCE">will</EVENT> <EVENT eid="e4" class="OCCURRENCE">',
    b'lead</EVENT> it <TIMEX3 tid="t1" type="DATE" value="1998-02">next month</TIMEX3>.\n',
    b'Prices <EVENT eid="e5" class="OCCURRENCE">rose</EVENT> and <EVENT eid="e6"',
    b' class="OCCURRENCE">fell</EVENT>.\n</TEXT>',
    b'<MAKEINSTANCE eventID="e1" eiid="ei1" tense="PAST" aspect="NONE" polarity="POS" pos="VERB"/>',
    b'<MAKEINSTANCE eventID="e2" eiid="ei2" tense="PRESENT" aspect="NONE" polarity="POS"/>',
    b'<MAKEINSTANCE eventID="e4" eiid="ei4" tense="FUTURE" aspect="NONE" polarity="POS"/>',
    b'<MAKEINSTANCE eventID="e5" eiid="ei5" tense="PAST" aspect="NONE" polarity="POS"/>',
    b'<MAKEINSTANCE eventID="e6" eiid="ei6" tense="PAST" aspect="NONE" polarity="POS"/>',
    b'<TLINK lid="l1" relType="BEFORE" eventInstanceID="ei1" relatedToTime="t0"/>',
    b'<TLINK lid="l2" relType="IS_INCLUDED" timeID="t0" relatedToEventInstance="ei2"/>',
    b'<TLINK lid="l3" relType="AFTER" eventInstanceID="ei4" relatedToTime="t0"/>',
    b'<TLINK lid="l4" relType="BEFORE" eventInstanceID="ei5" relatedToTime="t0"/>',
    b'<TLINK lid="l5" relType="AFTER" eventInstanceID="ei5" relatedToTime="t0"/>',
    b'<TLINK lid="l6" relType="BEFORE" eventInstanceID="ei6" relatedToTime="t1"/>',
    b"</TimeML>",
])  # fmt: skip


def test_document_keeps_dct_linked_events_with_their_sentence_and_gold() -> None:
    items = {i["eiid"]: i for i in document("x.tml", TML)}
    assert set(items) == {"ei1", "ei2", "ei4"}  # ei5's links disagree, ei6 links another time
    lived, chief, lead = items["ei1"], items["ei2"], items["ei4"]
    assert (lived["gold"], lived["class"], lived["tense"], lived["dct"]) == (
        "over", "STATE", "PAST", "1998-01-08")  # fmt: skip
    assert lived["context"] == "Smith lived in Oslo."
    assert lived["context"][slice(*lived["span"])] == "lived"
    assert (chief["rel"], chief["gold"], chief["aspect"]) == ("INCLUDES", "holds", "NONE")
    assert chief["context"][slice(*chief["span"])] == "is"
    assert (lead["gold"], lead["pos"]) == ("future", "NONE")
    assert lead["context"] == "He will lead it next month."


def test_every_relation_and_its_inverse_have_a_gold_answer() -> None:
    assert set(INVERSE) == set(GOLD)
    assert all(INVERSE[INVERSE[rel]] == rel for rel in INVERSE)
    assert GOLD["ENDED_BY"] == "over" and GOLD["BEGUN_BY"] == "holds"


def test_the_plain_tense_rule() -> None:
    assert [by_tense(t) for t in ("PAST", "PASTPART", "FUTURE", "PRESENT", "NONE")] == [
        "over", "over", "future", "holds", "holds"]  # fmt: skip


def test_the_event_facts_are_those_of_the_shortest_covering_span() -> None:
    facts = [Stored(0, 20, True, "is_a"), Stored(6, 19, False, "lives_in"),
             Stored(21, 30, True, "said"), Stored(6, 19, True, "works_at")]  # fmt: skip
    assert event_facts(facts, (6, 11)) == [facts[1], facts[3]]
    assert event_facts(facts, (0, 5)) == [facts[0]]
    assert event_facts(facts, (40, 45)) == []


def _item(gold: str, tense: str, doc: str = "a.tml") -> dict[str, Any]:
    return {"doc": doc, "dct": "1998-01-08", "eiid": "ei1", "text": "lived", "class": "STATE",
            "tense": tense, "aspect": "NONE", "rel": "BEFORE", "gold": gold,
            "context": "Smith lived in Oslo.", "span": [6, 11]}  # fmt: skip


def test_grade_scores_current_against_the_gold_and_both_baselines() -> None:
    assert grade(_item("over", "PAST"), False) == Tally(1, 1, 1, 0, 1, 1)
    assert grade(_item("over", "PAST"), True) == Tally(1, 1, 0, 0, 1, 1)
    assert grade(_item("holds", "PAST"), True) == Tally(1, 1, 1, 1, 0, 0)
    assert grade(_item("future", "FUTURE"), True) == Tally(1, 1, 0, 0, 1, 1)
    assert grade(_item("holds", "PRESENT"), None) == Tally(n=1, tensed_all=1)


def test_score_splits_by_document_and_prints_misses_of_the_tune_half_only() -> None:
    items = [_item("over", "PAST", doc=f"d{n}.tml") for n in range(8)]
    told = {"1998-01-08 Smith lived in Oslo.": [Stored(0, 19, True, "lives_in")]}
    halves = score(items, told)
    assert sum(h.rows["all"].n for h in halves.values()) == 8
    assert all(h.rows["class STATE"].right == 0 for h in halves.values())
    assert sum(h.rows["fact in [past_tense]"].covered for h in halves.values()) == 8
    assert len(halves["tune"].misses) == halves["tune"].rows["all"].n
    assert "[lived]" in halves["tune"].misses[0]
    lines = report(halves["tune"], halves["held"])
    assert lines[2].startswith(f"| all | {halves['tune'].rows['all'].n} | 100.0%")
    assert lines[0].endswith("before: right / covered |")


def test_a_current_plan_says_its_event_does_not_hold_yet() -> None:
    assert holds_now([Stored(0, 9, True, "lives_in")])
    assert not holds_now([Stored(0, 9, True, "plans")])
    assert not holds_now([Stored(0, 9, False, "lives_in")])
    assert holds_now([Stored(0, 9, False, "lives_in"), Stored(0, 9, True, "works_at")])
    told = {"1998-01-08 Smith lived in Oslo.": [Stored(0, 19, True, "plans")]}
    halves = score([_item("future", "FUTURE", doc=f"d{n}.tml") for n in range(4)], told)
    assert sum(h.rows["all"].right for h in halves.values()) == 4
