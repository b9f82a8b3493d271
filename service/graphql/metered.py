"""The GraphQL operation a request ran, named for its metrics label (`service.labels`): the
root field it selected (`facts`, `forgetUser`), `multiple`, or `other`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from graphql import FieldNode, GraphQLSchema, OperationDefinitionNode
from strawberry.extensions import SchemaExtension

from service.labels import name_operation


class OperationLabel(SchemaExtension):
    """Names the executed operation's root field in the request's scope."""

    def on_execute(self) -> Iterator[None]:
        context = self.execution_context
        request = context.context.get("request") if isinstance(context.context, dict) else None
        document = context.graphql_document
        if request is not None and document is not None:
            chosen = [
                d
                for d in document.definitions
                if isinstance(d, OperationDefinitionNode)
                and (context.operation_name is None or _named(d) == context.operation_name)
            ]
            fields = _root_fields(chosen[0]) if chosen else []
            name_operation(request.scope, fields, _known(context.schema._schema))
        yield


def _named(definition: OperationDefinitionNode) -> str | None:
    return definition.name.value if definition.name else None


def _root_fields(definition: OperationDefinitionNode) -> list[str]:
    selections = definition.selection_set.selections
    return [s.name.value if isinstance(s, FieldNode) else "" for s in selections]


def _known(schema: GraphQLSchema) -> set[str]:
    roots: list[Any] = [schema.query_type, schema.mutation_type]
    return {name for root in roots if root is not None for name in root.fields}
