"""The `when` benchmark's data sets, derived mechanically from their public sources.

Both make the same shape, `{"data": [conversation]}` written with json.dumps(ensure_ascii=False,
indent=0): a conversation is `{"id", "turns": [{"id", "text", "at"}], "questions": [{"id",
"question", "gold": [first day, day after], "evidence": [turn ids]}]}`; `at` is ISO 8601 with
the source's offset, gold days are ISO dates in that offset. Nothing is edited by hand or
selected by how the extractor does (see bench/data/memdaily.toml and tweetime.toml).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

Reader = Callable[[str], bytes]
_ZH_TIME = re.compile(r"(\d{4})年(\d{2})月(\d{2})日\s*\S*\s*(\d{1,2}):(\d{2})")
_GOLD = re.compile(r"^(?:(\d{4})年(\d{2})月(\d{2})日|(\d{4})-(\d{2})-(\d{2}))")


def _dump(conversations: list[dict[str, Any]]) -> bytes:
    return json.dumps({"data": conversations}, ensure_ascii=False, indent=0).encode("utf-8")


def _zh_time(text: str) -> str:
    """ "2024年04月01日 周一 08:30" -> "2024-04-01T08:30:00+08:00" (the set is of China)."""
    m = _ZH_TIME.match(text)
    if m is None:
        raise ValueError(f"not a MemDaily time: {text!r}")
    year, month, day, hour, minute = (int(g) for g in m.groups())
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:00+08:00"


def gold_day(answer: str) -> date | None:
    """The day an answer names when it starts with a full date, else None."""
    m = _GOLD.match(answer.strip())
    if m is None:
        return None
    parts = [g for g in m.groups() if g is not None]
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        return None


def memdaily(read: Reader, paths: tuple[str, ...]) -> bytes:
    """MemSim's MemDaily (Chinese): every trajectory with a question whose answer is a date.

    Files in path order, trajectories in file order; a trajectory is one conversation
    (`<file stem>/<tid>`), its messages the turns (`mid`, `message`, `time`); its questions
    whose `answer` starts with a full date (2024年04月13日..., 2024-04-12...) keep `qid`,
    `question`, the answer's day as gold and `target_step_id` as evidence.
    """
    conversations = []
    for path in paths:
        stem = path.rsplit("/", 1)[-1].removesuffix(".json")
        for trajectory in json.loads(read(path)):
            questions = _memdaily_questions(trajectory)
            if questions:
                conversations.append({
                    "id": f"{stem}/{trajectory['tid']}",
                    "turns": [
                        {"id": str(m["mid"]), "text": m["message"], "at": _zh_time(m["time"])}
                        for m in trajectory["message_list"]
                    ],
                    "questions": questions,
                })  # fmt: skip
    return _dump(conversations)


def _memdaily_questions(trajectory: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for q in trajectory["question_list"]:
        day = gold_day(str(q["answer"]))
        if day is not None:
            out.append({
                "id": str(q["qid"]),
                "question": q["question"],
                "gold": [day.isoformat(), (day + timedelta(days=1)).isoformat()],
                "evidence": [str(i) for i in q["target_step_id"]],
            })  # fmt: skip
    return out


def tweetime(read: Reader, paths: tuple[str, ...]) -> bytes:
    """TweeTIME's evaluation tweets (English): each tweet with a gold event date is a
    one-turn conversation of its author.

    Lines `tweet \\t creation date \\t gold date(s) \\t predicted`, files in path order; kept:
    lines whose gold is one or more dates (none "None"); gold = first to last gold day + 1.
    The turn is dated at noon UTC of the creation date; the question is "When " + the tweet,
    the mechanical question "when did what this turn tells happen?".
    """
    conversations = []
    for path in paths:
        stem = path.rsplit("/", 1)[-1].split("_")[0]
        lines = read(path).decode("utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            fields = line.split("\t")
            if len(fields) < 3 or "None" in fields[2] or not fields[2].strip():
                continue
            days = sorted(date.fromisoformat(d.strip()) for d in fields[2].split(","))
            conversation_id = f"{stem}/{number}"
            conversations.append({
                "id": conversation_id,
                "turns": [{"id": "0", "text": fields[0], "at": f"{fields[1]}T12:00:00+00:00"}],
                "questions": [{
                    "id": "0",
                    "question": f"When {fields[0]}",
                    "gold": [days[0].isoformat(), (days[-1] + timedelta(days=1)).isoformat()],
                    "evidence": ["0"],
                }],
            })  # fmt: skip
    return _dump(conversations)
