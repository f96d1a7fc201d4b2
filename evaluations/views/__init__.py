"""The evaluation pages, one module per page family: `runs` (the runs list and a run's page),
`queue` (the conversation queue) and `review` (a conversation's review page and its overrides).
Each view checks its permission itself: a client can request any URL or partial directly."""
