"""bench.when.timex's derivation and scorer on an invented TimeML document (no fetched byte)."""

from __future__ import annotations

from datetime import date

import pytest

from bench.when.timex import (
    Outcome,
    classify,
    gold_interval,
    grade,
    half,
    report,
    score,
    targets,
)
from bench.when.timex_data import document, listed

DCT = (
    b'<DCT><TIMEX3 functionInDocument="CREATION_TIME" temporalFunction="false" tid="t0"'
    b' type="DATE" value="2024-05-15">May 15, 2024</TIMEX3></DCT>'
)
ANCHORED = b'temporalFunction="true" anchorTimeID="t0"'
TML = b"".join([
    b'<?xml version="1.0" ?><TimeML>', DCT, b"<TEXT>\nThe mayor <EVENT eid=\"e1\">opened</EVENT>",
    b' the bridge <TIMEX3 tid="t1" type="DATE" value="2024-05-10" ', ANCHORED,
    b">last Friday</TIMEX3>. Crowds came over <TIMEX3 tid=\"t2\" type=\"DATE\"",
    b' value="2024-W19-WE" ', ANCHORED, b">the weekend</TIMEX3>.\n\nIt cost more than",
    b' <TIMEX3 tid="t3" type="DATE" value="2021" temporalFunction="true" anchorTimeID="t9">',
    b'three years ago</TIMEX3>, in <TIMEX3 tid="t4" type="DATE" value="2019"',
    b' temporalFunction="false">2019</TIMEX3>, for <TIMEX3 tid="t5" type="DURATION"',
    b' value="P2Y" ', ANCHORED, b">two years</TIMEX3>.\n</TEXT></TimeML>",
])  # fmt: skip


def test_document_keeps_dct_anchored_dates_with_their_sentence() -> None:
    items = document("x.tml", TML)
    assert [i["tid"] for i in items] == ["t1", "t2"]
    first, second = items
    assert first["dct"] == "2024-05-15"
    assert first["context"] == "The mayor opened the bridge last Friday."
    assert first["context"][slice(*first["span"])] == "last Friday"
    assert second["context"] == "Crowds came over the weekend."
    assert second["context"][slice(*second["span"])] == second["text"]


def test_listed_reads_a_tree_listing() -> None:
    listing = b"tree abc:data/x\n\nb.tml\nREADME\na.tml\n"
    assert listed(lambda _: listing, "data/x") == ["data/x/a.tml", "data/x/b.tml"]


@pytest.mark.parametrize(
    ("value", "interval"),
    [
        ("1998-02-27", (date(1998, 2, 27), date(1998, 2, 28))),
        ("1998-02-27TEV", (date(1998, 2, 27), date(1998, 2, 28))),
        ("1998-W09", (date(1998, 2, 23), date(1998, 3, 2))),
        ("1990-W32-WE", (date(1990, 8, 11), date(1990, 8, 13))),
        ("2024-02", (date(2024, 2, 1), date(2024, 3, 1))),
        ("1988-Q3", (date(1988, 7, 1), date(1988, 10, 1))),
        ("1988-Q4", (date(1988, 10, 1), date(1989, 1, 1))),
        ("1998-H2", (date(1998, 7, 1), date(1999, 1, 1))),
        ("1996", (date(1996, 1, 1), date(1997, 1, 1))),
        ("PAST_REF", None),
        ("199X", None),
        ("1998-SU", None),
        ("1989-WXX", None),
    ],
)
def test_gold_interval(value: str, interval: tuple[date, date] | None) -> None:
    assert gold_interval(value) == interval


def test_grade_equal_nested_and_apart() -> None:
    year = (date(1996, 1, 1), date(1997, 1, 1))
    day = (date(1996, 4, 24), date(1996, 4, 25))
    assert grade(year, year) == (True, True)
    assert grade(day, year) == (False, True)
    assert grade(year, day) == (False, True)
    assert grade((date(1997, 4, 24), date(1997, 4, 25)), year) == (False, False)
    assert grade(None, year) == (False, False)


def test_classify_uses_the_keyword_classes() -> None:
    assert classify("the weekend") == "weekend"
    assert classify("last Tuesday") == "weekday"
    assert classify("two years ago") == "ago"
    assert classify("the third quarter") == "quarter"
    assert classify("Q3 1998") == "quarter"
    assert classify("last month") == "other"


def test_the_split_is_by_document_and_fixed() -> None:
    """The halves are a function of the file name alone (the tune half's misses may be read,
    the held half's never): sha256("x.tml") starts with an even byte, of "y.tml" odd."""
    assert [half("x.tml"), half("y.tml")] == ["tune", "held"]
    assert {half(f"doc{i}.tml") for i in range(20)} == {"tune", "held"}


def test_score_grades_ours_beside_the_document_date() -> None:
    outcome = Outcome()
    for item in document("x.tml", TML):
        score(item, outcome)
    score({"doc": "y", "dct": "2024-05-15", "tid": "t1", "text": "now", "value": "PRESENT_REF",
           "context": "now", "span": [0, 3]}, outcome)  # fmt: skip
    weekday, weekend = outcome.classes["weekday"], outcome.classes["weekend"]
    assert (weekday.n, weekday.equal, weekday.base_equal, weekday.base_nested) == (1, 1, 0, 0)
    assert (weekend.n, weekend.equal, weekend.nested) == (1, 1, 1)
    assert outcome.classes["other"].no_interval == 1
    assert outcome.misses == []
    assert report(outcome)[-1].split()[:2] == ["all", "2"]
    assert targets(outcome)[:2] == [
        "target weekend >= 80%: nested 100.0%, equal 100.0% (n=1): met, on too few to judge",
        "target weekday >= 80%: nested 100.0%, equal 100.0% (n=1): met, on too few to judge",
    ]
    assert targets(outcome)[2].endswith("(n=0): NOT met")
