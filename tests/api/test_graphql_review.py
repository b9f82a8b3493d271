"""GraphQL for review and tenant work: the candidate queue, disputes, audit, versions, erasure.

Same use cases as the REST routes, through the real ASGI app, on both backends.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from service.clients.memory import Memory
from tests.api.test_graphql import data, error_of

CANDIDATES = """query($status: String!) {
  candidates(userId: "alice", status: $status) { id memory status rule reason promotedId
                                                 fact { value sourceType } }
}"""


def test_the_review_queue_through_graphql(memory: Memory, client: TestClient) -> None:
    held = memory.add("Atlas supports SAML", user_id="alice", source_type="web_search")
    first, second = held["candidates"][0]["id"], None
    memory.add("Atlas supports LDAP", user_id="alice", source_type="web_search")
    pending = data(client, CANDIDATES, status="pending")["candidates"]
    assert {c["memory"] for c in pending} == {"Atlas supports SAML", "Atlas supports LDAP"}
    assert all(c["status"] == "pending" and c["fact"]["sourceType"] == "web_search"
               for c in pending)  # fmt: skip
    second = next(c["id"] for c in pending if c["id"] != first)

    promoted = data(
        client,
        'mutation($id: String!) { confirmCandidate(id: $id, userId: "alice") '
        "{ id event fact { value } } }",
        id=first,
    )["confirmCandidate"]
    assert [r["event"] for r in promoted] == ["ADD"]
    rejected = data(
        client,
        'mutation($id: String!) { rejectCandidate(id: $id, userId: "alice", reason: "hearsay") '
        "{ status reason } }",
        id=second,
    )["rejectCandidate"]
    assert rejected == {"status": "rejected", "reason": "hearsay"}

    assert data(client, CANDIDATES, status="pending")["candidates"] == []
    (done,) = data(client, CANDIDATES, status="promoted")["candidates"]
    assert done["promotedId"] == promoted[0]["id"]
    stored = memory.facts(user_id="alice")["facts"]
    assert [f["value"] for f in stored] == [promoted[0]["fact"]["value"]]

    again = error_of(
        client,
        'mutation($id: String!) { rejectCandidate(id: $id, userId: "alice") { id } }',
        id=first,
    )
    assert again["extensions"]["code"] == "conflict"
    unknown = error_of(client, '{ candidates(userId: "alice", status: "maybe") { id } }')
    assert unknown["extensions"]["code"] == "invalid_input"
    assert memory.verify_ledger(user_id="alice")["ok"] is True


def test_a_dispute_is_audited_and_settled_through_graphql(
    memory: Memory, client: TestClient
) -> None:
    memory.add("Atlas supports SAML.", user_id="alice")
    doubt = memory.add("Atlas does not support SAML.", user_id="alice")["results"][0]
    assert doubt["fact"]["disputed"] is True

    audit = data(
        client,
        'mutation { auditConflicts(userId: "alice") { scanned flagged '
        "groups { entity predicate conflictType records { id disputed } } } }",
    )["auditConflicts"]
    assert audit["scanned"] >= 2 and audit["flagged"] == 1
    (group,) = audit["groups"]
    assert group["conflictType"] == "logical_contradiction"
    assert doubt["id"] in {r["id"] for r in group["records"]}

    settled = data(
        client,
        'mutation($id: String!) { confirmFact(id: $id, userId: "alice") '
        "{ executed facts { id disputed verifyStatus } } }",
        id=doubt["id"],
    )["confirmFact"]
    assert settled["executed"] is True
    one = data(
        client,
        'query($id: String!) { fact(id: $id, userId: "alice") { id disputed } }',
        id=doubt["id"],
    )["fact"]
    assert one == {"id": doubt["id"], "disputed": False}
    hidden = error_of(
        client, 'query($id: String!) { fact(id: $id, userId: "bob") { id } }', id=doubt["id"]
    )
    assert hidden["extensions"]["code"] == "not_found"


def test_versions_reprocess_and_erasure_through_graphql(memory: Memory, client: TestClient) -> None:
    memory.add("I live in Tallinn", user_id="alice", source="crm")
    memory.add("I work at Acme", user_id="alice", source="chat")
    stale = data(
        client,
        '{ staleRecords(userId: "alice") { extractionVersion policyVersion facts { id } } }',
    )["staleRecords"]
    assert stale["facts"] == [] and stale["extractionVersion"]
    replay = data(
        client,
        'mutation { reprocess(userId: "alice", onlyStale: false, dryRun: true) '
        "{ episodes changed unchanged dryRun } }",
    )["reprocess"]
    assert replay == {"episodes": 2, "changed": 0, "unchanged": 2, "dryRun": True}

    gone = data(
        client, 'mutation { forgetSource(userId: "alice", source: "crm") { erased episodes } }'
    )["forgetSource"]
    assert gone["episodes"] == 1 and gone["erased"] > 0
    left = [f["value"] for f in memory.facts(user_id="alice")["facts"]]
    assert left == ["Acme"]
    erased = data(client, 'mutation { forgetUser(userId: "alice") { erased } }')["forgetUser"]
    assert erased["erased"] > 0
    assert memory.facts(user_id="alice")["facts"] == []
    assert memory.verify_ledger(user_id="alice")["ok"] is True
    blank = error_of(client, 'mutation { forgetSource(userId: "alice", source: "") { erased } }')
    assert blank["extensions"]["code"] == "invalid_input"
