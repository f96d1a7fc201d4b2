"""Text normalisation for the offline judge: words, stems and the checkable facts of a text.

Pure Python, no model and no download. Number words become digits with text2num (`alpha2digit`),
stems come from the Snowball English stemmer, dates are read with python-dateutil's month table,
and near-miss spellings ("propably") are matched with rapidfuzz.

A *fact* is a value a summary must get exactly right: an amount of money, a date, a time, a phone
number, an order/ticket/reference id or a plain number. Each fact has a `kind` and a canonical
`value`, so "ten dollars" and "$10.00" are the same fact, and so are "February 3" and "Feb 3rd".

Past 400 lines only because the formatter lays the stop-word list out one word a line (some 200
lines); the code itself is one idea, the normalisation every lexical check shares.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer
from dateutil.parser import parserinfo
from rapidfuzz import fuzz, process
from text_to_num import alpha2digit

# Snowball stemmers keep state between calls and are not thread-safe (the Claude judge and a
# threads pool call this concurrently): one per thread.
_stemmers = threading.local()
_PARSER_INFO = parserinfo()

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
NEGATIONS = frozenset(
    {"not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot"}
)

_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
_MONTHS = {
    name: number
    for number, names in enumerate(_PARSER_INFO.MONTHS, start=1)
    for name in (n.lower() for n in names)
}
_WEEKDAYS = {
    name: number
    for number, names in enumerate(_PARSER_INFO.WEEKDAYS)
    for name in (n.lower() for n in names)
}
_MONTH_RE = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_ORDINAL = r"(?:st|nd|rd|th)?"
_DATE_MONTH_DAY = re.compile(
    rf"\b(?P<month>{_MONTH_RE})\s+(?P<day>[0-3]?\d){_ORDINAL}\b(?:,?\s+(?P<year>(?:19|20)\d\d))?",
    re.IGNORECASE,
)
_DATE_DAY_MONTH = re.compile(
    rf"\b(?P<day>[0-3]?\d){_ORDINAL}\s+(?:of\s+)?(?P<month>{_MONTH_RE})\b(?:,?\s+(?P<year>(?:19|20)\d\d))?",
    re.IGNORECASE,
)
_DATE_NUMERIC = re.compile(r"\b(?P<month>[01]?\d)/(?P<day>[0-3]?\d)(?:/(?P<year>\d{2,4}))?\b")
_MONTH_ALONE = re.compile(rf"\b(?P<month>{_MONTH_RE})\b", re.IGNORECASE)
_WEEKDAY_RE = re.compile(
    r"\b(?P<weekday>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b", re.IGNORECASE
)
_TIME = re.compile(
    r"\b(?P<hour>[01]?\d|2[0-3])(?:[:.](?P<minute>[0-5]\d))?\s*(?P<meridiem>[ap]\.?\s?m\b\.?)",
    re.IGNORECASE,
)
_TIME_24 = re.compile(r"\b(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)\b")
_MONEY_SYMBOL = re.compile(
    r"(?P<currency>[$€£])\s?(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(?P<scale>k|thousand|million)\b)?",
    re.IGNORECASE,
)
_MONEY_WORD = re.compile(
    r"\b(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(?P<scale>k|thousand|million)?\s?(?P<currency>dollars?|bucks|usd|euros?|eur|pounds?|gbp|pln|zlotys?|cents?)\b"
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


def stem(word: str) -> str:
    return _stem_cached(word.lower())


@lru_cache(maxsize=50_000)
def _stem_cached(word: str) -> str:
    word = word.replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    return _stemmer().stemWord(word)


def words(text: str) -> list[str]:
    """Lower-case word tokens, apostrophes kept inside words ("don't", "josh's")."""
    return [w.lower().replace("’", "'") for w in _WORD.findall(text)]


def digits_for_numbers(text: str) -> str:
    """Number words to digits ("ten dollars" -> "10 dollars"); the rest of the text unchanged."""
    try:
        return alpha2digit(text, "en")
    except (ValueError, IndexError):  # text2num is strict about some odd word sequences
        return text


def content_stems(text: str) -> list[str]:
    """Stems of the words that carry content: no function words, no bare punctuation."""
    return [stem(w) for w in words(digits_for_numbers(text)) if _is_content(w)]


def _is_content(word: str) -> bool:
    base = word.split("'", 1)[0]  # "i've" -> "i", "don't" -> "don", "josh's" -> "josh"
    return base not in STOPWORDS and not (len(base) == 1 and not base.isdigit())


def _amount(raw: str) -> float:
    return float(raw.replace(",", ""))


def _money_value(currency: str, amount: float) -> str:
    return f"{currency}:{amount:.2f}"


def extract_facts(text: str) -> list[Fact]:
    return list(_extract_facts(text))


@lru_cache(maxsize=20_000)
def _extract_facts(text: str) -> tuple[Fact, ...]:
    """The checkable values of a text, canonicalised, in order of appearance.

    1. Number words become digits, so spoken amounts compare with written ones.
    2. Money, dates, times, phone numbers and ids are read first; their characters are masked so
       the digits inside them are not read again as plain numbers.
    3. The remaining digits are plain numbers (a year in a date is optional and never required).
    """
    normalised = digits_for_numbers(text)
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
    for pattern in (_DATE_MONTH_DAY, _DATE_DAY_MONTH):
        for match in pattern.finditer(normalised):
            month = _MONTHS.get(match.group("month").lower().rstrip("."))
            day = int(match.group("day"))
            if month and 1 <= day <= 31:
                claim(match, Fact("date", f"{month:02d}-{day:02d}", match.group()))
    for match in _DATE_NUMERIC.finditer(normalised):
        month, day = int(match.group("month")), int(match.group("day"))
        if 1 <= month <= 12 and 1 <= day <= 31:
            claim(match, Fact("date", f"{month:02d}-{day:02d}", match.group()))
    for match in _TIME.finditer(normalised):
        hour = int(match.group("hour")) % 12
        if match.group("meridiem").lower().startswith("p"):
            hour += 12
        claim(match, Fact("time", f"{hour:02d}:{match.group('minute') or '00'}", match.group()))
    for match in _TIME_24.finditer(normalised):
        claim(
            match,
            Fact("time", f"{int(match.group('hour')):02d}:{match.group('minute')}", match.group()),
        )
    for pattern in (_MONEY_SYMBOL, _MONEY_PREFIX_WORD, _MONEY_WORD):
        for match in pattern.finditer(normalised):
            groups = match.groupdict()
            unit = groups["currency"].lower()
            amount = _amount(groups["amount"])
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
        # "3-5 business days" is two numbers, not an identifier.
        for bound in (match.group("low"), match.group("high")):
            facts.append((match.start(), Fact("number", f"{_amount(bound):g}", bound)))
        for i in range(*match.span()):
            taken[i] = True
    for match in _ID.finditer(normalised):
        token = match.group()
        # An id mixes digits with letters or dashes ("LW-8200", "82K3-119045", "7301-660-1189").
        if not any(c.isdigit() for c in token) or not any(c.isalpha() or c == "-" for c in token):
            continue
        if re.fullmatch(r"\d+(?:st|nd|rd|th|s|am|pm|k)", token, re.IGNORECASE):
            continue
        claim(match, Fact("id", re.sub(r"[^A-Z0-9]", "", token.upper()), token))
    for match in _MONTH_ALONE.finditer(normalised):
        word = match.group("month").lower().rstrip(".")
        # "may" and "march" are also ordinary words: only a capitalised one names a month.
        if word in {"may", "march", "jan", "mar", "sep", "dec"} and not match.group()[0].isupper():
            continue
        claim(match, Fact("month", f"{_MONTHS[word]:02d}", match.group()))
    for match in _WEEKDAY_RE.finditer(normalised):
        claim(match, Fact("weekday", match.group("weekday").lower(), match.group()))
    for match in _NUMBER.finditer(normalised):
        value = _amount(match.group())
        following = re.match(r"\s*([A-Za-z]+)", normalised[match.end() :])
        unit = stem(following.group(1)) if following else ""
        claim(match, Fact("number", f"{value:g}", match.group(), unit))
    return tuple(fact for _, fact in sorted(facts, key=lambda item: item[0]))


def fact_matches(claimed: Fact, stated: Fact) -> bool:
    """Whether a fact in the transcript states the claimed value (kinds may differ in form:
    a money amount may be said as a bare number, a date's month may be said alone)."""
    if claimed.kind == stated.kind:
        return claimed.value == stated.value
    if claimed.kind == "money" and stated.kind == "number":
        # "$30" is not "30 days": a bare number only restates an amount when no unit follows it.
        if stated.unit and stated.unit not in _MONEYISH_UNITS:
            return False
        return float(claimed.value.split(":")[1]) == float(stated.value)
    if claimed.kind == "number" and stated.kind == "money":
        return float(claimed.value) == float(stated.value.split(":")[1])
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
    """The stems of one text, with a fuzzy fallback for misspellings and spoken variants."""

    def __init__(self, stems: set[str]):
        self.stems = stems
        self._sorted = sorted(stems)

    def __contains__(self, word_stem: str) -> bool:
        return self.find(word_stem) is not None

    def find(self, word_stem: str) -> str | None:
        if word_stem in self.stems:
            return word_stem
        if len(word_stem) < 5 or word_stem.isdigit():
            return None
        best = process.extractOne(word_stem, self._sorted, scorer=fuzz.ratio, score_cutoff=84)
        return best[0] if best else None


def _stemmer() -> snowballstemmer.stemmer:
    stemmer = getattr(_stemmers, "english", None)
    if stemmer is None:
        stemmer = _stemmers.english = snowballstemmer.stemmer("english")
    return stemmer
