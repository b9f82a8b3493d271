"""bench.when on input we invent: both derivations and the scoring, on both backends.

No fetched byte is read: the sources are tiny files in MemDaily's and TweeTIME's formats,
written below with invented events and tweets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.when import dialogue as when
from bench.when.data import gold_day, memdaily, tweetime
from service.clients.memory import Memory

TRAJECTORY = {
    "tid": 4,
    "message_list": [
        {"mid": 0, "message": "我将要参加松江灯会。", "time": "2024年04月01日 周一 08:30"},
        {"mid": 1, "message": "松江灯会的地点是上海。", "time": "2024年04月02日 周二 09:00"},
        {"mid": 2, "message": "松江灯会的时间是下周六晚上七点。",
         "time": "2024年04月03日 周三 07:06"},
        {"mid": 3, "message": "松江灯会的规模是三千人。", "time": "2024年04月03日 周三 20:10"},
    ],
    "question_list": [
        {"qid": 0, "question": "松江灯会的时间是什么？", "answer": "2024年04月13日 周六 19:00",
         "target_step_id": [2]},
        {"qid": 1, "question": "那个地点是上海的活动，时间是什么？",
         "answer": "2024年04月13日 周六 19:00", "target_step_id": [1, 2]},
        {"qid": 2, "question": "松江灯会的规模是什么？", "answer": "三千人", "target_step_id": [3]},
    ],
}  # fmt: skip
TWEETS = (
    "Sprained my ankle on Friday, cannot walk\t2015-01-11\t2015-01-09\t2015-01-09\n"
    "just a thought about life\t2015-01-11\tNone\tNone\n"
    "Gig at the Crown tomorrow night!\t2015-03-05\t2015-03-06\t2015-03-06\n"
)


def _read(files: dict[str, bytes]) -> Any:
    return lambda path: files[path]


def test_memdaily_keeps_the_date_questions_of_a_trajectory() -> None:
    files = {"d/01_simple_events.json": json.dumps([TRAJECTORY]).encode("utf-8")}
    (conversation,) = json.loads(memdaily(_read(files), tuple(files)))["data"]
    assert conversation["id"] == "01_simple_events/4"
    assert conversation["turns"][2] == {
        "id": "2", "text": "松江灯会的时间是下周六晚上七点。", "at": "2024-04-03T07:06:00+08:00"
    }  # fmt: skip
    assert [(q["id"], q["gold"], q["evidence"]) for q in conversation["questions"]] == [
        ("0", ["2024-04-13", "2024-04-14"], ["2"]),
        ("1", ["2024-04-13", "2024-04-14"], ["1", "2"]),
    ]


def test_tweetime_keeps_tweets_with_gold_dates() -> None:
    files = {"data/test_input_final.txt": TWEETS.encode("utf-8")}
    data = json.loads(tweetime(_read(files), tuple(files)))["data"]
    assert [c["id"] for c in data] == ["test/1", "test/3"]
    assert data[0]["questions"][0] == {
        "id": "0", "question": "When Sprained my ankle on Friday, cannot walk",
        "gold": ["2015-01-09", "2015-01-10"], "evidence": ["0"],
    }  # fmt: skip
    assert gold_day("2024-04-12 9:00") is not None and gold_day("三千人") is None


def test_the_bench_scores_answers_beside_the_turn_date(memory: Memory, tmp_path: Path) -> None:
    files = {"d/02_conditional_events.json": json.dumps([TRAJECTORY]).encode("utf-8")}
    path = tmp_path / "memdaily.json"
    path.write_bytes(memdaily(_read(files), tuple(files)))
    (conversation,) = when.load("memdaily", path)
    outcome = when.Outcome()
    when.ingest(memory, conversation)
    when.score(memory, conversation, outcome, "memdaily")
    total = outcome.tallies["all/all"]
    assert (total.n, total.covered, total.right, total.baseline) == (2, 2, 2, 0)
    assert outcome.tallies["memdaily/weekday"].n == 2
    assert any("target right / covered" in line for line in when.targets(outcome))
    assert when.report(outcome)[2].startswith("| memdaily/weekday | 2 | 2 | 100.0%")
