"""A shared Snowball stemmer corrupts its state under threads (the Claude judge and a threads pool
judge concurrently): each thread must get its own."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from evaluations.judges import evidence, text

WORDS = ["running", "refunded", "charges", "customers", "billing", "cancellation"] * 400


def test_stemming_gives_the_same_stems_from_many_threads_at_once() -> None:
    expected = [evidence._stem(word) for word in WORDS]

    def stem_all(_: int) -> list[str]:
        # text.stem is cached per word, so give it words it has not seen in every thread
        [text.stem(f"{word}{index}") for index, word in enumerate(WORDS[:200])]
        return [evidence._stem(word) for word in WORDS]

    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(stem_all, range(32)))

    assert all(result == expected for result in results)
