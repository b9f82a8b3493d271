"""Links to the page keep their user (issue 32, item 5): `/ui/?user_id=sam` redirects to
`/ui?user_id=sam` (the browser keeps the fragment), and `HEAD` answers like `GET`."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_a_slash_link_keeps_its_user_and_head_answers(client: TestClient) -> None:
    moved = client.get("/ui/?user_id=sam", follow_redirects=False)
    assert moved.status_code in {302, 307}
    assert moved.headers["location"] == "/ui?user_id=sam"
    assert client.get("/ui/", follow_redirects=False).headers["location"] == "/ui"
    for path in ("/ui", "/ui/"):
        head = client.head(path, follow_redirects=True)
        assert head.status_code == 200
        assert head.headers["content-type"].startswith("text/html")
    assert "app.js" in client.get("/ui/?user_id=sam").text


def test_start_up_logs_say_nothing_about_faiss_builds() -> None:
    import logging

    from service.http.observe import configure_logging

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        configure_logging("text")
        assert not logging.getLogger("faiss.loader").isEnabledFor(logging.INFO)
        assert logging.getLogger("faiss.loader").isEnabledFor(logging.WARNING)
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
