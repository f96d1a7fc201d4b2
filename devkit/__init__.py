"""What development needs and the product does not: the demo's data and logins (`demo/`, with
`manage.py load_demo`) and the fake Anthropic Messages API (`fake_anthropic/`) that tests and
benchmarks drive the real SDK against. A Django app only so that `load_demo` is a command; no
models. It may import the product's apps; none of them imports it."""
