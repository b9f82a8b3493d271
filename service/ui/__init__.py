"""The analysts' web page at `/ui`: static files (no build step), talking to the REST API."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, RedirectResponse
from starlette.staticfiles import StaticFiles

STATIC = Path(str(resources.files("service.ui") / "static"))


def install_ui(app: FastAPI) -> None:
    """`/ui` (the page) and `/ui/static/*` (its script and style)."""
    app.mount("/ui/static", StaticFiles(directory=STATIC), name="ui-static")

    @app.api_route("/ui", methods=["GET", "HEAD"], include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.api_route("/ui/", methods=["GET", "HEAD"], include_in_schema=False)
    def slash(request: Request) -> RedirectResponse:
        """To `/ui` with the query kept (`/ui/?user_id=sam`: the browser keeps the fragment)."""
        query = request.url.query
        return RedirectResponse(f"/ui?{query}" if query else "/ui")
