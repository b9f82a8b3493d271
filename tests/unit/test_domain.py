"""The pure domain: records validate their input, tenancy, typing, signatures, time rules."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from pydantic import ValidationError

from graph.domain.enums import Granularity, MemoryLayer, MemoryType
from graph.domain.errors import InvalidInput, InvalidTime
from graph.domain.signature import (
    MAX_KEY,
    assertion_signature,
    entity_key,
    fact_signature,
    normalize_text,
    period_label,
    successor_signature,
)
from graph.domain.tenancy import TenantScope, group_key
from graph.domain.timerules import CURRENT, Period, TimeQuery, is_current, visible
from tests.builders import fact

T = datetime(2026, 11, 29, tzinfo=UTC)


def fields_of(error: ValidationError) -> set[str]:
    return {".".join(str(p) for p in item["loc"]) for item in error.errors()}


def test_naive_datetimes_are_rejected_naming_the_field() -> None:
    with pytest.raises(ValidationError) as info:
        fact("u_a", "a", "p", "v", valid_at=datetime(2024, 1, 1))  # noqa: DTZ001
    assert "valid_at" in fields_of(info.value)


def test_times_are_normalised_to_utc() -> None:
    shanghai = timezone(timedelta(hours=8))
    item = fact("u_a", "a", "p", "v", valid_at=datetime(2024, 1, 1, 8, tzinfo=shanghai))
    assert item.valid_at == datetime(2024, 1, 1, tzinfo=UTC)
    assert item.valid_at.utcoffset() == timedelta(0)


def test_invalid_at_before_valid_at_is_rejected() -> None:
    with pytest.raises(ValidationError, match="invalid_at must not be before valid_at"):
        fact("u_a", "a", "p", "v", valid_at=T, invalid_at=T - timedelta(days=1))


def test_unknown_enum_values_and_bad_tenants_are_rejected_naming_the_field() -> None:
    with pytest.raises(ValidationError) as info:
        fact("u_a", "a", "p", "v", valid_at=T, memory_type="reflective")
    assert "memory_type" in fields_of(info.value)
    with pytest.raises(ValidationError) as info:
        fact("u a", "a", "p", "v", valid_at=T)
    assert "group_id" in fields_of(info.value)


def test_reflection_and_reflective_are_distinct_types() -> None:
    assert MemoryType("reflection") is MemoryType.REFLECTION
    assert MemoryLayer("reflective") is MemoryLayer.REFLECTIVE
    with pytest.raises(ValueError):
        MemoryType("reflective")
    with pytest.raises(ValueError):
        MemoryLayer("reflection")
    assert type(MemoryType.REFLECTION) is not type(MemoryLayer.REFLECTIVE)


def test_a_tenant_scope_is_required() -> None:
    with pytest.raises(InvalidInput) as info:
        TenantScope()
    assert info.value.field == "user_id"
    with pytest.raises(InvalidInput) as info:
        TenantScope(user_id="   ")
    assert info.value.field == "user_id"
    with pytest.raises(InvalidInput) as info:
        TenantScope(user_id="a", run_id="x" * 300)
    assert info.value.field == "run_id"


def test_group_ids_are_safe_stable_and_distinct() -> None:
    assert TenantScope(user_id="alice").group_id == "u_alice"
    assert TenantScope(agent_id="bot").group_id == "a_bot"
    mail = TenantScope(user_id="alice@example.com").group_id
    assert mail == TenantScope(user_id="alice@example.com", run_id="r").group_id
    assert mail.startswith("u-") and mail != TenantScope(user_id="alice@example.org").group_id
    assert group_key("u", "a_b") != group_key("u", "ab")


def test_friday_and_its_iso_date_share_a_signature_other_scopes_do_not() -> None:
    friday = datetime(2026, 11, 27, tzinfo=UTC)
    iso = datetime.fromisoformat("2026-11-27T00:00:00+00:00")

    def sign(when: datetime, scope: str = "") -> str:
        return fact_signature(
            group_id="u_a",
            subject_key="me",
            predicate="meeting",
            value_key="dentist",
            polarity=1,
            scope=scope,
            period=period_label(when, Granularity.DAY),
        )

    assert sign(friday) == sign(iso)
    assert sign(friday) != sign(friday, scope="project b")
    assert successor_signature(sign(friday)) not in {sign(friday), sign(friday, "x")}
    assert successor_signature(sign(friday)) == successor_signature(sign(iso))


def test_instants_are_signed_at_day_precision_periods_at_their_own() -> None:
    def sign(when: datetime, granularity: Granularity, subject: str = "Me") -> str:
        return assertion_signature(
            group_id="u_a",
            subject=subject,
            predicate="meeting",
            value="The dentist",
            polarity=1,
            scope="",
            valid_at=when,
            granularity=granularity,
        )

    morning = datetime(2026, 11, 27, 9, tzinfo=UTC)
    evening = datetime(2026, 11, 27, 21, tzinfo=UTC)
    assert sign(morning, Granularity.INSTANT) == sign(evening, Granularity.INSTANT)
    assert sign(morning, Granularity.INSTANT) == sign(evening, Granularity.DAY)
    assert sign(morning, Granularity.INSTANT) == sign(morning, Granularity.INSTANT, " me ")
    assert sign(morning, Granularity.INSTANT) != sign(morning, Granularity.MONTH)
    assert sign(morning, Granularity.INSTANT) != sign(
        morning + timedelta(days=1), Granularity.INSTANT
    )


def test_entity_keys_fold_names_and_keep_long_ones_unique() -> None:
    assert entity_key("  The  ALICE ") == entity_key("alice") == "alice"
    long_a, long_b = "x" * 300 + "a", "x" * 300 + "b"
    assert len(entity_key(long_a)) <= MAX_KEY
    assert entity_key(long_a) != entity_key(long_b)


def test_period_labels_follow_granularity() -> None:
    when = datetime(2023, 6, 1, tzinfo=UTC)
    assert period_label(when, Granularity.YEAR) == "2023"
    assert period_label(when, Granularity.QUARTER) == "2023-Q2"
    assert period_label(when, Granularity.MONTH) == "2023-06"
    assert period_label(when, Granularity.WEEK) == "2023-W22"
    assert period_label(when, Granularity.DAY) == "2023-06-01"


def test_normalisation_folds_case_width_space_and_articles() -> None:
    assert normalize_text("  The   ＲＴＸ 4090. ") == "rtx 4090"
    assert normalize_text("Berlin") == normalize_text("berlin")
    assert normalize_text("the") == "the"


def test_time_rules_on_one_record() -> None:
    item = fact(
        "u_a", "a", "p", "v", valid_at=T - timedelta(days=10), created_at=T - timedelta(days=9)
    )
    closed = item.model_copy(
        update={"invalid_at": T - timedelta(days=5), "invalidated_at": T - timedelta(days=3)}
    )
    assert is_current(item, T)
    assert not is_current(closed, T)
    assert visible(closed, TimeQuery(as_of=Period.point(T - timedelta(days=6))), T)
    assert not visible(closed, TimeQuery(as_of=Period.point(T - timedelta(days=11))), T)
    assert visible(closed, TimeQuery(known_at=T - timedelta(days=4)), T)
    assert not visible(closed, TimeQuery(known_at=T - timedelta(days=10)), T)
    assert CURRENT.is_current and not TimeQuery(known_at=T).is_current


def test_periods_and_questions_reject_bad_times() -> None:
    with pytest.raises(InvalidTime):
        Period(T, T - timedelta(seconds=1))
    with pytest.raises(InvalidTime):
        Period.point(datetime(2024, 1, 1))  # noqa: DTZ001
    with pytest.raises(InvalidTime):
        TimeQuery(known_at=datetime(2024, 1, 1))  # noqa: DTZ001
