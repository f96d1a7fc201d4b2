"""The Claude judge's tasks, one call each: what each sends after the shared prefix, how its reply
is checked (a failed check triggers the client's one repair attempt), and how the reply becomes
verdicts. Accuracy, adherence and completeness read the cached transcript and summary blocks;
`verify_points` reads the transcript only.
"""

from __future__ import annotations

from evaluations.judges.anthropic_client import ReplyProblem
from evaluations.judges.categorical import categorical_point
from evaluations.judges.claude.calls import FirstEventHook, TaskCaller, valid_turns
from evaluations.judges.claude_prompts import (
    AdherenceAnswerReply,
    CompletenessRubricReply,
    JudgeReply,
    attr,
    escape_data,
    render_transcript,
    task_block,
)
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    CallUsage,
    CompletenessItem,
    CompletenessRubric,
    PointToVerify,
    SectionSpec,
    Transcript,
)


def judge_accuracy(
    call: TaskCaller,
    transcript: Transcript,
    prefix: tuple[str, ...],
    sections: tuple[SectionSpec, ...],
    on_first_event: FirstEventHook,
) -> tuple[tuple[list[AccuracyPoint], list[str]], list[CallUsage]]:
    """Break every non-empty section into points and check each against the transcript. A
    categorical value is one point worded in code, so the model only judges it.

    Returns the points and notes on what was left out. A point that cites a section not under
    judgment (an empty section, or a name the model made up) is dropped with a note: the
    reply's other points stand, and no repair is spent on it. A section under judgment without
    any point is a broken reply (repaired once, then a JudgeError): nothing usable is left of it.
    """
    free_text = [s for s in sections if s.text.strip() and not s.is_categorical]
    categorical = [s for s in sections if s.text.strip() and s.is_categorical]
    free_keys = {s.key for s in free_text}
    categorical_keys = {s.key for s in categorical}
    judged_keys = free_keys | categorical_keys

    def check(reply: JudgeReply) -> None:
        missing = judged_keys - {p.section for p in reply.accuracy_points}
        if missing:
            raise ReplyProblem("sections without any point", sorted(missing))

    blocks = []
    if categorical:
        point_lines = "\n".join(
            f'<point id="p{n}" section="{attr(s.key)}">{escape_data(categorical_point(s))}</point>'
            for n, s in enumerate(categorical, 1)
        )
        blocks.append(f"<points>\n{point_lines}\n</points>")
    reply, usage = call(
        purpose="accuracy",
        task="accuracy",
        cached_blocks=prefix,
        task_text=task_block("accuracy", *blocks),
        check=check,
        on_first_event=on_first_event,
    )
    points: list[AccuracyPoint] = []
    categorical_done: set[str] = set()
    stray: dict[str, int] = {}
    for judged in reply.accuracy_points:
        if judged.section not in judged_keys:
            stray[judged.section] = stray.get(judged.section, 0) + 1
            continue
        if judged.section in categorical_keys:
            # A categorical value is exactly one point, worded in code.
            if judged.section in categorical_done:
                continue
            categorical_done.add(judged.section)
            section = next(s for s in categorical if s.key == judged.section)
            text = categorical_point(section)
        else:
            text = judged.point.strip()
            if not text:
                continue
        points.append(
            AccuracyPoint(
                section=judged.section,
                point=text,
                accuracy=judged.accuracy,
                is_accurate=judged.is_accurate,
                turn_indexes=valid_turns(judged.turn_indexes, transcript),
            )
        )
    order = {s.key: i for i, s in enumerate(sections)}
    points.sort(key=lambda p: order[p.section])  # stable: keeps the model's order per section
    return (points, [_stray_note(section, count, sections) for section, count in stray.items()]), [
        usage
    ]


def _stray_note(section: str, count: int, sections: tuple[SectionSpec, ...]) -> str:
    given = next((s for s in sections if s.key == section), None)
    why = (
        "it is empty, so it is not judged for accuracy"
        if given is not None
        else "the summary has no such section"
    )
    points = "1 accuracy point" if count == 1 else f"{count} accuracy points"
    return f"Left out {points} the model gave for section {section!r}: {why}."


def judge_adherence(
    call: TaskCaller,
    prefix: tuple[str, ...],
    to_model: list[tuple[SectionSpec, tuple[str, ...]]],
    on_first_event: FirstEventHook,
) -> tuple[list[AdherenceRubric], list[CallUsage]]:
    """Answer each rubric question of the free-text custom sections that have text."""
    questions: dict[str, tuple[SectionSpec, str]] = {}
    for section, section_questions in to_model:
        for question in section_questions:
            questions[f"q{len(questions) + 1}"] = (section, question)

    def check(reply: JudgeReply) -> None:
        answered = {a.question_id for a in reply.adherence_answers}
        missing = [qid for qid in questions if qid not in answered]
        if missing:
            raise ReplyProblem(f"questions without an answer: {missing}")

    question_lines = "\n".join(
        f'<question id="{qid}" section="{attr(section.key)}">{escape_data(question)}</question>'
        for qid, (section, question) in questions.items()
    )
    reply, usage = call(
        purpose="adherence",
        task="adherence",
        cached_blocks=prefix,
        task_text=task_block("adherence", f"<questions>\n{question_lines}\n</questions>"),
        check=check,
        on_first_event=on_first_event,
    )
    answers: dict[str, AdherenceAnswerReply] = {}
    for answer in reply.adherence_answers:
        answers.setdefault(answer.question_id, answer)
    rubrics = [
        AdherenceRubric(
            section=section.key,
            question=question,
            reasoning=answers[qid].reasoning,
            is_addressed=answers[qid].is_addressed,
            decided_by="model",
        )
        for qid, (section, question) in questions.items()
    ]
    return rubrics, [usage]


def judge_completeness(
    call: TaskCaller,
    transcript: Transcript,
    prefix: tuple[str, ...],
    wanted: list[tuple[SectionSpec, tuple[tuple[str, str], ...]]],
    on_first_event: FirstEventHook,
) -> tuple[list[CompletenessRubric], list[CallUsage]]:
    """List, per instruction, the transcript content it calls for and whether the summary
    covers each item."""
    instructions: dict[str, tuple[SectionSpec, str, str]] = {}
    for section, pairs in wanted:
        for instruction, question in pairs:
            instructions[f"i{len(instructions) + 1}"] = (section, instruction, question)

    def check(reply: JudgeReply) -> None:
        judged = {r.instruction_id for r in reply.completeness_rubrics}
        missing = [iid for iid in instructions if iid not in judged]
        if missing:
            raise ReplyProblem(f"instructions without a rubric: {missing}")

    groups = []
    for section, _ in wanted:
        lines = "\n".join(
            f'<instruction id="{iid}">{escape_data(instruction)}</instruction>'
            for iid, (owner, instruction, _q) in instructions.items()
            if owner.key == section.key
        )
        groups.append(
            f'<section_instructions section="{attr(section.key)}">\n{lines}\n</section_instructions>'
        )
    reply, usage = call(
        purpose="completeness",
        task="completeness",
        cached_blocks=prefix,
        task_text=task_block(
            "completeness", "<instructions>\n" + "\n".join(groups) + "\n</instructions>"
        ),
        check=check,
        on_first_event=on_first_event,
    )
    judged_rubrics: dict[str, CompletenessRubricReply] = {}
    for rubric in reply.completeness_rubrics:
        judged_rubrics.setdefault(rubric.instruction_id, rubric)
    rubrics = []
    for iid, (section, instruction, question) in instructions.items():
        is_empty = not section.text.strip()
        items = tuple(
            CompletenessItem(
                transcript_content=item.transcript_content.strip(),
                # An empty section covers nothing, whatever the reply says.
                related_content_from_summary="" if is_empty else item.related_content_from_summary,
                is_covered=False if is_empty else item.is_covered,
                turn_indexes=valid_turns(item.turn_indexes, transcript),
            )
            for item in judged_rubrics[iid].content_list
            if item.transcript_content.strip()
        )
        rubrics.append(
            CompletenessRubric(
                section=section.key,
                instruction=instruction,
                question=question,
                content_list=items,
            )
        )
    return rubrics, [usage]


def verify_points(
    call: TaskCaller, transcript: Transcript, points: list[PointToVerify]
) -> tuple[list[AccuracyPoint], CallUsage]:
    """Check given points against the transcript, without decomposing anything: one verdict per
    point, in order."""

    def check(reply: JudgeReply) -> None:
        if len(reply.accuracy_points) != len(points):
            raise ReplyProblem(
                f"{len(points)} points were given but {len(reply.accuracy_points)} were judged"
            )

    point_lines = "\n".join(
        f'<point id="p{n}" section="{attr(p.section)}">{escape_data(p.point)}</point>'
        for n, p in enumerate(points, 1)
    )
    reply, usage = call(
        purpose="verify_points",
        task="verify_points",
        cached_blocks=(render_transcript(transcript),),
        task_text=task_block("verify_points", f"<points>\n{point_lines}\n</points>"),
        check=check,
    )
    verdicts = [
        AccuracyPoint(
            section=given.section,
            point=given.point,
            accuracy=judged.accuracy,
            is_accurate=judged.is_accurate,
            turn_indexes=valid_turns(judged.turn_indexes, transcript),
        )
        for given, judged in zip(points, reply.accuracy_points, strict=True)
    ]
    return verdicts, usage
