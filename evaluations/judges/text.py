"""Text normalisation for the offline judge: words, stems and the checkable facts of a text.

Pure Python, no model and no download. Number words become digits with text2num (`alpha2digit`),
stems come from the Snowball stemmer of the conversation's language, stop words from the
`stop-words` lists, months and weekdays from `evaluations.judges.languages`, and near-miss
spellings ("propably") are matched with rapidfuzz.

What is read depends on a *reading*: the conversation's language and its date. `reading(...)`
sets both for the code inside it (a context variable, so threads and tasks do not mix them up);
outside any reading, text is English with no date, as before. With a date, relative day words
("tomorrow", "this evening", "Thursday the 7th", "in 3 days") become dates.

A *fact* is a value a summary must get exactly right: an amount of money, a date, a time, a phone
number, an order/ticket/reference id or a plain number. Each fact has a `kind` and a canonical
`value`, so "ten dollars" and "$10.00" are the same fact, and so are "February 3" and "Feb 3rd".

Past 400 lines only because the formatter lays the stop-word list out one word a line (some 200
lines); the code itself is one idea, the normalisation every lexical check shares.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

import simplemma
import snowballstemmer
from rapidfuzz import fuzz, process
from stop_words import get_stop_words
from text_to_num import alpha2digit

from evaluations.judges.languages import ENGLISH, LANGUAGES, Language

# Snowball stemmers keep state between calls and are not thread-safe (the Claude judge and a
# threads pool call this concurrently): one per thread.
_stemmers = threading.local()


@dataclass(frozen=True)
class Reading:
    """How text is read: in which language, and on which date "tomorrow" is said."""

    language: Language = ENGLISH
    anchor: dt.date | None = None


_DEFAULT_READING = Reading()
_READING: ContextVar[Reading] = ContextVar("reading", default=_DEFAULT_READING)


@contextmanager
def reading(language: Language = ENGLISH, anchor: dt.date | None = None) -> Iterator[Reading]:
    """Read text in `language`, resolving relative dates against `anchor`, inside the block."""
    current = Reading(language, anchor)
    token = _READING.set(current)
    try:
        yield current
    finally:
        _READING.reset(token)


def current_reading() -> Reading:
    return _READING.get()


# Function words carry no checkable content. A small fixed list (no NLTK data download).
STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "aren",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "cannot",
        "could",
        "couldn",
        "did",
        "didn",
        "do",
        "does",
        "doesn",
        "doing",
        "don",
        "down",
        "during",
        "each",
        "else",
        "ever",
        "few",
        "for",
        "from",
        "further",
        "get",
        "gets",
        "got",
        "had",
        "hadn",
        "has",
        "hasn",
        "have",
        "haven",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "isn",
        "it",
        "its",
        "itself",
        "just",
        "let",
        "lets",
        "ll",
        "me",
        "might",
        "more",
        "most",
        "must",
        "mustn",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "re",
        "s",
        "same",
        "shall",
        "she",
        "should",
        "shouldn",
        "so",
        "some",
        "such",
        "t",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "upon",
        "us",
        "ve",
        "very",
        "was",
        "wasn",
        "we",
        "were",
        "weren",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "whose",
        "why",
        "will",
        "with",
        "won",
        "would",
        "wouldn",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "d",
        "m",
        "o",
        "y",
        "ok",
        "okay",
        "yes",
        "yeah",
        "yep",
        "oh",
        "um",
        "uh",
        "hmm",
        "mm",
        "hi",
        "hello",
        "hey",
        "thanks",
        "thank",
        "please",
        "sure",
        "well",
        "really",
        "also",
        "still",
        "going",
        "gonna",
        "wanna",
        "got",
        "get",
        "gets",
        "one",
        "ones",
        "thing",
        "things",
        "something",
        "anything",
        "everything",
        "lot",
        "lots",
    ]
)

FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "i'm", "i've", "i'll", "i'd", "im"})
FIRST_PERSON_PLURAL = frozenset({"we", "us", "our", "ours", "ourselves", "we're", "we've", "we'll"})
SECOND_PERSON = frozenset(
    {"you", "your", "yours", "yourself", "you're", "you've", "you'll", "u", "ur"}
)
NEGATIONS = ENGLISH.negations


def negation_words() -> frozenset[str]:
    """The negation cues of the language being read."""
    return current_reading().language.negations


_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
# "Wi-Fi", "e-mail": a hyphen inside a short compound is spelling, not two words.
_NUMBER_HYPHEN = re.compile(r"\b([^\W\d_]{3,})-([^\W\d_]{2,})\b")
_SHORT_COMPOUND = re.compile(
    r"\b([^\W\d_]{1,2})-([^\W\d_]{2,})\b|\b([^\W\d_]{2,})-([^\W\d_]{1,2})\b"
)
_ORDINAL = r"(?:st|nd|rd|th|º|ª|er|e|\.)?"


@dataclass(frozen=True)
class _Calendar:
    """A language's month and weekday names as lookups and compiled patterns."""

    months: dict[str, int]
    weekdays: dict[str, int]
    date_month_day: re.Pattern[str]
    date_day_month: re.Pattern[str]
    month_alone: re.Pattern[str]
    weekday: re.Pattern[str]
    day_words: re.Pattern[str] | None


@lru_cache(maxsize=16)
def _calendar(language: Language) -> _Calendar:
    months = {
        name: number for number, names in enumerate(language.months, start=1) for name in names
    }
    weekdays = {name: number for number, names in enumerate(language.weekdays) for name in names}
    month_re = "(?:" + "|".join(sorted(map(re.escape, months), key=len, reverse=True)) + ")\\.?"
    of = "".join(f"(?:{re.escape(word)}\\s+)?" for word in language.month_of)
    weekday_re = "|".join(sorted(map(re.escape, weekdays), key=len, reverse=True))
    day_words = (
        re.compile(
            r"(?<![\w'])(?:"
            + "|".join(sorted(map(re.escape, language.day_words), key=len, reverse=True))
            + r")(?:['’]s)?(?![\w'])",
            re.IGNORECASE,
        )
        if language.day_words
        else None
    )
    return _Calendar(
        months=months,
        weekdays=weekdays,
        date_month_day=re.compile(
            rf"\b(?P<month>{month_re})\s+(?P<day>[0-3]?\d){_ORDINAL}(?!\w)(?:,?\s+(?P<year>(?:19|20)\d\d))?",
            re.IGNORECASE,
        ),
        date_day_month=re.compile(
            rf"\b(?P<day>[0-3]?\d){_ORDINAL}\s+{of}(?P<month>{month_re})(?!\w)(?:,?\s+(?:{of})?(?P<year>(?:19|20)\d\d))?",
            re.IGNORECASE,
        ),
        month_alone=re.compile(rf"\b(?P<month>{month_re})(?!\w)", re.IGNORECASE),
        weekday=re.compile(rf"\b(?P<weekday>{weekday_re})s?(?!\w)", re.IGNORECASE),
        day_words=day_words,
    )


# A day number coordinated before a full date shares its month: "the 21st and 22nd of May",
# "21 y 22 de mayo", "am 21. und 22. Mai", "1, 2 e 3 de maio". The joining words of every
# language read here, as they only ever stand between two day numbers in this position.
_JOINER = r"(?:,|&|-|–|\s(?:and|or|to|through|y|o|al|e|et|ou|au|à|und|oder|bis|en|of|tot)\s)"
_COORDINATED_DAY = re.compile(
    rf"(?P<day>\b[0-3]?\d)(?:st|nd|rd|th|º|ª|er|e|\.)?\s*{_JOINER}\s*"
    r"(?:(?:the|le|el|den|il|o|am)\s+)?(?P<weekday>[^\W\d_]+\s+)?$",
    re.IGNORECASE,
)
# "the 1st of this month", "the 30th of next month": the month the day is in, as an offset.
_OF_MONTH = re.compile(
    r"\s+of\s+(?:(?P<this>this|the\s+same)|(?P<next>next|the\s+following)|"
    r"(?P<last>last|the\s+previous))\s+month\b",
    re.IGNORECASE,
)
_DATE_NUMERIC = re.compile(r"\b(?P<month>[01]?\d)/(?P<day>[0-3]?\d)(?:/(?P<year>\d{2,4}))?\b")
# "Thursday the 7th", "the 7th": a day of the month named without its month.
_DAY_OF_MONTH = re.compile(r"\bthe\s+(?P<day>[0-3]?\d)(?:st|nd|rd|th)\b", re.IGNORECASE)
_MORE_DAYS = re.compile(
    r"(?:\s*,\s*|\s+(?:and|or|to|through)\s+)(?:the\s+)?(?P<day>[0-3]?\d)(?:st|nd|rd|th)\b",
    re.IGNORECASE,
)
# Outside English: a day number right after a weekday ("jueves 12", "Donnerstag, den 12.",
# "quinta-feira dia 12", "donderdag de 12e"), not a time ("12:30", "12 h") or a count.
_DAY_AFTER_WEEKDAY = re.compile(
    r",?\s+(?:(?:den|de|dia|el|le|il|am)\s+)?(?P<day>[0-3]?\d)(?:e|º|ª|er|\.)?(?![\d:.,]\d|\s*h\b|\w)",
    re.IGNORECASE,
)
# ... or after the word for "day" ("el día 3", "no dia 1", "il giorno 3").
_DAY_WORD_NUMBER = re.compile(
    r"\b(?:d[ií]a|giorno)\s+(?P<day>[0-3]?\d)(?![\d:.,]\d|\w)", re.IGNORECASE
)
_IN_DAYS = re.compile(r"\bin\s+(?P<count>\d{1,2})\s+(?P<unit>days?|weeks?)\b", re.IGNORECASE)
_WEEKDAY_QUALIFIER = re.compile(
    r"(?P<qualifier>last|next|this|coming|this coming)\s+$", re.IGNORECASE
)
_TIME = re.compile(
    r"(?<![\d:.,])(?P<hour>[01]?\d|2[0-3])(?:[:.](?P<minute>[0-5]\d))?\s*(?P<meridiem>[ap]\.?\s?m\b\.?)",
    re.IGNORECASE,
)
# AM and PM as other languages borrow them: upper case or with points ("9 AM", "9 a.m.").
_MERIDIEM_FORM = re.compile(r"[AP]\.?\s?M\b\.?|[ap]\.\s?m\.", re.ASCII)
_TIME_RANGE_START = re.compile(
    r"(?<![\d:.,$£€])(?P<start>(?P<hour>[01]?\d)(?::(?P<minute>[0-5]\d))?)\s*(?:and|to|-|–|until|till)\s*"
    r"(?P<end>[01]?\d|2[0-3])(?:[:.][0-5]\d)?\s*(?P<meridiem>[ap]\.?\s?m\b)",
    re.IGNORECASE,
)
_TIME_24 = re.compile(r"(?<![\d:.,])(?P<hour>[01]?\d|2[0-3])[:h](?P<minute>[0-5]\d)\b")
_MONEY_SYMBOL = re.compile(
    r"(?P<currency>[$€£])\s?(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d{1,2}(?!\d)|\d+(?:\.\d+)?)(?:\s?(?P<scale>k|thousand|million)\b)?",
    re.IGNORECASE,
)
_MONEY_SYMBOL_AFTER = re.compile(
    r"(?<![\w.,])(?P<amount>\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)\s?(?P<currency>[$€£])",
)
_MONEY_WORD = re.compile(
    r"\b(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}(?!\d)|\d+(?:\.\d+)?)\s?(?P<scale>k|thousand|million)?\s?(?P<currency>dollars?|bucks|usd|euros?|eur|pounds?|gbp|pln|zlotys?|cents?)\b"
    r"(?:\s+and\s+(?P<cents>\d{1,2})\s+cents?\b)?",
    re.IGNORECASE,
)
_MONEY_PREFIX_WORD = re.compile(
    r"\b(?P<currency>usd|eur|gbp|pln)\s?(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\b",
    re.IGNORECASE,
)
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_PHONE = re.compile(
    r"(?<![\w-])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?![\w-])|(?<![\w-])\d{3}-\d{4}(?![\w-])"
)
_ID = re.compile(r"(?<![\w.])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\w])")
_RANGE = re.compile(r"(?<![\w.-])(?P<low>\d{1,3})\s?[-–]\s?(?P<high>\d{1,3})(?![\w.-])")
_VERSION = re.compile(r"\b\d+(?:\.\d+){2,}\b")
_NUMBER = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w])")
# Outside English a comma before one or two last digits is a decimal comma ("18,9 liter"), and
# dots group thousands ("1.350").
_NUMBER_DECIMAL_COMMA = re.compile(
    r"(?<![\w.,])(?:\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d{1,2})(?![\w,.]\d|\w)"
)
_CURRENCIES = {
    "$": "USD", "dollar": "USD", "dollars": "USD", "bucks": "USD", "usd": "USD",
    "€": "EUR", "euro": "EUR", "euros": "EUR", "eur": "EUR",
    "£": "GBP", "pound": "GBP", "pounds": "GBP", "gbp": "GBP",
    "pln": "PLN", "zloty": "PLN", "zlotys": "PLN",
}  # fmt: skip

_MONEYISH_UNITS = frozenset(
    {
        "and",
        "each",
        "a",
        "per",
        "for",
        "in",
        "on",
        "to",
        "or",
        "total",
        "back",
        "instead",
        "of",
        "plus",
    }
)
FactKind = str  # money | date | month | weekday | time | phone | email | id | number


@dataclass(frozen=True)
class Fact:
    kind: FactKind
    value: str  # canonical: comparable across spellings
    surface: str  # as written, for justifications
    unit: str = ""  # for a plain number, the word after it ("30 days" -> "day")
    relative: bool = False  # a date resolved from "tomorrow", "Thursday", "the 7th"


def stem(word: str) -> str:
    """A word's lemma (simplemma: "went" -> "go", "paid" -> "pay"), then its Snowball stem, so
    that irregular forms meet: "the order went through" and "it did not go through"."""
    language = current_reading().language
    return _stem_cached(word.lower(), language.code, language.snowball)


@lru_cache(maxsize=50_000)
def _stem_cached(word: str, code: str, algorithm: str) -> str:
    word = word.replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    if word.isalpha():
        word = simplemma.lemmatize(word, code).lower()
    return _stemmer(algorithm).stemWord(word)


def words(text: str) -> list[str]:
    """Lower-case word tokens, apostrophes kept inside words ("don't", "josh's"); a short
    hyphenated compound is one word ("Wi-Fi" == "wifi", "e-mail" == "email")."""
    return list(_words(text))


@lru_cache(maxsize=50_000)
def _words(text: str) -> tuple[str, ...]:
    joined = _SHORT_COMPOUND.sub(lambda m: "".join(g for g in m.groups() if g), text)
    return tuple(w.lower().replace("’", "'") for w in _WORD.findall(joined))


def digits_for_numbers(text: str) -> str:
    """Number words to digits ("ten dollars" -> "10 dollars"); the rest of the text unchanged."""
    return _digits_for_numbers(text, current_reading().language.code)


@lru_cache(maxsize=20_000)
def _digits_for_numbers(text: str, language: str) -> str:
    table = LANGUAGES.get(language)
    if table is not None:
        text = _amount_phrases(text, table)
    # text2num is strict about some odd sequences: the text stays as it is then.
    with contextlib.suppress(ValueError, IndexError, KeyError):
        text = alpha2digit(text, language)
    if table is not None:
        text = _day_periods(text, table)
    return text


def _amount_phrases(text: str, language: Language) -> str:
    """Amounts said as phrases, in digits ("half an hour" -> "30 minutes", "two dozen" ->
    "24"), and number words joined to a noun by a hyphen set apart ("twelve-month" ->
    "twelve month"), so that number parsing reads them."""
    for phrase, digits in language.number_phrases:
        if phrase in text.lower():
            text = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", digits, text, flags=re.I)
    return _NUMBER_HYPHEN.sub(
        lambda m: (
            f"{m.group(1)} {m.group(2)}" if _is_number_word(m.group(1), language) else m.group()
        ),
        text,
    )


def _is_number_word(word: str, language: Language) -> bool:
    try:
        return alpha2digit(word, language.code, threshold=0).isdigit()
    except (ValueError, IndexError, KeyError):
        return False


def _day_periods(text: str, language: Language) -> str:
    """An hour with its part of the day ("10 in the morning", "8 du soir") as AM or PM."""
    for phrase, meridiem in language.day_periods:
        if phrase in text.lower():
            text = re.sub(
                rf"(?<![\d:.,])(\d{{1,2}}(?:[:.]\d\d)?)\s+{re.escape(phrase)}(?!\w)",
                rf"\1 {meridiem}",
                text,
                flags=re.I,
            )
    return text


def all_digits(text: str) -> str:
    """Every number word to digits, the small ones too ("two of my bags" -> "2 of my bags"),
    which `digits_for_numbers` leaves as words ("one of them", "no one")."""
    try:
        return alpha2digit(text, current_reading().language.code, threshold=0)
    except (ValueError, IndexError, KeyError):
        return text


def content_stems(text: str) -> list[str]:
    """Stems of the words that carry content: no function words, no bare punctuation."""
    return list(_content_stems(text, current_reading().language))


@lru_cache(maxsize=50_000)
def _content_stems(text: str, language: Language) -> tuple[str, ...]:
    # Cached: the judge reads the same turns, clauses and claims many times over. The
    # language is in the key, as stems and function words depend on it.
    return tuple(stem(w) for w in words(digits_for_numbers(text)) if _is_content(w))


def stopwords() -> frozenset[str]:
    """The function words of the language being read."""
    return _stopwords(current_reading().language)


@lru_cache(maxsize=16)
def _stopwords(language: Language) -> frozenset[str]:
    if language is ENGLISH:
        return STOPWORDS
    return frozenset(w.lower() for w in get_stop_words(language.code))


def _is_content(word: str) -> bool:
    base = word.split("'", 1)[0]  # "i've" -> "i", "don't" -> "don", "josh's" -> "josh"
    return base not in stopwords() and not (len(base) == 1 and not base.isdigit())


def _amount(raw: str, language: Language = ENGLISH) -> float:
    # "45,50" and "1.350,00" outside English: a comma before the last digits is a decimal comma.
    if language is not ENGLISH and re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d{1,2}", raw):
        raw = raw.replace(".", "").replace(",", ".")
    return float(raw.replace(",", ""))


def _money_value(currency: str, amount: float) -> str:
    return f"{currency}:{amount:.2f}"


def extract_facts(text: str) -> list[Fact]:
    reading_now = current_reading()
    return list(_extract_facts(text, reading_now.language, reading_now.anchor))


def _claim_coordinated_days(
    normalised: str, start: int, month: int, claim: Callable[[re.Match[str], Fact], None]
) -> None:
    """The day numbers listed before the date at `start` take its month: in "the 21st and 22nd
    of May" the 21st is May 21 too, not a bare 21."""
    while (before := _COORDINATED_DAY.search(normalised, max(0, start - 32), start)) is not None:
        day = int(before.group("day"))
        weekday = (before.group("weekday") or "").strip().lower()
        if not 1 <= day <= 31 or (
            weekday and weekday not in _calendar(current_reading().language).weekdays
        ):
            return
        claim(before, Fact("date", f"{month:02d}-{day:02d}", before.group("day")))
        start = before.start()


def _nearest_with_day(anchor: dt.date, day: int, weekday: int | None) -> dt.date | None:
    """The date with this day of the month nearest to the anchor, in the anchor's month, the
    next or the previous one; with a weekday, only a date that falls on it."""
    candidates = []
    for months_ahead in (0, 1, -1):
        month_index = anchor.month - 1 + months_ahead
        year, month = anchor.year + month_index // 12, month_index % 12 + 1
        try:
            candidate = dt.date(year, month, day)
        except ValueError:
            continue
        if weekday is None or candidate.weekday() == weekday:
            candidates.append(candidate)
    if not candidates:
        return None
    # A day of the month said without its month is more often ahead of the call than behind it.
    return min(
        candidates, key=lambda c: (c - anchor).days if c >= anchor else 3 * (anchor - c).days
    )


def _continues_to_date(normalised: str, position: int, calendar: _Calendar) -> bool:
    """Whether a day number at `position` is the first of a list ending in a full date ("du
    samedi 11 au samedi 18 juillet"), which gives it its month."""
    following = re.match(
        rf"\s*{_JOINER}\s*(?:[^\W\d_]+\s+)?(?=\d)", normalised[position : position + 40], re.I
    )
    return following is not None and bool(
        calendar.date_day_month.match(normalised[position + following.end() :])
    )


def says_phrase(text: str, phrases: Iterable[str]) -> bool:
    """Whether the text says one of the phrases as whole words, in any case."""
    return any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text, re.I) for p in phrases)


def _month_named(normalised: str, calendar: _Calendar) -> int | None:
    """The one month a text names on its own ("a week in July, from Saturday 11 to Saturday
    18"): the month of the days it numbers without one. None when it names none or several,
    or gives a full date (which says its own month)."""
    if calendar.date_month_day.search(normalised) or calendar.date_day_month.search(normalised):
        return None
    months = set()
    for match in calendar.month_alone.finditer(normalised):
        word = match.group("month").lower().rstrip(".")
        if word in _AMBIGUOUS_MONTHS and not match.group()[0].isupper():
            continue
        months.add(calendar.months[word])
    return months.pop() if len(months) == 1 else None


def _day_of_named_month(anchor: dt.date, day: int, month: int) -> dt.date | None:
    """The `day` of `month` in the anchor's year, or the next year's when that month is more
    than a month past."""
    months_ahead = month - anchor.month + (12 if month < anchor.month - 1 else 0)
    return _day_in_month(anchor, day, months_ahead)


def _day_in_month(anchor: dt.date, day: int, months_ahead: int) -> dt.date | None:
    """The `day` of the anchor's month, or of the month `months_ahead` of it."""
    month_index = anchor.month - 1 + months_ahead
    try:
        return dt.date(anchor.year + month_index // 12, month_index % 12 + 1, day)
    except ValueError:
        return None


def counts_working_days(fact: Fact) -> bool:
    """Whether a date is a deadline counted in working days ("within 5 working days")."""
    surface = fact.surface.lower()
    return (
        fact.kind == "date"
        and fact.relative
        and any(surface.endswith(p) for p in current_reading().language.working_days)
    )


def _add_working_days(day: dt.date, count: int) -> dt.date:
    """The date `count` working days (Monday to Friday) after `day`."""
    while count:
        day += dt.timedelta(days=1)
        if day.weekday() < 5:
            count -= 1
    return day


def _relative_dates(
    normalised: str, anchor: dt.date, calendar: _Calendar
) -> list[tuple[int, Fact]]:
    """Dates the text names relative to the conversation's date, as (position, fact):

    1. day words ("tomorrow", "this evening", "yesterday");
    2. a day of the month without its month ("the 7th", "Thursday the 7th");
    3. "in 3 days", "in two weeks";
    4. weekdays: "last Monday" is the one before, "next/this Monday" the one after, a bare
       "Monday" either (both dates are kept: the text alone cannot tell which), and, said on
       that weekday, "Monday" or "this Monday" may be the day itself.
    """
    found: list[tuple[int, Fact]] = []

    def add(position: int, day: dt.date, surface: str) -> None:
        found.append(
            (position, Fact("date", f"{day.month:02d}-{day.day:02d}", surface, relative=True))
        )

    language = current_reading().language
    if calendar.day_words is not None:
        offsets = {k.lower(): v for k, v in language.day_words.items()}
        for match in calendar.day_words.finditer(normalised):
            # After a determiner a day word is a noun: "por la mañana" is in the morning.
            preceding = normalised[max(0, match.start() - 6) : match.start()].split()
            if preceding and preceding[-1].lower() in language.determiners:
                continue
            offset = offsets.get(re.sub(r"['’]s$", "", match.group().lower()))
            if offset is not None:
                add(match.start(), anchor + dt.timedelta(days=offset), match.group())
    weekday_spans: list[tuple[int, int, int]] = []
    for match in calendar.weekday.finditer(normalised):
        weekday_spans.append(
            (match.start(), match.end(), calendar.weekdays[match.group("weekday").lower()])
        )
    named_month = _month_named(normalised, calendar)
    if language is ENGLISH:
        for match in _DAY_OF_MONTH.finditer(normalised):
            # "the 3rd and 4th", "the 2nd, 3rd or 5th": each day of the list is a date.
            listed = [(match.start(), int(match.group("day")), match.group())]
            position = match.end()
            while (more := _MORE_DAYS.match(normalised, position)) is not None:
                surface = normalised[more.start("day") : more.end()]
                listed.append((more.start("day"), int(more.group("day")), surface))
                position = more.end()
            if calendar.date_day_month.match(normalised, match.start("day")) or re.match(
                rf"\s+(?:of\s+)?{calendar.month_alone.pattern}", normalised[position:], re.I
            ):
                continue  # "the 21st and 22nd of May": the month says which dates
            qualifier = _OF_MONTH.match(normalised, position)
            before = [w for s, e, w in weekday_spans if 0 <= match.start() - e <= 2]
            for at, number, surface in listed:
                weekday = before[0] if before and at == match.start() else None
                if named_month is not None:
                    day = _day_of_named_month(anchor, number, named_month)
                elif qualifier is not None:
                    offset = 1 if qualifier.group("next") else -1 if qualifier.group("last") else 0
                    day = _day_in_month(anchor, number, offset)
                else:
                    day = _nearest_with_day(anchor, number, weekday)
                if day is not None:
                    add(at, day, surface)
        for match in _IN_DAYS.finditer(normalised):
            days = int(match.group("count")) * (7 if match.group("unit").startswith("w") else 1)
            add(match.start(), anchor + dt.timedelta(days=days), match.group())
    # "daqui a quinze dias", "in drei Wochen", "tra 10 giorni": that many days or weeks ahead.
    # Fifteen days is also the Romance languages' fortnight ("dans quinze jours").
    if language.later_words and language.day_units:
        later = "|".join(map(re.escape, language.later_words))
        units = "|".join(map(re.escape, (*language.day_units, *language.week_units)))
        pattern = rf"(?<!\w)(?:{later})\s+(\w+)\s+({units})\b"
        for match in re.finditer(pattern, normalised, re.I):
            count = all_digits(match.group(1))
            if not count.isdigit() or not 0 < int(count) <= 60:
                continue
            weeks = match.group(2).lower() in language.week_units
            days = int(count) * (7 if weeks else 1)
            add(match.start(), anchor + dt.timedelta(days=days), match.group())
            if days == 15 and language.code in {"es", "fr", "it", "pt"}:
                add(match.start(), anchor + dt.timedelta(days=14), match.group())
    # "within two working days", "sous 5 jours ouvrés": the last of those days.
    if language.working_days:
        phrases = "|".join(map(re.escape, language.working_days))
        for match in re.finditer(rf"(?<!\w)(\w+)\s+(?:{phrases})\b", normalised, re.I):
            count = all_digits(match.group(1))
            if count.isdigit() and 0 < int(count) <= 30:
                add(match.start(), _add_working_days(anchor, int(count)), match.group())
    if language is not ENGLISH:
        # "el jueves 12", "Donnerstag, den 12.", "giovedì 12", "el día 3", "no dia 1": a day of
        # the month without its month, after its weekday or the word for "day".
        for start, end, weekday in weekday_spans:
            numbered = _DAY_AFTER_WEEKDAY.match(normalised, end)
            if (
                numbered is not None
                and not calendar.date_day_month.match(normalised[numbered.start("day") :])
                and not _continues_to_date(normalised, numbered.end(), calendar)
            ):
                number = int(numbered.group("day"))
                if named_month is not None:
                    day = _day_of_named_month(anchor, number, named_month)
                else:
                    day = _nearest_with_day(anchor, number, weekday)
                if day is not None:
                    add(start, day, normalised[start : numbered.end()].strip())
        for numbered in _DAY_WORD_NUMBER.finditer(normalised):
            if not calendar.date_day_month.match(normalised[numbered.start("day") :]):
                number = int(numbered.group("day"))
                day = (
                    _day_of_named_month(anchor, number, named_month)
                    if named_month is not None
                    else _nearest_with_day(anchor, number, None)
                )
                if day is not None:
                    add(numbered.start(), day, numbered.group())
    for start, end, weekday in weekday_spans:
        following = normalised[end : end + 24].lstrip(" ,")
        if re.match(r"(?:the\s+)?\d", following) or calendar.date_month_day.match(following):
            continue  # "Thursday, March 5", "Thursday the 7th": the date says which Thursday
        if language is not ENGLISH and (
            _DAY_AFTER_WEEKDAY.match(normalised, end)
            or calendar.date_day_month.match(following)
            or re.match(r"(?:den|de|dia|el|le|il|am)\s+\d", following, re.IGNORECASE)
        ):
            continue  # "el jueves 12", "Donnerstag, den 12. Dezember": the date says which
        # "Friday of next week", "nächste Woche Freitag": the weekday of the calendar week after
        # the conversation's.
        around = normalised[max(0, start - 24) : end + 32].lower()
        if any(phrase in around for phrase in language.next_week):
            week_after = anchor - dt.timedelta(days=anchor.weekday()) + dt.timedelta(days=7)
            add(start, week_after + dt.timedelta(days=weekday), normalised[start:end])
            continue
        qualifier = _WEEKDAY_QUALIFIER.search(normalised[max(0, start - 12) : start])
        word = qualifier.group("qualifier").lower() if qualifier else ""
        ahead = (weekday - anchor.weekday()) % 7 or 7
        behind = (anchor.weekday() - weekday) % 7 or 7
        surface = normalised[start:end]
        if word != "last":
            add(start, anchor + dt.timedelta(days=ahead), surface)
        if word == "next":
            add(start, anchor + dt.timedelta(days=ahead + 7), surface)
        if word in {"last", ""}:
            add(start, anchor - dt.timedelta(days=behind), surface)
        if word in {"this", ""} and weekday == anchor.weekday():
            add(start, anchor, surface)  # "Monday morning", said on a Monday: that day
    return found


_RELATIVE_TO_DATE = re.compile(
    r"\bthe\s+(?P<unit>day|\w+day)\s+(?P<direction>before|after)\b(?!\s+(?:yesterday|tomorrow))",
    re.IGNORECASE,
)


def dates_relative_to(text: str, reference: str | None) -> list[Fact]:
    """Dates a text names relative to another date: the last one the text gives before the
    phrase ("on the 25th, and a text the day before"), else `reference` ("MM-DD"), the last
    one the conversation gave: "the day before", "the Monday before", "the day after". English
    only; needs the conversation's date for the year (weekdays)."""
    reading_now = current_reading()
    if reading_now.anchor is None:
        return []
    if reading_now.language is not ENGLISH:
        return _days_around(text, reference, reading_now.language, reading_now.anchor.year)
    calendar = _calendar(reading_now.language)
    found = []
    for match in _RELATIVE_TO_DATE.finditer(text):
        # A date named by its day ("the 25th"), not a day word ("tomorrow's referral").
        said = [
            f.value
            for f in extract_facts(text[: match.start()])
            if f.kind == "date" and re.search(r"\d", f.surface)
        ]
        base = _date_in_year(said[-1] if said else reference, reading_now.anchor.year)
        if base is None:
            continue
        unit = match.group("unit").lower()
        step = -1 if match.group("direction").lower() == "before" else 1
        if unit == "day":
            target = base + dt.timedelta(days=step)
        elif unit in calendar.weekdays:
            weekday = calendar.weekdays[unit]
            offset = (base.weekday() - weekday) % 7 or 7
            target = (
                base - dt.timedelta(days=offset)
                if step < 0
                else base + dt.timedelta(days=(weekday - base.weekday()) % 7 or 7)
            )
        else:
            continue
        found.append(
            Fact("date", f"{target.month:02d}-{target.day:02d}", match.group(), relative=True)
        )
    return found


def _days_around(text: str, reference: str | None, language: Language, year: int) -> list[Fact]:
    """`dates_relative_to` outside English: the language's phrases ("la veille", "am Vortag")."""
    found = []
    lowered = text.lower()
    for phrase, step in language.days_around:
        for match in re.finditer(rf"\b{re.escape(phrase)}\b", lowered):
            said = [
                f.value
                for f in extract_facts(text[: match.start()])
                if f.kind == "date" and re.search(r"\d", f.surface)
            ]
            base = _date_in_year(said[-1] if said else reference, year)
            if base is not None:
                target = base + dt.timedelta(days=step)
                found.append(
                    Fact(
                        "date",
                        f"{target.month:02d}-{target.day:02d}",
                        text[match.start() : match.end()],
                        relative=True,
                    )
                )
    return found


def _date_in_year(value: str | None, year: int) -> dt.date | None:
    if value is None:
        return None
    month, day = (int(part) for part in value.split("-"))
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


@lru_cache(maxsize=20_000)
def _extract_facts(text: str, language: Language, anchor: dt.date | None) -> tuple[Fact, ...]:
    """The checkable values of a text, canonicalised, in order of appearance.

    1. Number words become digits, so spoken amounts compare with written ones.
    2. Money, dates, times, phone numbers and ids are read first; their characters are masked so
       the digits inside them are not read again as plain numbers.
    3. With the conversation's date, relative dates ("tomorrow", "Thursday the 7th") become
       dates too.
    4. The remaining digits are plain numbers (a year in a date is optional and never required);
       a number keeps the word after it as its unit ("17-minute ride" -> 17, unit "minut").
    """
    normalised = _digits_for_numbers(text, language.code)
    calendar = _calendar(language)
    facts: list[tuple[int, Fact]] = []
    taken = [False] * len(normalised)

    def claim(match: re.Match[str], fact: Fact) -> None:
        start, end = match.span()
        if any(taken[start:end]):
            return
        for i in range(start, end):
            taken[i] = True
        facts.append((start, fact))

    for match in _EMAIL.finditer(normalised):
        claim(match, Fact("email", match.group().lower(), match.group()))
    for match in _PHONE.finditer(normalised):
        claim(match, Fact("phone", re.sub(r"\D", "", match.group())[-10:], match.group()))
    for pattern in (calendar.date_month_day, calendar.date_day_month):
        for match in pattern.finditer(normalised):
            month = calendar.months.get(match.group("month").lower().rstrip("."))
            day = int(match.group("day"))
            if month and 1 <= day <= 31:
                claim(match, Fact("date", f"{month:02d}-{day:02d}", match.group()))
                if pattern is calendar.date_day_month:
                    _claim_coordinated_days(normalised, match.start(), month, claim)
    for match in _DATE_NUMERIC.finditer(normalised):
        first, second = int(match.group("month")), int(match.group("day"))
        # English writes the month first; the other languages read here write the day first.
        month, day = (first, second) if language is ENGLISH else (second, first)
        if 1 <= month <= 12 and 1 <= day <= 31:
            claim(match, Fact("date", f"{month:02d}-{day:02d}", match.group()))
    for match in _TIME.finditer(normalised):
        # Outside English "am" is a word ("drei am 11. Juni"): AM and PM only as written so.
        if language is not ENGLISH and not _MERIDIEM_FORM.fullmatch(match.group("meridiem")):
            continue
        hour = int(match.group("hour")) % 12
        if match.group("meridiem").lower().startswith("p"):
            hour += 12
        claim(match, Fact("time", f"{hour:02d}:{match.group('minute') or '00'}", match.group()))
    # "between 1 and 5 PM", "from 9 to 11 am": the first hour takes the second's AM or PM.
    for match in _TIME_RANGE_START.finditer(normalised):
        if language is not ENGLISH and not _MERIDIEM_FORM.fullmatch(match.group("meridiem")):
            continue
        hour = int(match.group("hour")) % 12
        # A range ends after it starts: "from 11 to 2 pm" starts in the morning.
        if match.group("meridiem").lower().startswith("p") and hour <= int(match.group("end")) % 12:
            hour += 12
        start, end = match.span("start")
        taken_before = any(taken[start:end])
        if not taken_before:
            for i in range(start, end):
                taken[i] = True
            minute = match.group("minute") or "00"
            facts.append((start, Fact("time", f"{hour:02d}:{minute}", match.group("start"))))
    for match in _TIME_24.finditer(normalised):
        claim(
            match,
            Fact("time", f"{int(match.group('hour')):02d}:{match.group('minute')}", match.group()),
        )
    for pattern in (_MONEY_SYMBOL, _MONEY_SYMBOL_AFTER, _MONEY_PREFIX_WORD, _MONEY_WORD):
        for match in pattern.finditer(normalised):
            groups = match.groupdict()
            unit = groups["currency"].lower()
            amount = _amount(groups["amount"], language)
            scale = (groups.get("scale") or "").lower()
            amount *= {"k": 1_000, "thousand": 1_000, "million": 1_000_000}.get(scale, 1)
            if unit.startswith("cent"):
                claim(match, Fact("money", _money_value("USD", amount / 100), match.group()))
                continue
            if groups.get("cents"):
                amount += int(groups["cents"]) / 100
            currency = _CURRENCIES.get(unit, unit.upper())
            claim(match, Fact("money", _money_value(currency, amount), match.group()))
    for match in _VERSION.finditer(normalised):
        claim(match, Fact("id", match.group(), match.group()))
    for match in _RANGE.finditer(normalised):
        if any(taken[match.start() : match.end()]):
            continue
        # "3-5 business days" is two numbers, not an identifier.
        following = re.match(r"\s*([^\W\d_]+)", normalised[match.end() :])
        unit = stem(following.group(1)) if following else ""
        for bound in (match.group("low"), match.group("high")):
            facts.append(
                (match.start(), Fact("number", f"{_amount(bound, language):g}", bound, unit))
            )
        for i in range(*match.span()):
            taken[i] = True
    for match in _ID.finditer(normalised):
        token = match.group()
        # An id mixes digits with letters or dashes ("LW-8200", "82K3-119045", "7301-660-1189").
        if not any(c.isdigit() for c in token) or not any(c.isalpha() or c == "-" for c in token):
            continue
        if re.fullmatch(r"\d+(?:st|nd|rd|th|s|am|pm|k)", token, re.IGNORECASE):
            continue
        if re.fullmatch(r"\d+(?:\.\d+)?-[^\W\d_]{2,}", token):
            continue  # "17-minute", "30-day": a number and its unit
        claim(match, Fact("id", re.sub(r"[^A-Z0-9]", "", token.upper()), token))
    for match in calendar.month_alone.finditer(normalised):
        word = match.group("month").lower().rstrip(".")
        # "may" and "march" are also ordinary words: only a capitalised one names a month.
        if word in _AMBIGUOUS_MONTHS and not match.group()[0].isupper():
            continue
        if word == "may" and re.match(
            r"\s+(?:i|we|you|he|she|they)\b", normalised[match.end() :], re.I
        ):
            continue  # "May I ask why?": the modal, not the month
        claim(match, Fact("month", f"{calendar.months[word]:02d}", match.group()))
    if anchor is not None:
        # Relative dates add facts without masking: "Thursday" stays a weekday as well.
        for position, fact in _relative_dates(normalised, anchor, calendar):
            if not any(fact.value == f.value and f.kind == "date" for _, f in facts):
                facts.append((position, fact))
    for match in calendar.weekday.finditer(normalised):
        claim(
            match,
            Fact("weekday", str(calendar.weekdays[match.group("weekday").lower()]), match.group()),
        )
    if language is not ENGLISH:
        for match in _NUMBER_DECIMAL_COMMA.finditer(normalised):
            if any(taken[match.start() : match.end()]):
                continue
            value = _amount(match.group(), language)
            following = re.match(r"[\s-]*([^\W\d_]+)", normalised[match.end() :])
            unit = stem(following.group(1)) if following else ""
            claim(match, Fact("number", f"{value:g}", match.group(), unit))
    for match in _NUMBER.finditer(normalised):
        value = _amount(match.group(), language)
        following = re.match(r"[\s-]*([^\W\d_]+)", normalised[match.end() :])
        unit = stem(following.group(1)) if following else ""
        claim(match, Fact("number", f"{value:g}", match.group(), unit))
    return tuple(fact for _, fact in sorted(facts, key=lambda item: item[0]))


_AMBIGUOUS_MONTHS = frozenset({"may", "march", "jan", "mar", "sep", "dec", "mayo", "mai", "marzo"})


def _same_clock_time(claimed: Fact, stated: Fact) -> bool:
    """A time said without AM or PM ("this afternoon at 4:20") restates the same clock time
    with either ("4:20 PM")."""
    if re.search(r"[ap]\.?m\b|\bh\b|\d\s*h", stated.surface, re.IGNORECASE):
        return False
    claimed_hour, claimed_minute = claimed.value.split(":")
    stated_hour, stated_minute = stated.value.split(":")
    return claimed_minute == stated_minute and int(claimed_hour) % 12 == int(stated_hour) % 12


def fact_matches(claimed: Fact, stated: Fact) -> bool:
    """Whether a fact in the transcript states the claimed value (kinds may differ in form:
    a money amount may be said as a bare number, a date's month may be said alone)."""
    if claimed.kind == stated.kind:
        if claimed.kind == "time" and claimed.value != stated.value:
            return _same_clock_time(claimed, stated)
        return claimed.value == stated.value
    if claimed.kind == "money" and stated.kind == "number":
        # "$30" is not "30 days": a bare number only restates an amount when no unit follows it.
        if stated.unit and stated.unit not in _MONEYISH_UNITS:
            return False
        return float(claimed.value.split(":")[1]) == float(stated.value)
    if claimed.kind == "number" and stated.kind == "money":
        # ... nor is "30 metres" the amount "£30".
        if claimed.unit and claimed.unit not in _MONEYISH_UNITS:
            return False
        return float(claimed.value) == float(stated.value.split(":")[1])
    if claimed.kind == "weekday" and stated.kind == "date":
        # "on Thursday" restates "March 5" when March 5 of the conversation's year is a Thursday.
        anchor = current_reading().anchor
        if anchor is None:
            return False
        month, day = (int(part) for part in stated.value.split("-"))
        try:
            return dt.date(anchor.year, month, day).weekday() == int(claimed.value)
        except ValueError:
            return False
    if claimed.kind == "month" and stated.kind == "date":
        return stated.value.startswith(claimed.value + "-")
    if claimed.kind == "number" and stated.kind in {"date", "time"}:
        # "the 3rd" or "3 o'clock": a bare number may restate part of a date or time.
        parts = [float(part) for part in re.split(r"[-:]", stated.value)]
        if stated.kind == "time":
            parts.append(parts[0] % 12 or 12)
        return float(claimed.value) in parts
    if claimed.kind == "id" and stated.kind in {"phone", "number"}:
        return claimed.value == re.sub(r"\D", "", stated.value)
    if claimed.kind == "phone" and stated.kind == "id":
        return claimed.value == stated.value[-10:]
    return False


class Vocabulary:
    """The stems of one text, with a fuzzy fallback for misspellings and spoken variants, and
    compounds read by their parts: "Mitnahme" is said by "Altgerätemitnahme", "pickup" by
    "pick ... up"."""

    # A compound's part is at least this long, so that "pay" is not found in "payment".
    COMPOUND_PART = 5

    def __init__(self, stems: set[str], tokens: AbstractSet[str] = frozenset()):
        self.stems = stems
        self.tokens = tokens  # the text's words as written (lower case), particles included
        self._sorted = sorted(stems)
        self._found: dict[str, str | None] = {}

    def __contains__(self, word_stem: str) -> bool:
        return self.find(word_stem) is not None

    def find(self, word_stem: str) -> str | None:
        if word_stem in self.stems:
            return word_stem
        if len(word_stem) < self.COMPOUND_PART or word_stem.isdigit():
            return None
        if word_stem not in self._found:
            self._found[word_stem] = self._fuzzy(word_stem) or self._compound(word_stem)
        return self._found[word_stem]

    def _fuzzy(self, word_stem: str) -> str | None:
        best = process.extractOne(word_stem, self._sorted, scorer=fuzz.ratio, score_cutoff=84)
        return best[0] if best else None

    def _compound(self, word_stem: str) -> str | None:
        """A stem that heads or opens a longer word of the text ("mitnahm" in
        "altgeratemitnahm"), or that joins two of its words ("pickup": "pick", "up")."""
        for known in self._sorted:
            if len(known) >= len(word_stem) + 3 and (
                known.startswith(word_stem) or known.endswith(word_stem)
            ):
                return known
        for cut in range(3, len(word_stem) - 1):
            head, tail = word_stem[:cut], word_stem[cut:]
            if (head in self.stems or head in self.tokens) and (
                tail in self.stems or tail in self.tokens
            ):
                return word_stem
        return None


def _stemmer(algorithm: str) -> snowballstemmer.stemmer:
    stemmer = getattr(_stemmers, algorithm, None)
    if stemmer is None:
        stemmer = snowballstemmer.stemmer(algorithm)
        setattr(_stemmers, algorithm, stemmer)
    return stemmer
