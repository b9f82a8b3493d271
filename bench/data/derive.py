"""How each benchmark slice is made from its source files (the `derive` of its manifest).

Each function takes `read(path) -> bytes` (one source file of the snapshot at the manifest's
commit) and the manifest's `paths`, and returns the slice's bytes. The code is ours; the bytes
it returns are the public data set's and live only in the cache (see `bench.data.sets`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from bench.data.fetch import Reader

TIMEQA_RELATIONS = ("P26", "P108", "P102", "P54")
TIMEQA_INTERVAL = re.compile(r"from (?:[A-Z][a-z]{2} )?(\d{4}) to (?:[A-Z][a-z]{2} )?(\d{4})")
"""`from 1996 to 1997`, `from Dec 1841 to Sep 1852`: the first such span in a question."""


def _split_of(path: str) -> str:
    """`dataset/human_annotated_train.json` -> `train`."""
    return path.rsplit("_", 1)[-1].removesuffix(".json")


def _untokenized(answer: str) -> str:
    """The answer without the tokenizer's space before `.` and `,` (`C.D . Montijo`)."""
    return answer.replace(" .", ".").replace(" ,", ",")


def _timeqa_rows(entity: dict[str, Any], split: str) -> Iterator[dict[str, Any]]:
    subject = str(entity["link"]).removeprefix("/wiki/").replace("_", " ")
    for question, answers in entity["questions"]:
        span = TIMEQA_INTERVAL.search(question)
        given = [a["answer"] for a in answers if a["answer"].strip()]
        if span is None or len(given) != 1:
            continue
        yield {
            "split": split,
            "relation": entity["type"],
            "subject": subject,
            "object": _untokenized(given[0]),
            "start": int(span[1]),
            "end": int(span[2]),
        }


def timeqa_chains(read: Reader, paths: tuple[str, ...]) -> bytes:
    """Dated observations of people's spouses, employers, parties and teams (bench/asof.py).

    For each entity of a relation in TIMEQA_RELATIONS, in file order (the paths in order),
    each question with one dated interval and exactly one non-empty answer becomes one JSON
    line; a line equal to an earlier one is dropped.
    """
    lines: list[str] = []
    for path in paths:
        for entity in json.loads(read(path)):
            if entity["type"] not in TIMEQA_RELATIONS:
                continue
            for row in _timeqa_rows(entity, _split_of(path)):
                line = json.dumps(row, ensure_ascii=False)
                if line not in lines:
                    lines.append(line)
    return "".join(f"{line}\n" for line in lines).encode("utf-8")


FRIENDSQA_SCENES = 48


def _friendsqa_scene(scene: dict[str, Any]) -> dict[str, Any]:
    (paragraph,) = scene["paragraphs"]
    utterances = [
        {"uid": u["uid"], "speakers": u["speakers"], "utterance": u["utterance"]}
        for u in paragraph["utterances:"]
    ]
    qas = [
        {
            "id": q["id"],
            "question": q["question"],
            "evidence": sorted({a["utterance_id"] for a in q["answers"]}),
            "answers": sorted({str(a["answer_text"]) for a in q["answers"]}),
        }
        for q in paragraph["qas"]
    ]
    return {"title": scene["title"], "utterances": utterances, "qas": qas}


def friendsqa_dev(read: Reader, paths: tuple[str, ...]) -> bytes:
    """The first FRIENDSQA_SCENES scenes of the dev file in title order (bench/recall).

    Per utterance its uid, speakers and text; per question its id, text, `evidence`: the
    sorted distinct utterance ids of its answers, and `answers`: their sorted distinct texts
    (spans of those utterances, or a speaker's name; the offsets are dropped).
    """
    (path,) = paths
    scenes = sorted(json.loads(read(path))["data"], key=lambda s: str(s["title"]))
    data = [_friendsqa_scene(s) for s in scenes[:FRIENDSQA_SCENES]]
    return json.dumps({"data": data}, ensure_ascii=False, indent=0).encode("utf-8")


KDCONV_DIALOGUES = 20
"""Dialogues taken from the start of each domain's dev file (travel, music, film)."""


def _kdconv_dialogue(title: str, dialogue: dict[str, Any]) -> dict[str, Any]:
    """Utterances (no speakers: KdConv's are two anonymous parties) and the triples each turn
    states: (entity, attribute, value) of its `attrs` whose value the turn's text holds, long
    `Information` paragraphs aside (no single question asks for them)."""
    utterances, stated = [], []
    for uid, message in enumerate(dialogue["messages"]):
        text = str(message["message"])
        utterances.append({"uid": uid, "speakers": [], "utterance": text})
        for attr in message.get("attrs", []):
            value = str(attr["attrvalue"]).strip().rstrip("。")
            if attr["attrname"] != "Information" and value and value in text:
                stated.append((str(attr["name"]), str(attr["attrname"]), f"{title}#{uid}", value))
    return {"title": title, "utterances": utterances, "stated": stated}


def kdconv_dev(read: Reader, paths: tuple[str, ...]) -> bytes:
    """The first KDCONV_DIALOGUES dialogues of each dev file, with questions derived from the
    knowledge triples the turns state (bench/recall, Chinese).

    KdConv annotates a turn with the knowledge-base triples (entity, attribute, value) it uses.
    Each distinct (entity, attribute) stated by a turn (its value in the turn's text) becomes
    one question, `{entity}的{attribute}是什么？`, whose evidence is every turn of the slice
    stating it, and whose category is the file's domain. Only dev files are read: KdConv's
    test split is reserved for acceptance.
    """
    data = []
    for path in paths:
        domain = path.split("/")[-2]
        for n, dialogue in enumerate(json.loads(read(path))[:KDCONV_DIALOGUES]):
            scene = _kdconv_dialogue(f"{domain}_{n:03d}", dialogue)
            scene["domain"] = domain
            data.append(scene)
    return questions_of(data)


Stated = tuple[str, str, str, str]
"""(entity, attribute, turn id, value): one turn stating one attribute of one entity."""


def questions_of(data: list[dict[str, Any]]) -> bytes:
    """Each scene's `stated` triples as questions `{entity}的{attribute}是什么？`, one per
    distinct (entity, attribute), in the scene that states it first; its evidence every turn
    stating it, its answers the values they state; its category the scene's `domain`."""
    evidence: dict[tuple[str, str], list[str]] = {}
    values: dict[tuple[str, str], set[str]] = {}
    first: dict[tuple[str, str], tuple[str, str]] = {}
    for scene in data:
        for entity, attribute, turn, value in scene.pop("stated"):
            evidence.setdefault((entity, attribute), []).append(turn)
            values.setdefault((entity, attribute), set()).add(value)
            first.setdefault((entity, attribute), (scene["title"], scene["domain"]))
    for scene in data:
        scene["qas"] = [
            {
                "id": f"{title}_q{i}",
                "category": domain,
                "question": f"{e}的{a}是什么？",
                "evidence": sorted(set(evidence[(e, a)])),
                "answers": sorted(values[(e, a)]),
            }
            for i, ((e, a), (title, domain)) in enumerate(first.items())
            if title == scene["title"]
        ]
        del scene["domain"]
    return json.dumps({"data": data}, ensure_ascii=False, indent=0).encode("utf-8")


def _kdconv_triples(message: dict[str, Any]) -> list[list[str]]:
    """A KdConv turn's (entity, attribute, value) triples, the long `Information` paragraphs
    aside (they annotate a paraphrase, not a stated value); values without a final 。."""
    triples = []
    for attr in message.get("attrs", []):
        value = str(attr["attrvalue"]).strip().rstrip("。")
        if attr["attrname"] != "Information" and value:
            triples.append([str(attr["name"]), str(attr["attrname"]), value])
    return triples


def kdconv_turn_triples(read: Reader, paths: tuple[str, ...]) -> bytes:
    """Every dialogue of each KdConv dev file with the triples each turn states, per turn:
    `{"data": [{"title", "domain", "turns": [{"text", "triples"}]}]}` (bench/about).

    Only dev files are read: KdConv's test split is reserved for acceptance."""
    data = []
    for path in paths:
        domain = path.split("/")[-2]
        for n, dialogue in enumerate(json.loads(read(path))):
            turns = [
                {"text": str(m["message"]), "triples": _kdconv_triples(m)}
                for m in dialogue["messages"]
            ]
            data.append({"title": f"{domain}_{n:03d}", "domain": domain, "turns": turns})
    return json.dumps({"data": data}, ensure_ascii=False, indent=0).encode("utf-8")


_CAST_ROLE = re.compile(r"^(?P<actor>[^,]+?) as (?P<role>.+?)\.?$")


def _movie_facts(doc: dict[str, Any]) -> list[list[str]]:
    """The structured part of a CMU_DoG movie document as (entity, attribute, value) triples:
    director, year, each genre, each cast member (and the role they play)."""
    intro = doc["0"]
    movie = str(intro["movieName"]).strip()
    facts = [
        [movie, "director", str(intro["director"]).strip()],
        [movie, "year", str(intro["year"]).strip()],
    ]
    facts += [[movie, "genre", g.strip()] for g in str(intro["genre"]).split(",") if g.strip()]
    for line in intro.get("cast", []):
        found = _CAST_ROLE.match(str(line).strip())
        actor = found["actor"].strip() if found else str(line).strip().rstrip(".")
        facts.append([movie, "starring", actor])
        if found:
            facts.append([actor, "character", found["role"].strip()])
    return [f for f in facts if f[2]]


def _stated(value: str, text: str) -> bool:
    """Is `value` in `text` as whole words, ignoring case?"""
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.I) is not None


def _listed(read: Reader, folder: str) -> list[str]:
    """The file names of one folder of the snapshot (`git show commit:folder/` lists them)."""
    lines = read(folder.rstrip("/") + "/").decode("utf-8").splitlines()
    return sorted(line for line in lines[2:] if line.endswith(".json"))


def cmudog_valid(read: Reader, paths: tuple[str, ...]) -> bytes:
    """CMU_DoG's validation conversations with the movie facts each turn states (its value
    in the turn's text, whole words, any case): `{"data": [{"title", "movie", "turns":
    [{"text", "speaker", "triples"}]}]}` (bench/about). `paths`: the conversations' folder,
    then the documents' folder."""
    conversations, documents = paths
    facts = {}
    for name in _listed(read, documents):
        doc = json.loads(read(f"{documents}/{name}"))
        facts[int(doc["wikiDocumentIdx"])] = _movie_facts(doc)
    data = []
    for name in _listed(read, conversations):
        talk = json.loads(read(f"{conversations}/{name}"))
        known = facts[int(talk["wikiDocumentIdx"])]
        turns = [
            {
                "text": str(h["text"]),
                "speaker": str(h["uid"]),
                "triples": [f for f in known if _stated(f[2], str(h["text"]))],
            }
            for h in talk["history"]
        ]
        data.append({"title": name.removesuffix(".json"), "movie": known[0][0], "turns": turns})
    return json.dumps({"data": data}, ensure_ascii=False, indent=0).encode("utf-8")
