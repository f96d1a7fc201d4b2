"""The summarization scorer's public API, shaped like Mastra's scorers.

`createSummarizationScorer(...).run({input, output})` and `runEvals({target, scorers, data})`, in
Python spelling. The score itself (alignment, coverage, the reason) is computed in
`evaluations.judges.summarization_score`; this module finds the source and the summary in
Mastra-style messages, picks the backend a `model` names, and shapes the result like Mastra's:

    from evaluations.judges import create_summarization_scorer, run_evals

    scorer = create_summarization_scorer(model="local")  # or "claude-...", "anthropic/claude-..."
    result = scorer.run(
        input=[{"role": "user", "content": "Customer: my bill shows $64.50 twice ..."}],
        output=[{"role": "assistant", "content": "The customer was double-billed $64.50 ..."}],
    )
    result["score"], result["reason"]
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from evaluations.judges.summarization_score import (
    DEFAULT_MAX_QUESTIONS,
    SummarizationBackend,
    normalise_question,
    score_summarization,
    summarization_reason,
)

# The score's names stay importable from here, where the tests and the local judge import them.
__all__ = [
    "DEFAULT_MAX_QUESTIONS",
    "SCORER_NAME",
    "SummarizationBackend",
    "SummarizationScorer",
    "create_summarization_scorer",
    "first_user_text",
    "last_assistant_text",
    "message_text",
    "normalise_question",
    "resolve_backend",
    "run_evals",
    "score_summarization",
    "summarization_reason",
]

SCORER_NAME = "summarization"


# --- The Mastra-shaped API ---------------------------------------------------------------------


class SummarizationScorer:
    """What `create_summarization_scorer` returns: `.run(input=..., output=...)` scores one pair."""

    def __init__(
        self,
        backend: SummarizationBackend,
        *,
        model: str,
        source: str | None,
        source_extractor: Callable[[Any, Any], str | None] | None,
        max_questions: int,
        scale: float,
    ):
        self.name = SCORER_NAME
        self.id = SCORER_NAME
        self.description = (
            "Alignment (claims supported by the source) and coverage (source questions the "
            "summary answers); the score is the weaker of the two."
        )
        self.backend = backend
        self.model = model
        self.source = source
        self.source_extractor = source_extractor
        self.max_questions = max_questions
        self.scale = scale

    def run(
        self,
        *,
        input: Any = None,  # shadows the builtin: Mastra calls it `input`
        output: Any = None,
        run_id: str | None = None,
        ground_truth: Any = None,
    ) -> dict[str, Any]:
        """Score one (input, output) pair.

        1. The source: `source_extractor(input, output)` if given and it returns text, else the
           scorer's `source`, else the text of the first user message in `input`.
        2. The summary: the last assistant message with text in `output`.
        3. `score_summarization`, shaped like Mastra's result: `score`, `reason`,
           `preprocess_step_result` (alignment, claims, questions) and `analyze_step_result`
           (coverage, answers), plus the model calls' usage.
        """
        source = self._source(input, output)
        summary = last_assistant_text(output)
        if not summary:
            raise ValueError(
                "no summary to score: `output` has no assistant message with text "
                "(give a message dict, a list of them, or a string)"
            )
        result = score_summarization(
            self.backend,
            source=source,
            summary=summary,
            max_questions=self.max_questions,
            scale=self.scale,
        )
        return {
            "run_id": run_id or str(uuid.uuid4()),
            "score": result.score,
            "reason": result.reason,
            "preprocess_step_result": {
                "alignment": result.alignment,
                # Plain text in, plain text out: no summary sections or transcript turns to link.
                "claims": [
                    c.model_dump(mode="json", include={"claim", "supported", "reason"})
                    for c in result.claims
                ],
                "questions": list(result.questions),
            },
            "analyze_step_result": {
                "coverage": result.coverage,
                "answers": [
                    a.model_dump(mode="json", include={"question", "answered", "reason"})
                    for a in result.answers
                ],
            },
            "calls": [c.model_dump(mode="json") for c in result.calls],
            "model": self.model,
        }

    def _source(self, input: Any, output: Any) -> str:
        if self.source_extractor is not None:
            extracted = self.source_extractor(input, output)
            if extracted and str(extracted).strip():
                return str(extracted)
        if self.source and self.source.strip():
            return self.source
        found = first_user_text(input)
        if found:
            return found
        raise ValueError(
            "no source to check the summary against: pass `source=` or `source_extractor=` to "
            "create_summarization_scorer, or put the source in the first user message of `input`"
        )


def create_summarization_scorer(
    model: str | SummarizationBackend = "local",
    source: str | None = None,
    source_extractor: Callable[[Any, Any], str | None] | None = None,
    max_questions: int = DEFAULT_MAX_QUESTIONS,
    scale: float = 1,
) -> SummarizationScorer:
    """A summarization scorer, the Python twin of Mastra's `createSummarizationScorer`.

    `model` is "local" (the offline baseline), a Claude model id ("claude-..."), or
    "anthropic/<model id>"; an object with `extract` and `answer` methods is used as the backend
    as is. `scale` multiplies the [0, 1] score.
    """
    if max_questions < 1:
        raise ValueError(f"max_questions must be at least 1, got {max_questions}")
    if not isinstance(scale, int | float) or isinstance(scale, bool) or scale <= 0:
        raise ValueError(f"scale must be a positive number, got {scale!r}")
    backend, model_name = resolve_backend(model)
    return SummarizationScorer(
        backend,
        model=model_name,
        source=source,
        source_extractor=source_extractor,
        max_questions=max_questions,
        scale=scale,
    )


def resolve_backend(model: str | SummarizationBackend) -> tuple[SummarizationBackend, str]:
    """The backend for a `model` argument, and the model's name.

    The judge modules are imported here, not at module import, so that importing the engine never
    pulls in the Anthropic SDK or the local judge's dependencies.
    """
    if not isinstance(model, str):
        if callable(getattr(model, "extract", None)) and callable(getattr(model, "answer", None)):
            return model, str(getattr(model, "model", type(model).__name__))
        raise ValueError(_model_error(model))
    name = model.strip()
    if name == "local":
        from evaluations.judges.local import LocalSummarizationBackend

        return LocalSummarizationBackend(), "local"
    claude_id = name.removeprefix("anthropic/") if name.startswith("anthropic/") else None
    if claude_id is None and name.startswith("claude-"):
        claude_id = name
    if claude_id:
        from evaluations.judges.claude import ClaudeSummarizationBackend

        return ClaudeSummarizationBackend(model=claude_id), claude_id
    raise ValueError(_model_error(model))


def run_evals(
    *,
    target: Callable[[Any], Any] | Any,
    scorers: Sequence[Any],
    data: Iterable[Mapping[str, Any]],
    on_item_complete: Callable[..., Any] | None = None,
    concurrency: int = 1,
) -> dict[str, Any]:
    """Run `target` over every item's input and score each output with every scorer.

    The Python twin of Mastra's `runEvals`. `target` is a callable taking the item's input (or an
    object with a `generate` method, like a Mastra agent); each item is a mapping with `input`
    (and optionally `ground_truth`). After each item, `on_item_complete(item=..., target_result=...,
    scorer_results=...)` is called, in data order. Returns `{"scores": {scorer name: mean score},
    "summary": {"total_items": n}, "items": [{"item", "target_result", "scorer_results"}]}`.
    Errors from the target or a scorer propagate: a partial mean would be misleading.
    """
    items = list(data)
    if not items:
        raise ValueError("data is empty: give at least one item like {'input': ...}")
    if not scorers:
        raise ValueError("scorers is empty: give at least one scorer")
    for position, item in enumerate(items):
        if not isinstance(item, Mapping) or "input" not in item:
            raise ValueError(f"data[{position}] must be a mapping with an 'input' key")
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency}")
    generate = target if callable(target) else getattr(target, "generate", None)
    if not callable(generate):
        raise ValueError("target must be a callable, or an object with a generate() method")
    names = _scorer_names(scorers)

    def evaluate(item: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        target_result = generate(item["input"])
        results = {}
        for name, scorer in zip(names, scorers, strict=True):
            kwargs: dict[str, Any] = {"input": item["input"], "output": target_result}
            if "ground_truth" in item:
                kwargs["ground_truth"] = item["ground_truth"]
            results[name] = scorer.run(**kwargs)
        return target_result, results

    outcomes: list[dict[str, Any]] = []
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        futures = [pool.submit(evaluate, item) for item in items]
        for item, future in zip(items, futures, strict=True):
            target_result, scorer_results = future.result()
            if on_item_complete is not None:
                on_item_complete(
                    item=item, target_result=target_result, scorer_results=scorer_results
                )
            outcomes.append(
                {"item": item, "target_result": target_result, "scorer_results": scorer_results}
            )
    scores = {
        name: sum(float(o["scorer_results"][name]["score"]) for o in outcomes) / len(outcomes)
        for name in names
    }
    return {"scores": scores, "summary": {"total_items": len(outcomes)}, "items": outcomes}


# --- Messages ----------------------------------------------------------------------------------


def message_text(message: Any) -> str:
    """The text of a message: `content` as a string, or its {"type": "text", "text": ...} parts."""
    if isinstance(message, str):
        return message
    if not isinstance(message, Mapping):
        return ""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):
        texts = [
            part.get("text", "")
            for part in content
            if isinstance(part, Mapping) and part.get("type", "text") == "text"
        ]
        return "\n".join(text for text in texts if isinstance(text, str) and text)
    return ""


def first_user_text(value: Any) -> str:
    """The text of the first user message with text; a plain string is taken as that text."""
    for message in _messages(value):
        if isinstance(message, str) or (
            isinstance(message, Mapping) and message.get("role", "user") == "user"
        ):
            text = message_text(message)
            if text.strip():
                return text
    return ""


def last_assistant_text(value: Any) -> str:
    """The text of the last assistant message with text; a plain string is taken as that text."""
    for message in reversed(_messages(value)):
        if isinstance(message, str) or (
            isinstance(message, Mapping) and message.get("role", "assistant") == "assistant"
        ):
            text = message_text(message)
            if text.strip():
                return text
    return ""


def _messages(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        # Mastra's agent-run input ({"inputMessages": [...]}) as well as a single message.
        for key in ("inputMessages", "input_messages", "messages"):
            if isinstance(value.get(key), Sequence) and not isinstance(value.get(key), str):
                return list(value[key])
        return [value]
    if isinstance(value, Sequence):
        return list(value)
    return []


# --- Helpers -----------------------------------------------------------------------------------


def _scorer_names(scorers: Sequence[Any]) -> list[str]:
    names: list[str] = []
    for scorer in scorers:
        base = str(
            getattr(scorer, "name", None) or getattr(scorer, "id", None) or type(scorer).__name__
        )
        name, number = base, 2
        while name in names:
            name, number = f"{base}#{number}", number + 1
        names.append(name)
    return names


def _model_error(model: Any) -> str:
    return (
        f"unknown model {model!r}: use 'local', a Claude model id such as "
        "'claude-sonnet-5', or 'anthropic/<model id>'"
    )
