"""The shell every page shares: the start page, `/healthz`, and (later) roles, permissions and
the base layout. It may import the product's apps; none of them imports it."""
