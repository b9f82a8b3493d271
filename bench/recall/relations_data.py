"""Real names for bench/recall/relations.py, from TimeQA's human-annotated files (the `derive` of
bench/data/relnames.toml).

TimeQA (Wenhu Chen et al., NeurIPS 2021 datasets track; BSD-3-Clause) asks time-sensitive
questions about Wikipedia's people and organisations, each typed by its Wikidata relation and
answered by spans of the article. From its two human-annotated files this keeps names only:

* `persons`: the subjects of relations whose subject is a person, and the answers of relations
  whose answer is one (spouse, chairperson, head of government, head coach, director);
* `values`: per kind of value bench/recall/relations.py asks for, the distinct answers of the
  relation that has such values (teams of P54, employers of P108, parties of P102, schools of
  P69, places of P551 and P937, countries of P27, ranks of P410, awards of P166, groups of
  P463), without the ones that are not a plain name: a bracket, a comma (a list), a digit,
  more than six words, or a leading lower-case word ("member of Crew 28").

Every list is sorted, so the file is the same on every run.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bench.data.fetch import Reader

PERSON_SUBJECTS = ("P54", "P108", "P26", "P102", "P69", "P551", "P27", "P106", "P39", "P463",
                   "P937", "P410", "P166", "P241")  # fmt: skip
PERSON_ANSWERS = ("P26", "P488", "P6", "P286", "P1037")
VALUE_KINDS = {
    "team": ("P54",), "employer": ("P108",), "party": ("P102",), "school": ("P69",),
    "place": ("P551", "P937"), "country": ("P27",), "rank": ("P410",), "award": ("P166",),
    "group": ("P463",),
}  # fmt: skip
_PLAIN = re.compile(r"^[^\W\d_][^(),\[\]\d]*$")


def plain(name: str) -> bool:
    """A name as a sentence can hold it: no bracket, comma or digit, at most six words,
    capitalised."""
    words = name.split()
    return bool(_PLAIN.match(name)) and 0 < len(words) <= 6 and name[0].isupper()


def _answers(entity: dict[str, Any]) -> list[str]:
    return [str(a["answer"]).strip() for _, given in entity["questions"] for a in given
            if str(a["answer"]).strip()]  # fmt: skip


def timeqa_names(read: Reader, paths: tuple[str, ...]) -> bytes:
    """`{"persons": [...], "values": {kind: [...]}}` from TimeQA's files (module docstring)."""
    persons: set[str] = set()
    values: dict[str, set[str]] = {kind: set() for kind in VALUE_KINDS}
    for path in paths:
        for entity in json.loads(read(path)):
            relation = str(entity["type"])
            if relation in PERSON_SUBJECTS:
                persons.add(str(entity["link"]).removeprefix("/wiki/").replace("_", " "))
            if relation in PERSON_ANSWERS:
                persons.update(_answers(entity))
            for kind, relations in VALUE_KINDS.items():
                if relation in relations:
                    values[kind].update(_answers(entity))
    data = {
        "persons": sorted(p for p in persons if plain(p) and len(p.split()) >= 2),
        "values": {kind: sorted(v for v in names if plain(v)) for kind, names in values.items()},
    }
    return json.dumps(data, ensure_ascii=False, indent=0).encode("utf-8")
