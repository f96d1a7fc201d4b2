"""The shell every page shares: the Content-Security-Policy, the navigation by permission, no
inline script or style, and the roles' permissions as the migrations grant them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group, User

from web import roles

pytestmark = pytest.mark.django_db

CSP_DIRECTIVES = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
}


def _policy(header: str) -> dict[str, str]:
    directives = (part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    return {name: value for name, value in directives}


@pytest.mark.parametrize("path", ["/login/", "/runs/", "/", "/healthz"])
def test_every_response_carries_the_content_security_policy(client_as, path: str) -> None:
    response = client_as("manager" if path != "/login/" else None).get(path)

    policy = _policy(response["Content-Security-Policy"])
    for name, value in CSP_DIRECTIVES.items():
        assert policy[name] == value
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]


def assert_no_inline_code(html: str) -> None:
    """No inline <script> or <style>, no style= or on…= attribute: the CSP would block them."""
    assert "<style" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline <script>"
    assert not re.search(r"\sstyle\s*=", html), "a style= attribute"
    assert not re.search(r"<[^>]+\son[a-z]+\s*=", html), "an on…= handler"
    assert "hx-on" not in html


@pytest.mark.parametrize("path", ["/login/", "/runs/"])
def test_pages_hold_no_inline_script_or_style(client_as, path: str) -> None:
    html = client_as("admin" if path != "/login/" else None).get(path).content.decode()

    assert_no_inline_code(html)
    assert '"allowEval": false' in html and '"includeIndicatorStyles": false' in html
    assert "/static/vendor/pico/pico.classless.min.css" in html
    assert "/static/css/app.css" in html


def _nav(html: str) -> list[str]:
    nav = html.split('<ul class="nav-links">', 1)[1].split("</ul>", 1)[0]
    return re.findall(r"<a [^>]*>([^<]+)</a>", nav)


def test_the_navigation_shows_what_each_role_may_open(client_as) -> None:
    for role in ("analyst", "manager", "admin"):
        nav = _nav(client_as(role).get("/runs/").content.decode())
        assert "Runs" in nav, role
        assert "Admin" not in nav, role  # the Django admin is for staff only

    stranger = client_as("stranger").get("/").content.decode()
    assert _nav(stranger) == []


def test_the_current_page_is_marked_in_the_navigation(client_as) -> None:
    html = client_as("analyst").get("/runs/").content.decode()

    assert re.search(r'<a href="/runs/" aria-current="page">Runs</a>', html)


def test_staff_see_the_admin_link(client) -> None:
    client.force_login(User.objects.create_superuser("root", password="x"))

    assert "Admin" in _nav(client.get("/runs/").content.decode())


def test_the_migrations_grant_each_role_its_permissions() -> None:
    """As migrated (not through role_groups_ensure): the data migration's grants."""
    for name, expected in roles.ROLE_PERMISSIONS.items():
        group = Group.objects.get(name=name)
        granted = {
            f"{app}.{codename}"
            for app, codename in group.permissions.values_list(
                "content_type__app_label", "codename"
            )
        }
        assert set(expected) <= granted, name


@pytest.mark.parametrize(
    ("role", "reviews", "manages_runs"),
    [
        ("analyst", True, False),
        ("manager", False, True),
        ("admin", True, True),
        ("stranger", False, False),
    ],
)
def test_what_each_role_may_do(cast, role: str, reviews: bool, manages_runs: bool) -> None:
    user = User.objects.get(pk=cast[role].pk)  # a fresh permission cache

    assert user.has_perm("evaluations.review_verdict") is reviews
    assert user.has_perm("evaluations.manage_run") is manages_runs
    assert user.has_perm("evaluations.view_summaryevaluation") is (role != "stranger")


def test_the_stylesheet_closes_every_block_it_opens() -> None:
    """An unclosed `@media {` swallows every rule after it into that query (it once hid the
    calibration page's phone layout); browsers do not complain, so this test does."""
    from tests.conftest import REPO_ROOT

    css = re.sub(r"/\*.*?\*/", "", (REPO_ROOT / "static/css/app.css").read_text(), flags=re.S)
    depth = 0
    for number, line in enumerate(css.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"line {number} closes a block never opened"
    assert depth == 0, f"{depth} block(s) left open at the end of app.css"
