"""Nothing told is lost: every accepted turn is an episode that search can find, with its
speaker, on both backends; erasure takes it away; bm25 lets a question's rarest words win.

The recall benchmark (bench/recall) runs here on two invented scenes in its data set's
format (tests/bench/friendsqa_scenes.json), so the benchmark cannot rot and the "no turn without
a searchable record" count is checked on multi-party dialogue without reading fetched data."""

from __future__ import annotations

import io
import json
import tempfile
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.data import derive
from bench.recall import baselines
from bench.recall import classes as recall_classes
from bench.recall import crosswoz as recall_data
from bench.recall import evidence as recall
from bench.recall import scores as recall_scores
from graph.domain.model import Episode
from graph.domain.tenancy import TenantScope
from service.clients.memory import Memory
from service.write.build import speaker_of
from tests.support.reads import reads

T = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
SCENES = Path(__file__).resolve().parents[1] / "bench" / "friendsqa_scenes.json"


def _search(memory: Memory, q: str, **options: Any) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = memory.search(q, user_id="alice", **options)["results"]
    return results


def _turns(hits: list[dict[str, Any]]) -> list[str]:
    """The text of each hit's turn (an episode's body, a fact's memory)."""
    return [h["episode"]["body"] if h["kind"] == "episode" else h["memory"] for h in hits]


def _episode_of(hit: dict[str, Any]) -> str:
    return str(hit["id"] if hit["kind"] == "episode" else hit["fact"]["episode_id"])


def test_a_turn_without_a_fact_is_an_episode_search_finds(memory: Memory) -> None:
    """Every turn is found by its words (today the write path also keeps an unextracted turn
    as a verbatim fact); an episode with no fact at all (written by the store port, as an
    import or an older store holds them) is an episode result with its speaker and times."""
    answer = memory.add("haha okay, whatever works for the gazebo crew", user_id="alice")
    assert answer["episode_id"]
    hits = _search(memory, "gazebo crew")
    assert _episode_of(hits[0]) == answer["episode_id"]
    told = Episode(
        uuid="e-1", group_id=TenantScope(user_id="alice").group_id, content="ok the yurt crew",
        valid_at=T, created_at=T, knowledge_time=T, speaker="Ines",
    )  # fmt: skip
    memory.container.store.transaction(lambda tx: tx.episodes.record([told]))
    found = _search(memory, "yurt crew")
    assert found[0]["kind"] == "episode"
    episode = found[0]["episode"]
    assert (episode["id"], episode["body"], episode["speaker"]) == ("e-1", told.content, "Ines")
    assert episode["observed_at"] == T.isoformat() and episode["created_at"] == T.isoformat()


def test_a_turn_with_facts_is_found_once_through_its_best_fact(memory: Memory) -> None:
    answer = memory.add("I live in Lisbon.", user_id="alice")
    assert answer["results"] and answer["episode_id"]
    hits = _search(memory, "Lisbon")
    assert hits[0]["kind"] == "fact"
    assert hits[0]["fact"]["episode_id"] == answer["episode_id"]
    assert "episodes" in hits[0]["channels"]
    assert all(h["id"] != answer["episode_id"] for h in hits)


def test_speakers_are_kept_from_names_and_transcript_lines(memory: Memory) -> None:
    memory.add("Priya Shah: the quarterly numbers look grim to me", user_id="alice")
    memory.add(
        [{"role": "user", "name": "Tomas", "content": "the quarterly numbers look fine"}],
        user_id="alice",
    )
    memory.add("I moved the offsite to Porto.", user_id="alice")
    hits = _search(memory, "quarterly numbers", limit=10)
    told = reads(memory.container.store).episodes.get(
        TenantScope(user_id="alice").group_id, [_episode_of(h) for h in hits]
    )
    by_body = {e.content: e.speaker for e in told}
    assert by_body["Priya Shah: the quarterly numbers look grim to me"] == "Priya Shah"
    assert by_body["the quarterly numbers look fine"] == "Tomas"
    first = _search(memory, "what did Tomas say about the quarterly numbers?")[0]
    assert _turns([first]) == ["the quarterly numbers look fine"]


def test_a_first_person_fact_of_a_named_speaker_is_about_that_speaker(memory: Memory) -> None:
    answer = memory.add(
        [{"role": "user", "name": "Priya", "content": "I live in Lisbon."}], user_id="alice"
    )
    assert [r["fact"]["subject"] for r in answer["results"]] == ["Priya"]


def test_transcript_speakers_are_names_not_labels() -> None:
    assert speaker_of(None, "Ross Geller: Breathe .") == "Ross Geller"
    assert speaker_of(None, "王芳：我们上线了") == "王芳"
    assert speaker_of(None, "Note: buy milk") == ""
    assert speaker_of(None, "I said: hello") == ""
    assert speaker_of("Tomas", "Ross: hi") == "Tomas"


def test_a_media_only_turn_is_found_by_its_reference(memory: Memory) -> None:
    image = {"type": "image_url", "image_url": {"url": "https://example.com/photos/red-kayak.jpg"}}
    answer = memory.add([{"role": "user", "content": [image]}], user_id="alice")
    assert answer["episode_id"]
    hits = _search(memory, "the kayak photo")
    assert hits, "a media-only turn must be searchable"
    assert "red-kayak.jpg" in hits[0]["memory"]


def test_a_media_part_s_caption_and_alt_text_are_searchable_words(memory: Memory) -> None:
    image = {
        "type": "image_url",
        "image_url": {"url": "https://example.com/IMG_2041.jpg", "alt": "a red kayak on Lake Bled"},
    }
    audio = {"type": "audio", "url": "file:///memo-7.m4a", "caption": "grocery list for Sunday"}
    first = memory.add([{"role": "user", "content": [image]}], user_id="alice")
    second = memory.add([{"role": "user", "content": [audio]}], user_id="alice", infer=False)
    for query, answer in (("kayak on the lake", first), ("sunday groceries list", second)):
        hit = _search(memory, query)[0]
        assert _episode_of(hit) == answer["episode_id"]
    told = reads(memory.container.store).episodes.get(
        TenantScope(user_id="alice").group_id, [first["episode_id"]]
    )[0]
    assert told.media_refs == ("https://example.com/IMG_2041.jpg",)
    assert "a red kayak on Lake Bled" in told.content
    assert _search(memory, "IMG_2041.jpg")[0]["memory"]


def test_a_question_s_rarest_words_win_over_common_ones(memory: Memory) -> None:
    for day in range(12):
        memory.add(f"we talked about the project meeting again on day {day}", user_id="alice")
    memory.add("the project used a tiny zeppelin for the photos", user_id="alice", infer=False)
    hits = _search(memory, "which project meeting had a zeppelin?")
    assert "zeppelin" in _turns(hits)[0]


def test_stemming_matches_other_forms_of_a_word(memory: Memory) -> None:
    memory.add("hmm, she teamed up with the rowers", user_id="alice")
    assert "teamed" in _turns(_search(memory, "who is on her team?"))[0]


def test_erasure_removes_episodes(memory: Memory) -> None:
    memory.add("haha the gazebo crew again", user_id="alice")
    memory.add("okay, the gazebo plan is off", user_id="alice", source="chat-7")
    memory.add("haha the gazebo crew again", user_id="bob")
    tenancy = memory.container.tenancy
    tenancy.forget_source(TenantScope(user_id="alice"), "chat-7")
    assert all("plan is off" not in t for t in _turns(_search(memory, "gazebo plan")))
    tenancy.forget_user(TenantScope(user_id="alice"))
    assert _search(memory, "gazebo crew") == []
    exported = list(tenancy.export(TenantScope(user_id="alice")))
    assert not [r for r in exported if r.kind == "episode"]
    bob = memory.search("gazebo crew", user_id="bob")["results"]
    assert [h["kind"] for h in bob] == ["episode"]


def test_time_arguments_apply_to_episodes_by_observation_time(memory: Memory) -> None:
    memory.add(
        [{"role": "user", "content": "haha gazebo day", "timestamp": "2023-05-01T10:00:00Z"}],
        user_id="alice",
    )
    assert _search(memory, "gazebo", as_of="2023-06-01")
    assert _search(memory, "gazebo", as_of="2023-04-01") == []


def test_every_turn_of_a_multi_party_dialogue_is_searchable(memory: Memory) -> None:
    """The benchmark on two scenes: no accepted turn is left without a record that search
    finds by its own words, and the printed table has the baseline beside the service."""
    corpus = recall.load(scenes=2, path=SCENES)
    assert {q.category for q in corpus.questions} == {"what", "who", "when", "where", "why", "how"}
    recall.ingest(memory, corpus, infer=True)
    ranker = recall.service_ranker(memory)
    lost = [t.id for t in corpus.turns if t.id not in [h[0] for h in ranker(t.text, 10)]]
    assert lost == []
    scores = recall.score(corpus, ranker)
    assert scores["all"]["all"].n == len(corpus.questions) > 0
    parts = {q.part for q in corpus.questions}
    assert sum(scores[part]["all"].n for part in parts) == len(corpus.questions)
    results = {"bm25 words": recall.score(corpus, recall.bm25_ranker(corpus)), "default": scores}
    lines = recall.report(results)
    assert any("| all |" in line and "| default |" in line for line in lines)
    assert any(
        line.startswith("| evidence recall@10 | dev |")
        for line in recall.targets(results, "friendsqa")
    )


def test_questions_split_by_scene_into_a_fixed_tuning_half_and_a_held_out_half() -> None:
    corpus = recall.load(path=SCENES)
    by_scene: dict[str, set[str]] = {}
    for q in corpus.questions:
        by_scene.setdefault(q.id.rsplit("_", 1)[0], set()).add(q.part)
    assert all(len(parts) == 1 for parts in by_scene.values())
    titles = [f"s{n:02d}_e01_c01" for n in range(40)]
    assert {recall.part_of(t) for t in titles} == {"dev", "held-out"}
    assert [recall.part_of(t) for t in titles] == [recall.part_of(t) for t in titles]


def test_the_chinese_baselines_rank_characters_bigrams_and_words() -> None:
    grams = ["百雅", "雅轩", "轩的", "的门", "门票", "free", "10", "00", "京"]
    assert baselines.bigrams("百雅轩的门票 free 10:00 京") == grams
    assert baselines.chars_bigrams("买花 ok") == ["买", "花", "买花", "ok"]
    turns = [("a", "需要，门票价格是100元。"), ("b", "开放时间是十点"), ("c", "门")]
    index = baselines.Okapi([(i, baselines.bigrams(t)) for i, t in turns])
    assert index.top(baselines.bigrams("门票多少钱"), 3) == ["a"]
    flowers = [("a", "她最喜欢的是花。"), ("b", "她喜欢看书和画画。")]
    for cut in (baselines.chars_bigrams, baselines.jieba_words):
        index = baselines.Okapi([(i, cut(t)) for i, t in flowers])
        assert index.top(cut("喜欢什么花"), 1) == ["a"], cut
    assert "喜欢" in baselines.jieba_words("她喜欢看书。")


def test_the_english_baseline_can_stem() -> None:
    assert baselines.stems("She teamed up with rowers") == ["she", "team", "up", "with", "rower"]


def test_the_baseline_is_a_plain_okapi_bm25() -> None:
    index = baselines.Okapi([("a", ["red", "car"]), ("b", ["blue", "car"]), ("c", ["red", "red"])])
    assert index.top(["blue"], 3) == ["b"]
    assert index.top(["red", "car"], 1) == ["a"]


def test_an_answer_is_in_the_hits_when_their_text_holds_it_normalised() -> None:
    assert recall_scores.holds("Ross: She 's in the CAB .", "in the cab")
    assert recall_scores.holds("Ross: She 's in a cab", "the cab")
    assert not recall_scores.holds("the cabin is cold", "cab")
    assert recall_scores.holds("地址是在小汤山镇讲礼村。", "小汤山镇")
    assert recall_scores.holds("人均消费６８元", "68元")


def test_speaker_questions_name_who_said_or_thought_it() -> None:
    speakers = {"Monica Geller", "Ross Geller", "Rachel Green", "Melanie"}
    named = recall_classes.named_speaker
    assert named("What did Monica say about the bassinet ?", speakers) == "Monica Geller"
    assert named("Why does Melanie think Joey is a woman ?", speakers) == "Melanie"
    assert named("Ross asks what about the cab ?", speakers) == "Ross Geller"
    assert named("When is Rachel asked for her boarding pass ?", speakers) == ""
    assert named("Where did Ross go ?", speakers) == ""
    assert named("What did Monica say ?", speakers | {"Monica Hall"}) == ""


def test_the_target_table_compares_with_the_best_baseline_per_measure() -> None:
    def scored(r10: float) -> recall_scores.Scores:
        return {p: {"all": recall_scores.Score(n=10, r10=10 * r10)} for p in ("dev", "held-out")}

    results = {"bm25 words": scored(0.4), "bm25 stems": scored(0.5), "default": scored(0.6)}
    lines = recall.targets(results, "kdconv")
    row = next(line for line in lines if line.startswith("| recall@10 | dev |"))
    assert "0.500 (bm25 stems)" in row and "1.20x" in row and row.endswith("| NO |")


def test_kdconv_questions_are_derived_from_the_triples_turns_state() -> None:
    """The Chinese set's derivation on a dev file in KdConv's shape (invented dialogue): each
    (entity, attribute) a turn states becomes one question, its evidence every turn stating
    it; a triple whose value the turn does not hold, and the Information paragraphs, are not
    questions."""
    source = (Path(__file__).resolve().parents[1] / "bench" / "kdconv_dev.json").read_bytes()
    derived = derive.kdconv_dev(lambda path: source, ("data/travel/dev.json",))
    scenes = json.loads(derived)["data"]
    assert [s["title"] for s in scenes] == ["travel_000", "travel_001"]
    qas = {qa["question"]: qa for s in scenes for qa in s["qas"]}
    asked = {
        "青石湾植物园的门票是什么？",
        "青石湾植物园的开放时间是什么？",
        "林小禾的代表作品是什么？",
    }
    assert set(qas) == asked
    assert qas["青石湾植物园的门票是什么？"]["evidence"] == ["travel_000#3", "travel_001#2"]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "kdconv.json"
        path.write_bytes(derived)
        corpus = recall.load(path=path)
    assert {q.category for q in corpus.questions} == {"travel"}
    assert corpus.turns[3].text == "要的，门票是35元。"
    tickets = next(q for q in corpus.questions if "门票" in q.text)
    assert tickets.evidence == {"travel_000#3", "travel_001#2"}
    assert tickets.answers == ("35元",)
    assert all(corpus.answerable()(q) for q in corpus.questions)


def _crosswoz_turn(role: str, content: str, acts: list[list[str]], used: list[str]) -> object:
    state = {"餐馆": {"selectedResults": used}, "出租": {"selectedResults": ["出租 (甲 - 乙)"]}}
    return {"role": role, "content": content, "dialog_act": acts, "sys_state": state}


def test_crosswoz_questions_are_derived_from_what_the_system_informs() -> None:
    """The second Chinese set's derivation on an invented dialogue in CrossWOZ's shape: a system
    turn informing a slot of the one restaurant it used, the value in its words, states it;
    names, facility flags, taxi acts, values not in the words and user turns do not."""
    messages = [
        _crosswoz_turn("usr", "推荐一家餐馆吧，地址在哪？", [["Request", "餐馆", "地址", ""]], []),
        _crosswoz_turn("sys", "推荐青藤小馆，地址在石板巷3号，电话010-1234。", [
            ["Inform", "餐馆", "名称", "青藤小馆"], ["Inform", "餐馆", "地址", "石板巷3号"],
            ["Inform", "餐馆", "电话", "010-1234"], ["Inform", "餐馆", "评分", "4.5分"],
            ["Inform", "餐馆", "餐馆设施-停车", "是"], ["Inform", "出租", "车型", "蓝色车"],
        ], ["青藤小馆"]),
    ]  # fmt: skip
    dialogue = {"goal": [[1, "餐馆", "地址", "", False]], "messages": messages}
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("val.json", json.dumps({"7": dialogue}, ensure_ascii=False))
    derived = recall_data.crosswoz_val(lambda path: archive.getvalue(), ("val.json.zip",))
    (scene,) = json.loads(derived)["data"]
    asked = ["青藤小馆的地址是什么？", "青藤小馆的电话是什么？"]
    assert [q["question"] for q in scene["qas"]] == asked
    assert scene["qas"][0] | {"question": ""} == {
        "id": "val_000_q0", "category": "restaurant", "question": "",
        "evidence": ["val_000#1"], "answers": ["石板巷3号"],
    }  # fmt: skip
