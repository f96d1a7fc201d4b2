"""The grant and revoke steps of the data migrations that give the role groups their permissions.

Every grant migration in `web/migrations/` and `api/migrations/` freezes its own mapping and hands
it to `role_grants`; this module holds the steps they share. Those migrations have already run on
deployed databases, so a change here must keep what each of them does, forwards and backwards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.apps.registry import Apps
from django.contrib.auth.management import create_permissions
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

# {group name: [(app_label, codename), ...]}
Grants = Mapping[str, Sequence[tuple[str, str]]]
MigrationStep = Callable[[Apps, BaseDatabaseSchemaEditor], None]


def role_grants(grants: Grants) -> tuple[MigrationStep, MigrationStep]:
    """The (grant, revoke) pair for `migrations.RunPython` that gives each group its permissions.

    grant first creates the content types and permission rows of every app the mapping names, from
    the historical models (Django otherwise creates them only after the whole migrate, too late
    for a data migration); then it creates any group not there yet and adds its permissions. A
    permission no model of those apps declares is an error, and the migration fails.

    revoke takes the same permissions from the same groups, passing over a group or permission
    that is not there; it deletes no group and no permission row.
    """
    # In the order the mapping first names them, as the migrations listed them by hand.
    app_labels = list(
        dict.fromkeys(app_label for permissions in grants.values() for app_label, _ in permissions)
    )

    def grant(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
        for app_label in app_labels:
            app_config = apps.get_app_config(app_label)
            # create_permissions skips an app without models, as a historical app config looks.
            app_config.models_module = True  # type: ignore[assignment]
            create_permissions(app_config, apps=apps, verbosity=0)
            app_config.models_module = None
        # The historical models: Any, since the stubs know only the current ones.
        Group: Any = apps.get_model("auth", "Group")
        Permission: Any = apps.get_model("auth", "Permission")
        for name, permissions in grants.items():
            group, _ = Group.objects.get_or_create(name=name)
            for app_label, codename in permissions:
                group.permissions.add(
                    Permission.objects.get(content_type__app_label=app_label, codename=codename)
                )

    def revoke(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
        Group: Any = apps.get_model("auth", "Group")
        Permission: Any = apps.get_model("auth", "Permission")
        for name, permissions in grants.items():
            group = Group.objects.filter(name=name).first()
            if group is None:
                continue
            for app_label, codename in permissions:
                group.permissions.remove(
                    *Permission.objects.filter(content_type__app_label=app_label, codename=codename)
                )

    return grant, revoke
