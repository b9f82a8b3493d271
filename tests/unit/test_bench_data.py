"""The benchmark data machinery on input we invent: manifests, derivations, the checked cache.

No fetched byte is read here: the derivations run on tiny source files in the source data
sets' formats, written below.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.data import derive
from bench.data.fetch import derive_function
from bench.data.sets import MANIFESTS, DatasetMissing, dataset_path, manifest


def _reader(files: dict[str, object]) -> Callable[[str], bytes]:
    return lambda path: json.dumps(files[path]).encode("utf-8")


def _lines(data: bytes) -> list[dict[str, object]]:
    return [json.loads(line) for line in data.decode("utf-8").splitlines()]


@pytest.mark.parametrize("name", sorted(p.stem for p in MANIFESTS.glob("*.toml")))
def test_every_manifest_names_a_derivation_and_a_checksum(name: str) -> None:
    info = manifest(name)
    assert len(info.sha256) == 64 and len(info.commit) == 40 and info.paths
    assert callable(derive_function(info.derive))


def test_a_missing_slice_fails_naming_its_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PALIMPSEST_BENCH_DATA", str(tmp_path))
    with pytest.raises(DatasetMissing, match=r"bench/data/asof\.toml"):
        dataset_path("asof")
    (tmp_path / "asof").mkdir()
    (tmp_path / "asof" / manifest("asof").file).write_text("{}\n", encoding="utf-8")
    with pytest.raises(DatasetMissing, match="sha256"):
        dataset_path("asof")


TIMEQA_ENTITY = {
    "type": "P26",
    "link": "/wiki/Ilse_Marrow_(painter)",
    "questions": [
        [
            "Who was Ilse Marrow married to from Dec 1931 to Sep 1940?",
            [{"answer": "J . R . Tolland"}],
        ],
        ["Whom did the painter wed from 1941 to 1950?", [{"answer": "Bram Oduya , Jr ."}]],
        ["Who was her spouse from 1941 to 1950?", [{"answer": "Bram Oduya , Jr ."}]],
        ["Who was her husband from 1951 to 1955?", [{"answer": ""}]],
        ["Who were her partners from 1956 to 1960?", [{"answer": "A"}, {"answer": "B"}]],
        ["Who was her husband in 1961?", [{"answer": "Cato Weir"}]],
    ],
}


def test_timeqa_chains_keeps_dated_single_answers_once() -> None:
    other = {"type": "P466", "link": "/wiki/Some_House", "questions": TIMEQA_ENTITY["questions"]}
    files = {
        "d/human_annotated_train.json": [other, TIMEQA_ENTITY],
        "d/human_annotated_test.json": [TIMEQA_ENTITY],
    }
    rows = _lines(derive.timeqa_chains(_reader(files), tuple(files)))
    first = {
        "relation": "P26",
        "subject": "Ilse Marrow (painter)",
        "object": "J. R. Tolland",
        "start": 1931,
        "end": 1940,
    }
    second = {**first, "object": "Bram Oduya, Jr.", "start": 1941, "end": 1950}
    assert rows == [
        {"split": "train", **first},
        {"split": "train", **second},
        {"split": "test", **first},
        {"split": "test", **second},
    ]


def _scene(title: str) -> dict[str, object]:
    answers = [
        {"answer_text": "x", "utterance_id": uid, "inner_start": 0, "inner_end": 0}
        for uid in (2, 0, 2)
    ]
    return {
        "title": title,
        "paragraphs": [
            {
                "utterances:": [
                    {
                        "uid": 0,
                        "speakers": ["Vera Holm"],
                        "utterance": "Hi .",
                        "tokens": [["Hi", "."]],
                    }
                ],
                "qas": [{"id": f"{title}_Who", "question": "Who said hi ?", "answers": answers}],
            }
        ],
    }


def test_friendsqa_dev_keeps_the_first_scenes_by_title_with_their_evidence() -> None:
    titles = [f"s02_e{n:02d}_c01" for n in range(derive.FRIENDSQA_SCENES + 2, 0, -1)]
    files = {"dat/dev.json": {"version": "x", "data": [_scene(t) for t in titles]}}
    data = json.loads(derive.friendsqa_dev(_reader(files), tuple(files)))["data"]
    assert [s["title"] for s in data] == sorted(titles)[: derive.FRIENDSQA_SCENES]
    assert data[0] == {
        "title": "s02_e01_c01",
        "utterances": [{"uid": 0, "speakers": ["Vera Holm"], "utterance": "Hi ."}],
        "qas": [
            {
                "id": "s02_e01_c01_Who",
                "question": "Who said hi ?",
                "evidence": [0, 2],
                "answers": ["x"],
            }
        ],
    }
