"""The admins' token page: create (shown once), list, revoke."""

from __future__ import annotations

import re

import pytest

from api.models import ApiToken
from api.tokens import TokenRefused, api_token_authenticate

pytestmark = pytest.mark.django_db


def test_an_admin_creates_a_token_that_is_shown_once_then_revokes_it(client_as, cast) -> None:
    client = client_as("admin")
    response = client.post(
        "/settings/tokens/", {"user": cast["manager"].pk, "name": "summarizer-pipeline"}
    )
    assert response.status_code == 200
    secret = re.search(r"sqa_[0-9a-f]+_[\w-]+", response.content.decode()).group(0)
    assert api_token_authenticate(presented=secret).user == cast["manager"]
    listing = client.get("/settings/tokens/").content.decode()
    assert "summarizer-pipeline" in listing and secret not in listing
    token = ApiToken.objects.get(name="summarizer-pipeline")
    response = client.post(f"/settings/tokens/{token.pk}/revoke/", follow=True)
    assert "is revoked" in response.content.decode()
    with pytest.raises(TokenRefused, match="revoked"):
        api_token_authenticate(presented=secret)


def test_a_token_without_a_name_is_refused_with_the_form(client_as, cast) -> None:
    response = client_as("admin").post("/settings/tokens/", {"user": cast["manager"].pk})
    assert response.status_code == 400
    assert not ApiToken.objects.exists()
