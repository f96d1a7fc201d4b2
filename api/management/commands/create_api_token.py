"""`manage.py create_api_token USERNAME [--name N]`: make an API token and print it, once."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.tokens import api_token_create


class Command(BaseCommand):
    help = "Create an API token for a user and print it (it is stored hashed: shown only now)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="", help="What the token is for (default: cli).")

    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no user named {options['username']!r}")
        if not user.is_active:
            raise CommandError(f"user {user.username!r} is inactive")
        try:
            issued = api_token_create(user=user, name=options["name"] or "cli")
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        self.stderr.write(
            f"Token {issued.token.name!r} for {user.username} (prefix {issued.token.prefix}). "
            "Store it now: it cannot be shown again."
        )
        self.stdout.write(issued.secret)
