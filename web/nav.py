"""The top navigation: every page the product has, shown to the users allowed to open it.

A page family adds one `NavItem` here. An item whose URL does not exist yet (a page another
issue adds) is left out, so the list can name pages before they land.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.urls import NoReverseMatch, reverse


@dataclass(frozen=True)
class NavItem:
    label: str
    url_name: str
    permission: str  # "app_label.codename"; the view checks the same one


@dataclass(frozen=True)
class NavLink:
    label: str
    url: str
    is_current: bool


NAV_ITEMS: tuple[NavItem, ...] = (
    NavItem("Queue", "evaluations:queue", "evaluations.view_summaryevaluation"),
    NavItem("Calibration", "evaluations:calibration", "evaluations.view_verdictreview"),
    NavItem("Dashboard", "evaluations:dashboard", "evaluations.view_dashboard"),
    NavItem("Runs", "evaluations:run_list", "evaluations.view_evaluationrun"),
    NavItem("Sections", "summaries:section_list", "summaries.change_sectiondefinition"),
    NavItem("Imports", "summaries:import_list", "summaries.add_importbatch"),
    NavItem("API tokens", "api_tokens", "api.add_apitoken"),
    NavItem("Settings", "evaluations:judge_settings", "evaluations.change_judgesettings"),
)


def nav_links(user: User | AnonymousUser, path: str) -> list[NavLink]:
    """The items this user may open, with the one `path` is under marked current."""
    if not user.is_authenticated:
        return []
    links = []
    for item in NAV_ITEMS:
        if not user.has_perm(item.permission):
            continue
        try:
            url = reverse(item.url_name)
        except NoReverseMatch:
            continue
        links.append(NavLink(item.label, url, is_current=path.startswith(url)))
    return links
