"""The Python surface's verbs are declared once (service/clients/verbs.py): the checked-in
protocol, `Memory`'s and the clients' methods are exactly what the generator writes from the
declarations, and every declared route is one the REST app serves."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from service.clients import generate
from service.clients.calls import Call
from service.clients.memory import Memory
from service.clients.memory_verbs import MemoryVerbs
from service.clients.protocol import PROTOCOL_METHODS
from service.clients.remote_verbs import RemoteVerbs
from service.clients.verbs import VERBS, Verb
from service.http.app import create_app


def test_the_checked_in_modules_are_what_the_declarations_give() -> None:
    for name, text in generate.generated().items():
        assert (generate.HERE / name).read_text(encoding="utf-8") == text, (
            f"service/clients/{name} differs from verbs.py: run python -m service.clients.generate"
        )


def test_check_fails_on_a_stale_module_until_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in generate.OUTPUTS:
        (tmp_path / name).write_text("# edited by hand\n", encoding="utf-8")
    monkeypatch.setattr(generate, "HERE", tmp_path)
    assert generate.main(["--check"]) == 1
    assert generate.main([]) == 0
    assert generate.main(["--check"]) == 0
    assert "class MemoryAPI(Protocol)" in (tmp_path / "protocol.py").read_text(encoding="utf-8")


def test_every_verb_is_in_the_protocol_and_both_sides() -> None:
    names = [verb.name for verb in VERBS]
    assert len(set(names)) == len(names)
    assert set(PROTOCOL_METHODS) == {*names, "close"}
    for name in names:
        assert name in vars(MemoryVerbs) and name in vars(RemoteVerbs)


def _shape(path: str) -> str:
    """A path with its parameters unnamed (the client names them as its arguments)."""
    return re.sub(r"{\w+}", "{}", path)


def test_every_declared_route_is_served(memory: Memory) -> None:
    paths = create_app(memory.container).openapi()["paths"]
    served = {(method.upper(), _shape(path)) for path in paths for method in paths[path]}
    for verb in VERBS:
        method, path = verb.route.split(" ", 1)
        assert (method, _shape(path)) in served, f"{verb.name}: the app serves no {verb.route}"


def _module(source: str, name: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": name}
    exec(compile(source, name, "exec"), namespace)  # the generator's own output
    return namespace


def test_a_new_declaration_is_a_new_verb_on_every_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the README promises: one declaration, and the protocol, `Memory` and the clients
    all have the verb with one signature; its call follows from its route."""
    pin = Verb(
        "pin_fact",
        "fact_id: str, *, user_id: str | None = None, note: str | None = None",
        "ReviewOut",
        "Pin a record.",
        "POST /v1/facts/{fact_id}/pin",
        local="self._container.pinned(fact_id, user_id, note)",
    )
    monkeypatch.setattr(generate, "VERBS", (*VERBS, pin))
    protocol = _module(generate.protocol(), "generated_protocol")["MemoryAPI"]
    local = _module(generate.memory_verbs(), "generated_memory")["MemoryVerbs"]
    remote = _module(generate.remote_verbs(), "generated_remote")["RemoteVerbs"]
    signatures = {
        str(inspect.signature(cls.pin_fact).replace(return_annotation=inspect.Signature.empty))
        for cls in (protocol, local, remote)
    }
    expected = "(self, fact_id: 'str', *, user_id: 'str | None' = None, note: 'str | None' = None)"
    assert signatures == {expected}

    class Calls(remote):  # type: ignore[misc, valid-type]
        def _send(self, call: Call) -> Call:
            return call

    call = Calls().pin_fact("a/b c", user_id="alice")
    assert (call.method, call.path) == ("POST", "/v1/facts/a%2Fb%20c/pin")
    assert call.body == {"user_id": "alice"} and call.query() == {}
