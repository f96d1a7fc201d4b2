"""POST /conversations (idempotent), :batch (per item), GET one, GET the queue's rows."""

from __future__ import annotations

import pytest

from summaries.models import Conversation, Summary, Turn
from tests.api.conftest import API, conversation_document

pytestmark = pytest.mark.django_db


def _post(client, document, path="/conversations"):
    return client.post(f"{API}{path}", document, content_type="application/json")


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("none", 401),
        ("revoked", 401),
        ("stranger", 403),
        ("analyst", 403),
        ("manager", 201),
        ("admin", 201),
    ],
)
def test_who_may_store_a_conversation(api_client, role, status) -> None:
    assert _post(api_client(role), conversation_document()).status_code == status


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("none", 401),
        ("revoked", 401),
        ("stranger", 403),
        ("analyst", 403),
        ("manager", 200),
        ("admin", 200),
    ],
)
def test_who_may_send_a_batch(api_client, role, status) -> None:
    response = _post(api_client(role), {"items": [conversation_document()]}, "/conversations:batch")
    assert response.status_code == status


def test_a_replay_returns_the_same_conversation_with_200_and_stores_nothing_more(
    api_client,
) -> None:
    client = api_client("manager")
    first = _post(client, conversation_document())
    assert first.status_code == 201
    assert first.json()["status"] == "created"
    counts = (Conversation.objects.count(), Turn.objects.count(), Summary.objects.count())
    replay = _post(client, conversation_document())
    assert replay.status_code == 200
    assert replay.json()["id"] == first.json()["id"]
    assert replay.json()["status"] == "unchanged"
    assert (Conversation.objects.count(), Turn.objects.count(), Summary.objects.count()) == counts


def test_a_new_summary_of_a_stored_conversation_is_added_with_200(api_client) -> None:
    client = api_client("manager")
    _post(client, conversation_document())
    document = conversation_document()
    document["summary"]["generator"] = "summarizer-v4"
    response = _post(client, document)
    assert response.status_code == 200
    assert response.json()["status"] == "summary_added"
    assert Summary.objects.count() == 2


def test_changed_turns_under_a_stored_id_are_a_409(api_client) -> None:
    client = api_client("manager")
    _post(client, conversation_document())
    document = conversation_document()
    document["turns"][1]["text"] = "My card was stolen."
    response = _post(client, document)
    assert response.status_code == 409
    assert response.json()["code"] == "conflict"
    assert "different turns" in response.json()["message"]
    assert Turn.objects.filter(text="My card was stolen.").count() == 0


def test_an_error_names_the_field(api_client) -> None:
    document = conversation_document()
    document["turns"][1]["role"] = "robot"
    response = _post(api_client("admin"), document)
    assert response.status_code == 400
    assert response.json()["field"] == "turns[1].role"
    assert "unknown role" in response.json()["message"]


def test_the_importers_caps_apply(api_client, settings) -> None:
    settings.TURN_MAX_CHARACTERS = 10
    response = _post(api_client("admin"), conversation_document())
    assert response.status_code == 400
    assert response.json()["field"] == "turns[0].text"
    assert "TURN_MAX_CHARACTERS" in response.json()["message"]


def test_a_vendor_format_is_detected_or_named(api_client) -> None:
    connect = {
        "Version": "1.1.0",
        "AWSAccountId": "1",
        "InstanceId": "i",
        "InitialContactId": "c",
        "ContactId": "connect-42",
        "Channel": "VOICE",
        "Participants": [
            {"ParticipantId": "A1", "ParticipantRole": "AGENT"},
            {"ParticipantId": "C1", "ParticipantRole": "CUSTOMER"},
        ],
        "Transcript": [
            {"ParticipantId": "A1", "Id": "1", "Content": "Hello", "BeginOffsetMillis": 0},
            {
                "ParticipantId": "C1",
                "Id": "2",
                "Content": "Hi, my bill is wrong",
                "BeginOffsetMillis": 900,
            },
        ],
    }
    client = api_client("admin")
    detected = _post(client, connect)
    assert detected.status_code == 201, detected.content
    assert detected.json()["source"] == "connect"
    named = _post(client, {**connect, "format": "connect"})
    assert named.status_code == 200
    wrong = _post(client, {**connect, "format": "ccai-upload"})
    assert wrong.status_code == 400
    unknown = _post(client, {**connect, "format": "nope"})
    assert unknown.json()["field"] == "format"


def test_a_batch_stores_the_good_items_and_reports_the_bad_one_by_index_and_field(
    api_client,
) -> None:
    bad = conversation_document("api-bad")
    bad["turns"][2]["text"] = "   "
    items = [conversation_document("api-1"), bad, conversation_document("api-3"), "not an object"]
    response = _post(api_client("manager"), {"items": items}, "/conversations:batch")
    assert response.status_code == 200
    body = response.json()
    assert (body["created"], body["failed"]) == (2, 2)
    assert [item["status"] for item in body["items"]] == ["created", "error", "created", "error"]
    assert body["items"][1]["error"]["field"] == "items[1].turns[2].text"
    assert body["items"][1]["index"] == 1
    assert body["items"][3]["error"]["field"] == "items[3]"
    assert set(Conversation.objects.values_list("external_id", flat=True)) == {"api-1", "api-3"}


def test_a_batch_over_the_size_limit_is_refused_whole(api_client, settings) -> None:
    settings.API_BATCH_MAX_ITEMS = 2
    items = [conversation_document(f"api-{n}") for n in range(3)]
    response = _post(api_client("manager"), {"items": items}, "/conversations:batch")
    assert response.status_code == 400
    assert response.json() | {"message": ""} == {
        "code": "batch_too_large",
        "message": "",
        "field": "items",
    }
    assert not Conversation.objects.exists()


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("none", 401),
        ("revoked", 401),
        ("stranger", 403),
        ("analyst", 200),
        ("manager", 200),
        ("admin", 200),
    ],
)
def test_who_may_read_a_conversation(api_client, role, status) -> None:
    conversation_id = _post(api_client("admin"), conversation_document()).json()["id"]
    response = api_client(role).get(f"{API}/conversations/{conversation_id}")
    assert response.status_code == status


def test_a_conversation_reads_back_with_turns_and_summaries(api_client) -> None:
    conversation_id = _post(api_client("admin"), conversation_document()).json()["id"]
    body = api_client("analyst").get(f"{API}/conversations/{conversation_id}").json()
    assert [turn["role"] for turn in body["turns"]] == ["agent", "customer", "agent"]
    assert body["summaries"][0]["sections"][1] == {"key": "resolution", "version": 1, "text": "Y"}
    assert body["summaries"][0]["latest_evaluation"] is None
    assert api_client("analyst").get(f"{API}/conversations/999999").status_code == 404
    huge = api_client("analyst").get(f"{API}/conversations/{10**30}")
    assert huge.status_code == 400


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("none", 401),
        ("revoked", 401),
        ("stranger", 403),
        ("analyst", 200),
        ("manager", 200),
        ("admin", 200),
    ],
)
def test_who_may_list_conversations(api_client, role, status) -> None:
    assert api_client(role).get(f"{API}/conversations").status_code == status


def test_a_bad_filter_or_cursor_is_a_400_naming_it(api_client) -> None:
    client = api_client("analyst")
    response = client.get(f"{API}/conversations?date_from=yesterday")
    assert (response.status_code, response.json()["field"]) == (400, "date_from")
    response = client.get(f"{API}/conversations?cursor=garbage")
    assert (response.status_code, response.json()["field"]) == (400, "cursor")
    response = client.get(f"{API}/conversations?accuracy_min=7")
    assert (response.status_code, response.json()["field"]) == (400, "accuracy_min")
