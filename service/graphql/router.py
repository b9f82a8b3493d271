"""The /graphql endpoint: strawberry's FastAPI router over the composition root.

Answers carry errors in the REST vocabulary (`errors.formatted`); a request strawberry cannot
even read (no query, a body that is not JSON) is refused in the REST error shape.
"""

from __future__ import annotations

from typing import Any

from cross_web import HTTPException
from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection
from strawberry.fastapi import GraphQLRouter
from strawberry.http import GraphQLHTTPResponse
from strawberry.types import ExecutionResult
from strawberry.types.unset import UNSET

from service.bootstrap import Container
from service.errors import error_body
from service.graphql.errors import formatted
from service.graphql.schema import schema

Context = dict[str, Any]


class Router(GraphQLRouter[Context, None]):
    async def process_result(
        self, request: Request, result: ExecutionResult
    ) -> GraphQLHTTPResponse:
        answer: GraphQLHTTPResponse = {"data": result.data}
        if result.errors:
            answer["errors"] = [formatted(error) for error in result.errors]
        return answer

    async def run(self, request: Any, context: Any = UNSET, root_value: Any = UNSET) -> Any:
        try:
            return await super().run(request, context=context, root_value=root_value)
        except HTTPException as exc:
            body = error_body("invalid_input", exc.reason)
            return JSONResponse(body, status_code=exc.status_code)
        except RecursionError:  # a body (its variables) nested deeper than a parser can go
            body = error_body("invalid_input", "body: JSON nested too deeply")
            return JSONResponse(body, status_code=400)


def graphql_router(container: Container) -> Router:
    """Mount with `app.include_router(graphql_router(container), prefix="/graphql")`."""

    def context(connection: HTTPConnection) -> Context:
        state = connection.state
        return {
            "container": container,
            "principals": getattr(state, "principals", None),
            "user": getattr(state, "tenant_user", None),
        }

    return Router(schema, context_getter=context, tags=["graphql"])
