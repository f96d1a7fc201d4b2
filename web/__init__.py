"""The shell every page shares: the start page (a redirect by role), `/healthz`, the roles and
their permissions (`roles.py`, granted by data migrations), the top navigation (`nav.py`), the
base layout (templates/base.html) and the Content-Security-Policy settings' companion, the
static files. It may import the product's apps; none of them imports it."""
