"""Every REST operation and every GraphQL field, as requests one API key can make.

The catalogue is read from the app itself (its OpenAPI document and its GraphQL schema), so an
endpoint added later is probed without anyone listing it; one whose required parameter or body
this module cannot fill fails `requests_for` with a KeyError naming it, and the property test
(`test_permission_property.py`) fails until it is taught here.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from graphql import (
    GraphQLField,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLScalarType,
    Undefined,
)

from service.graphql.schema import schema
from service.read.exported import strings_in

NOT_TENANT_DATA = {
    ("get", "/healthz"),
    ("get", "/readyz"),
    ("get", "/metrics"),
    ("get", "/graphql"),
}
"""Operations that answer no tenant's records (health, metrics, the GraphiQL page)."""
DESTRUCTIVE = (
    "delete /v1/sources",
    "forgetSource",
    "delete /v1/users/{user_id}",
    "forgetUser",
)
"""Erase a source or the caller's whole tenant: probed last, in this order."""


@dataclass(frozen=True)
class Target:
    """What a probe by one key names: ids and words of others (which it must not reach) and
    its own (which it may). Each list is small: a probe tries every value it holds."""

    user: str
    fact_ids: tuple[str, ...]
    candidate_ids: tuple[str, ...]
    episode_ids: tuple[str, ...]
    event_ids: tuple[str, ...]
    names: tuple[str, ...]
    sources: tuple[str, ...]
    said: str
    """A statement for the write probes (the key's own words)."""


@dataclass(frozen=True)
class Probe:
    """One request: the operation it exercises and what it sent (echoes are not leaks)."""

    operation: str
    method: str
    url: str
    params: dict[str, str]
    body: dict[str, Any] | None
    echo: tuple[str, ...]
    """The values the request carried: an answer may repeat them."""


# ---------------------------------------------------------------------------------- REST

PATH_VALUES: dict[str, Callable[[Target], tuple[str, ...]]] = {
    "fact_id": lambda t: t.fact_ids,
    "candidate_id": lambda t: t.candidate_ids,
    "episode_id": lambda t: t.episode_ids,
    "event_id": lambda t: t.event_ids,
    "name": lambda t: t.names,
    "user_id": lambda t: (t.user,),
}
QUERY_VALUES: dict[str, Callable[[Target], tuple[str, ...]]] = {
    "q": lambda t: t.names,
    "source": lambda t: t.sources,
    "from": lambda t: (t.user,),
    "to": lambda t: t.names,
}
BODIES: dict[str, Callable[[Target], list[dict[str, Any]]]] = {
    "AddRequest": lambda t: [{"messages": t.said}],
    "BatchIn": lambda t: [{"items": [{"messages": t.said}, {"messages": t.said.upper()}]}],
    "ResolveIn": lambda t: [
        *({"content": f"I live in {name}.", "dry_run": True} for name in t.names),
        *({"fact_id": fact, "dry_run": False} for fact in t.fact_ids),
    ],
    "ScopeIn": lambda t: [{}],
    "ReviewIn": lambda t: [{"reason": "checked"}],
    "RejectIn": lambda t: [{"reason": "hearsay"}],
    "ReprocessIn": lambda t: [{"source": s, "dry_run": True} for s in t.sources],
}


def rest_operations(app: FastAPI) -> dict[str, dict[str, Any]]:
    """`"method path"` -> its OpenAPI operation, for every operation with tenant data."""
    found = {}
    for path, operations in app.openapi()["paths"].items():
        for method, operation in operations.items():
            if (method, path) not in NOT_TENANT_DATA:
                found[f"{method} {path}"] = operation
    return found


def rest_probes(operation_key: str, operation: dict[str, Any], target: Target) -> list[Probe]:
    method, path = operation_key.split(" ", 1)
    choices: list[list[tuple[str, str, str]]] = []  # (where, name, value) per parameter
    for parameter in operation.get("parameters", []):
        name, where = parameter["name"], parameter["in"]
        if where == "path":
            choices.append([("path", name, v) for v in PATH_VALUES[name](target)])
        elif parameter.get("required"):
            choices.append([("query", name, v) for v in QUERY_VALUES[name](target)])
    bodies: list[dict[str, Any] | None] = [None]
    if "requestBody" in operation:
        ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        bodies = list(BODIES[ref.rsplit("/", 1)[-1]](target))
    probes = []
    for combo in itertools.product(*choices):
        url, params = path, {}
        for where, name, value in combo:
            if where == "path":
                url = url.replace("{" + name + "}", value)
            else:
                params[name] = value
        given = tuple(value for _, _, value in combo)
        probes += [
            Probe(operation_key, method, url, params, body, given + tuple(strings_in(body)))
            for body in bodies
        ]
    return probes


# ------------------------------------------------------------------------------- GraphQL

GRAPHQL_ARGUMENTS: dict[str, Callable[[Target], tuple[Any, ...]]] = {
    "id": lambda t: t.fact_ids + t.candidate_ids,
    "factId": lambda t: t.fact_ids,
    "eventId": lambda t: t.event_ids,
    "name": lambda t: t.names,
    "q": lambda t: t.names,
    "source": lambda t: t.sources,
    "target": lambda t: t.names,
    "userId": lambda t: (t.user,),
    "paths.source": lambda t: (t.user,),
    "input": lambda t: ({"messages": t.said},),
    "items": lambda t: ([{"messages": t.said}],),
}
"""Values for a field's required arguments (and `userId`, always given)."""
OPTIONAL_ARGUMENTS: dict[str, dict[str, Any]] = {
    "resolveConflict": {"dryRun": True},
    "search": {"includeHistory": True},
    "reprocess": {"dryRun": True},
}
CONTENT = {"resolveConflict": "content"}
"""A field that needs one of two arguments: the one probed with a statement."""


def graphql_fields() -> dict[str, tuple[str, GraphQLField]]:
    """`field name` -> (`query` or `mutation`, the field), every root field of the schema."""
    found: dict[str, tuple[str, GraphQLField]] = {}
    for kind, root in (
        ("query", schema._schema.query_type),
        ("mutation", schema._schema.mutation_type),
    ):
        assert root is not None
        for name, field in root.fields.items():
            found[name] = (kind, field)
    return found


def selection(kind: GraphQLOutputType, depth: int = 0) -> str:
    """Every field of an output type, nested (a JSON scalar needs no selection)."""
    while isinstance(kind, GraphQLNonNull | GraphQLList):
        kind = kind.of_type
    if isinstance(kind, GraphQLScalarType) or not isinstance(kind, GraphQLObjectType):
        return ""
    if depth > 6:
        return "{ __typename }"
    parts = [f"{name} {selection(field.type, depth + 1)}" for name, field in kind.fields.items()]
    return "{ " + " ".join(parts) + " }"


def graphql_probes(name: str, target: Target) -> list[Probe]:
    kind, field = graphql_fields()[name]
    fixed: dict[str, Any] = dict(OPTIONAL_ARGUMENTS.get(name, {}))
    varying: list[list[tuple[str, Any]]] = []
    for arg_name, argument in field.args.items():
        required = isinstance(argument.type, GraphQLNonNull) and argument.default_value is Undefined
        wanted = required or arg_name == "userId"
        if arg_name == CONTENT.get(name):
            varying.append([(arg_name, f"I live in {n}.") for n in target.names])
        elif wanted:
            values = GRAPHQL_ARGUMENTS.get(f"{name}.{arg_name}") or GRAPHQL_ARGUMENTS[arg_name]
            varying.append([(arg_name, v) for v in values(target)])
    probes = []
    for combo in itertools.product(*varying):
        arguments = {**fixed, **dict(combo)}
        text = ", ".join(
            f"{k}: {json.dumps(v) if k not in ('input', 'items') else _object(v)}"
            for k, v in arguments.items()
        )
        document = f"{kind} {{ {name}({text}) {selection(field.type)} }}"
        echo = tuple(strings_in([v for _, v in combo]))
        probes.append(Probe(name, "post", "/graphql", {}, {"query": document}, echo))
    return probes


def _object(value: Any) -> str:
    """A GraphQL input literal (keys unquoted)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_object(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_object(v) for v in value) + "]"
    return json.dumps(value)
