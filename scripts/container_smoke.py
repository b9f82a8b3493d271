"""What scripts/container-check.sh asks of a running container, over HTTP (standard library
only, so it runs on any machine with Python):

    python3 scripts/container_smoke.py http://127.0.0.1:8000 [--backend sqlite|neo4j] [--wait 600]

Waits for `/readyz`, then checks `/healthz` (backend and version), an add, an as-of answer
("where did alice live in 2024" after moving in 2023 and again in 2025), the current answer
and a Chinese write. Prints one line per check and exits non-zero on the first failure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any


def call(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def wait_ready(base: str, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    last = "no answer"
    while time.monotonic() < deadline:
        try:
            return dict(call(base, "GET", "/readyz"))
        except urllib.error.HTTPError as exc:
            last = exc.read().decode(errors="replace")[:200]
        except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
            last = str(exc)
        time.sleep(3)
    raise SystemExit(f"FAIL /readyz not ready after {seconds:.0f} s: {last}")


def values(base: str, user: str, **question: str) -> list[str]:
    query = urllib.parse.urlencode({"user_id": user, "subject": user, **question})
    return [fact["value"] for fact in call(base, "GET", f"/v1/facts?{query}")["facts"]]


def check(name: str, ok: bool, detail: object) -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}", flush=True)
    if not ok:
        raise SystemExit(1)


def add(base: str, user: str, text: str, observed: str) -> list[str]:
    body = {"messages": text, "user_id": user, "observation_date": observed}
    return [r["event"] for r in call(base, "POST", "/v1/memories", body)["results"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("base")
    parser.add_argument("--backend", choices=["sqlite", "neo4j"], default=None)
    parser.add_argument("--wait", type=float, default=600)
    args = parser.parse_args()
    base = args.base.rstrip("/")
    started = time.monotonic()
    ready = wait_ready(base, args.wait)
    check("ready", ready.get("status") == "ready", f"{time.monotonic() - started:.0f} s")
    health = call(base, "GET", "/healthz")
    backend_ok = args.backend is None or health.get("backend") == args.backend
    check("healthz", backend_ok and bool(health.get("version")), health)
    user = f"check-{uuid.uuid4().hex[:8]}"
    check("add", add(base, user, "I moved to Berlin in 2023.", "2023-06-01") == ["ADD"], user)
    check("update", add(base, user, "I moved to Paris in 2025.", "2025-03-01") == ["UPDATE"], "")
    check("as of 2024", values(base, user, as_of="2024") == ["Berlin"], "Berlin")
    check("now", values(base, user) == ["Paris"], "Paris")
    add(base, user, "我住在北京。", "2025-06-01")
    check("chinese write", "北京" in values(base, user), "北京")
    verdict = call(base, "GET", f"/v1/ledger/verify?user_id={user}")
    check("ledger", verdict.get("ok") is True and verdict.get("length", 0) >= 3, verdict)


if __name__ == "__main__":
    try:
        main()
    except urllib.error.HTTPError as exc:
        print(f"FAIL HTTP {exc.code}: {exc.read().decode(errors='replace')[:300]}")
        sys.exit(1)
