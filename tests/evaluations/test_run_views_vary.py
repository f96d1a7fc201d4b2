"""A response that differs by HX-Request says so (`Vary: HX-Request`), so no cache hands the
fragment to a full-page load or the reverse."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.cache import has_vary_header

from evaluations.services import evaluation_run_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def run_url(make_summary) -> str:
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    return reverse("evaluations:run_detail", args=[run.pk])


def test_the_run_page_varies_on_hx_request_with_and_without_it(admin_client, run_url) -> None:
    page = admin_client.get(run_url)
    fragment = admin_client.get(run_url + "?fragment=status", headers={"HX-Request": "true"})

    assert page.content != fragment.content
    assert has_vary_header(page, "HX-Request")
    assert has_vary_header(fragment, "HX-Request")


def test_a_response_that_never_looks_at_hx_request_does_not_vary_on_it(client) -> None:
    response = client.get("/healthz")

    assert not has_vary_header(response, "HX-Request")
