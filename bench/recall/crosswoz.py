"""The second Chinese set of bench/recall: CrossWOZ's validation dialogues, with questions
derived from the dialogue acts the system's turns state (the `derive` of bench/data/crosswoz.toml).

CrossWOZ (Zhu et al., TACL 2020; Apache-2.0) is Chinese task-oriented dialogue about Beijing's
attractions, restaurants and hotels, written by crowd workers in pairs (a user and a system
side). Each system turn carries its dialogue acts (`Inform`, domain, slot, value) and the
database entities it used (`sys_state[domain].selectedResults`). A turn that informs one slot
of the one entity it used, the value in its words, *states* that (entity, slot): it becomes a
question `{entity}的{slot}是什么？` exactly as KdConv's (bench/data/derive.py), with every turn
stating it as evidence and the values as answers. The informing turn rarely names the entity
("地址是在小汤山镇讲礼村讲礼大队对面。" after "餐馆的地址是在哪啊？"), as in real conversation.
Names (名称) are not asked (they are the entity itself), nor yes/no facility flags.
"""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

from bench.data.derive import Stated, questions_of
from bench.data.fetch import Reader

CROSSWOZ_DIALOGUES = 60
"""Dialogues taken from the start of the validation file, in its order."""
CROSSWOZ_DOMAINS = {"景点": "attraction", "餐馆": "restaurant", "酒店": "hotel"}
"""The domains whose entities have a name and attributes (metro and taxi have neither)."""


def _asked(slot: str) -> bool:
    """Not the name (the entity itself), nor a yes/no facility flag (`酒店设施-叫醒服务`: 是)."""
    return slot != "名称" and "-" not in slot


def _stated(title: str, uid: int, message: dict[str, Any]) -> list[Stated]:
    """What one system turn states: each informed slot of the single entity its domain used,
    the value in the turn's words."""
    text = str(message["content"])
    found: list[Stated] = []
    for intent, domain, slot, informed in message.get("dialog_act", []):
        used = (message.get("sys_state") or {}).get(domain, {}).get("selectedResults", [])
        value = str(informed).strip()
        if intent != "Inform" or domain not in CROSSWOZ_DOMAINS or not _asked(str(slot)):
            continue
        if len(used) == 1 and value and value != "none" and value in text:
            found.append((str(used[0]), str(slot), f"{title}#{uid}", value))
    return found


def _dialogue(title: str, dialogue: dict[str, Any]) -> dict[str, Any]:
    """Utterances (no speakers: a user and a system side, both anonymous) and what the system's
    turns state, and the dialogue's domain."""
    utterances, stated = [], []
    for uid, message in enumerate(dialogue["messages"]):
        utterances.append({"uid": uid, "speakers": [], "utterance": str(message["content"])})
        if message.get("role") == "sys":
            stated.extend(_stated(title, uid, message))
    return {"title": title, "utterances": utterances, "stated": stated,
            "domain": _domain_of(dialogue)}  # fmt: skip


def _domain_of(dialogue: dict[str, Any]) -> str:
    """The first domain the dialogue's goal names (its questions' category)."""
    named = (str(goal[1]) for goal in dialogue.get("goal", []))
    return next((CROSSWOZ_DOMAINS[d] for d in named if d in CROSSWOZ_DOMAINS), "other")


def crosswoz_val(read: Reader, paths: tuple[str, ...]) -> bytes:
    """The first CROSSWOZ_DIALOGUES dialogues of the validation file (`val.json.zip`), in
    file order, titled `val_NNN`, with the derived questions (see the module's docstring)."""
    (path,) = paths
    with zipfile.ZipFile(io.BytesIO(read(path))) as archive:
        (name,) = archive.namelist()
        dialogues = list(json.loads(archive.read(name)).values())
    data = [_dialogue(f"val_{n:03d}", d) for n, d in enumerate(dialogues[:CROSSWOZ_DIALOGUES])]
    return questions_of(data)
