"""What the offline judge needs to read a language: closed word classes and calendar names.

A language is *supported* when every tool the judge relies on reads it: a Snowball stemmer
(`snowballstemmer`), number words (`text2num`), a stop-word list (`stop-words`) and the tables
below. The tables hold closed classes only (months, weekdays, day words, negation cues, verbs
that undo or refuse an action, correction markers, conjunctions, the cues of the categorical
values), which do not depend on how a given conversation is phrased. The local judge's rules
read their per-language word lists from here rather than keeping their own, so a language is
added by filling its `Language`; a few rules apply to English only. A conversation in any other
language is not judged (see `LocalJudge`): a stemmer for the wrong language makes every correct
sentence look invented.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one object a language
class Language:
    code: str
    name: str
    snowball: str
    months: tuple[tuple[str, ...], ...]  # 12 entries, each the spellings of that month
    weekdays: tuple[tuple[str, ...], ...]  # 7 entries, Monday first
    # Day words relative to the conversation's date: word -> offset in days.
    day_words: dict[str, int] = field(default_factory=dict)
    # A preposition between a day and its month ("3 de marzo", "3rd of March").
    month_of: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    # Verbs (stems are taken at load) that undo, refuse or call off what they govern.
    reversals: tuple[str, ...] = ()
    # Words that announce a corrected or changed value.
    corrections: tuple[str, ...] = ()
    # Words that make an action an offer, a possibility or a question rather than a fact.
    irrealis: tuple[str, ...] = ()
    # Words that end the reach of a negation or an undoing verb ("no charge | with two-day
    # delivery"), and words that mark a noun ("the router").
    clause_breaks: frozenset[str] = frozenset()
    determiners: frozenset[str] = frozenset()
    # Particles that make a phrasal verb of an undoing verb ("drop off" delivers, not drops).
    particles: frozenset[str] = frozenset()
    # Words a party uses to turn an offer down for something else ("I'd rather", "prefiero").
    preferences: tuple[str, ...] = ()
    # Words of courtesy and contact (greetings, thanks, apologies, sign-offs): a clause made of
    # these and names states nothing a summary must cover.
    courtesies: frozenset[str] = frozenset()
    # Auxiliaries and phrases that put an action after the conversation ("will", "va a").
    futures: tuple[str, ...] = ()
    # Phrases that put an action aside for another ("instead of cancelling, I can freeze it").
    alternatives: tuple[str, ...] = ()
    # Words that put an obligation on someone ("the customer should send the receipt"): the
    # other party asking them is where such a claim comes from.
    obligations: tuple[str, ...] = ()
    # How a summary in the language names the two sides, beyond the English words every
    # summary may use ("der Kunde", "el asesor"); stems are taken at load.
    agents: tuple[str, ...] = ()
    customers: tuple[str, ...] = ()
    # Nouns a negation turns into an agreement ("no problem", "kein Problem", "pas de souci"):
    # an answer made of these accepts an offer rather than turning it down.
    troubles: tuple[str, ...] = ()
    # Phrases naming a day relative to another date the conversation gave ("la veille": the day
    # before it); English reads these with a pattern ("the day before", "the Monday after").
    days_around: tuple[tuple[str, int], ...] = ()
    # Words that give a value as the rule, not as what happened ("usually it's $10, but..."),
    # and the conjunctions that then set it aside.
    defaults: tuple[str, ...] = ()
    contrasts: tuple[str, ...] = ()
    # Adjectives that tell two values of one thing apart ("the new bill", "the old price").
    qualifiers: tuple[str, ...] = ()
    # Verbs that change a value, and the prepositions of its old and new value ("changed from
    # $1,480 to $1,120").
    changes: tuple[str, ...] = ()
    change_from: tuple[str, ...] = ()
    change_to: tuple[str, ...] = ()
    # Words that take one thing of several ("just the trolley"): a reply opening with one
    # turns down the rest.
    restrictives: tuple[str, ...] = ()
    # The words joining two options ("an exchange or a refund"): an offer is split at them to
    # see which option the reply takes, and a sentence to tell its options apart.
    option_words: tuple[str, ...] = ()
    # The words joining two clauses ("and"): with the contrasts, a sentence is split at them to
    # find the clause that says all of a claim's values.
    and_words: tuple[str, ...] = ()
    # Words opening a condition ("if", "wenn"): a claim that something was done, whose sources
    # all open with one, is only a possibility.
    conditionals: frozenset[str] = frozenset()
    # Words of regret that turn an offer down without a negation ("I'm afraid", "leider").
    regrets: frozenset[str] = frozenset()
    # Nouns that name the kind of a value ("the address is 14 Rua das Flores"): a claim that
    # puts a thing in their place ("the treatment is at 14 Rua das Flores") says where the thing
    # is, it does not swap one thing for another.
    value_labels: tuple[str, ...] = ()
    # "Next week" (lower case): a weekday said with it is the one of the following calendar week.
    next_week: tuple[str, ...] = ()
    # "Instead of" between two values ("$68 instead of $55"): the value after it is replaced.
    replacing: tuple[str, ...] = ()
    # Words that ask for something ("I'd like to cancel", "ik wil annuleren"): a request for an
    # action is not its speaker doing it.
    requests: tuple[str, ...] = ()
    # Verbs that undo with a particle after their object ("took the $45 fee off the bill").
    removals: tuple[tuple[str, str], ...] = ()
    # What an order number is called beyond the English words ("Bestellung", "pedido"): an id
    # said after one is an order number (README rule 3: booking-like ids count).
    order_words: tuple[str, ...] = ()
    # Words opening a reply that accepts an offer ("Yes, that's fair", "Vale", "D'accord").
    acceptances: tuple[str, ...] = ()
    # Working days ("within 2 working days"): a date counted in them skips the weekend.
    working_days: tuple[str, ...] = ()
    # "In 3 days", "daqui a quinze dias": a word putting a date that far ahead, and the words
    # for days and weeks (outside English; English reads "in 3 days" with a pattern).
    # Words and word endings that say "without" ("without", "fee-free", "gebührenfrei",
    # "kostenlos"): a claim holding one is negative, like one with a negation. Not "free" or
    # "gratis" alone: "gave the first month free" states a deed.
    privatives: tuple[str, ...] = ()
    privative_endings: tuple[str, ...] = ()
    later_words: tuple[str, ...] = ()
    # "Now", "right away": an action said with one happens on the conversation's own day, so a
    # claim may date it by that day ("emails it today, June 10"). Not day words: "now" is also
    # a discourse word, and a date in every turn holding it would be a rival to every date.
    now_words: tuple[str, ...] = ()
    # Words giving an amount per unit ("£12 each", "32,50 euros cada"): the unit price of a
    # total the conversation also gives, which is then no rival value.
    per_unit: tuple[str, ...] = ()
    # Amounts said as phrases, and their digits ("half an hour": "30 minutes"), longest first.
    number_phrases: tuple[tuple[str, str], ...] = ()
    # An hour's part of the day ("in the morning": AM), read as AM or PM after an hour.
    day_periods: tuple[tuple[str, str], ...] = ()
    day_units: tuple[str, ...] = ()
    week_units: tuple[str, ...] = ()
    # Cues of the categorical values (resolution, satisfaction, escalation), stems taken when
    # used. The English ones count in every language, those of the language on top of them.
    # A satisfied or a dissatisfied customer's closing words ("thanks", "unacceptable").
    praise: tuple[str, ...] = ()
    complaints: tuple[str, ...] = ()
    # Unfinished business at the end ("pending", "investigation"): resolution Y is contradicted.
    open_issues: tuple[str, ...] = ()
    # An escalation ("supervisor", "transfer"), read for "Escalated: Yes/No".
    escalations: tuple[str, ...] = ()
    # A team and a verb handing the matter to it ("I've passed it to our claims team").
    teams: tuple[str, ...] = ()
    hand_overs: tuple[str, ...] = ()


ENGLISH = Language(
    code="en",
    per_unit=("each", "per", "apiece", "a piece", "a head"),
    now_words=("now", "right now", "right away", "straight away", "immediately"),
    name="English",
    snowball="english",
    months=(
        ("january", "jan"),
        ("february", "feb"),
        ("march", "mar"),
        ("april", "apr"),
        ("may",),
        ("june", "jun"),
        ("july", "jul"),
        ("august", "aug"),
        ("september", "sep", "sept"),
        ("october", "oct"),
        ("november", "nov"),
        ("december", "dec"),
    ),
    weekdays=(
        ("monday", "mon"),
        ("tuesday", "tue", "tues"),
        ("wednesday", "wed"),
        ("thursday", "thu", "thurs"),
        ("friday", "fri"),
        ("saturday", "sat"),
        ("sunday", "sun"),
    ),
    day_words={
        "today": 0,
        "tonight": 0,
        "this morning": 0,
        "this afternoon": 0,
        "this evening": 0,
        "later today": 0,
        "tomorrow": 1,
        "tomorrow morning": 1,
        "tomorrow afternoon": 1,
        "tomorrow evening": 1,
        "tomorrow night": 1,
        "the day after tomorrow": 2,
        "yesterday": -1,
        "last night": -1,
        "the day before yesterday": -2,
    },
    month_of=("of",),
    negations=frozenset(
        {"not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot"}
    ),
    reversals=(
        "waive",
        "waived",
        "decline",
        "declined",
        "cancel",
        "cancelled",
        "canceled",
        "refuse",
        "refused",
        "deny",
        "denied",
        "reject",
        "rejected",
        "reverse",
        "reversed",
        "remove",
        "removed",
        "void",
        "voided",
        "withdraw",
        "withdrew",
        "revoke",
        "revoked",
        "drop",
        "dropped",
        "skip",
        "skipped",
        "fail",
        "failed",
        "unable",
        "stop",
        "stopped",
        "exempt",
        "forgive",
        "forgiven",
    ),
    corrections=(
        "actually",
        "correction",
        "correct",
        "corrected",
        "sorry",
        "mistake",
        "misread",
        "instead",
        "rather",
        "updated",
        "revised",
        "adjusted",
        "changed",
        "now",
        "new",
        "recalculated",
        "wait",
        "oops",
        "wrong",
        "error",
        "misspoke",
        "meant",
        "apologies",
        "scratch",
        "hang",
        "hold",
        "redo",
        "forgot",
        "overlooked",
    ),
    irrealis=(
        "offer",
        "offered",
        "could",
        "can",
        "would",
        "might",
        "option",
        "suggest",
        "suggested",
        "propose",
        "proposed",
        "if",
        "want",
        "like",
        "either",
    ),
    clause_breaks=frozenset(
        {
            "and",
            "but",
            "or",
            "with",
            "for",
            "because",
            "so",
            "if",
            "then",
            "while",
            "although",
            "since",
            "after",
            "before",
            "until",
            "when",
            "which",
            "that",
            "who",
            "at",
            "on",
            "in",
            "by",
            "from",
            "as",
            "than",
        }
    ),
    determiners=frozenset(
        {
            "the",
            "a",
            "an",
            "your",
            "my",
            "our",
            "their",
            "his",
            "her",
            "its",
            "this",
            "that",
            "these",
            "those",
            "new",
            "old",
        }
    ),
    particles=frozenset({"off", "by", "in", "over", "out", "up", "around", "back"}),
    preferences=("rather", "prefer", "prefers", "preferred", "instead", "pass", "stick"),
    courtesies=frozenset(
        {"hi", "hello", "hey", "thanks", "thank", "sorry", "apologise", "apologize", "welcome",
         "speaking", "here", "help", "hear", "calling", "call", "problem", "sure", "okay", "ok",
         "great", "good", "morning", "afternoon", "evening", "understand", "day", "nice", "bye",
         "goodbye", "glad", "pleasure", "course", "certainly", "moment", "let", "look", "check",
         "see", "yes", "no", "right", "perfect", "done", "lot", "much", "trouble", "assist",
         "anything", "else", "today", "fine", "wonderful"}
    ),
    futures=("will", "'ll", "’ll", "shall", "going to", "won't", "wo n't"),
    alternatives=("instead of", "rather than", "in place of"),
    troubles=("problem", "problems", "worries", "worry", "trouble", "bother"),
    defaults=("usually", "normally", "typically", "generally", "ordinarily", "standard"),
    contrasts=("but", "however", "though"),
    qualifiers=("new", "old", "previous", "original", "revised", "updated", "current", "initial",
                "final", "former", "corrected"),
    changes=("change", "changed", "went", "go", "goes", "gone", "moved", "move", "rose", "rise",
             "risen", "increase", "increased", "drop", "dropped", "fell", "fall", "reduce",
             "reduced", "raise", "raised", "lower", "lowered", "cut", "switch", "switched",
             "update", "updated", "adjust", "adjusted", "revise", "revised", "bump", "bumped",
             "upgrade", "upgraded", "downgrade", "downgraded"),
    change_from=("from",),
    change_to=("to",),
    restrictives=("just", "only"),
    obligations=("should", "must", "needs to", "need to", "has to", "have to", "is to",
                 "was asked to", "was told to", "is asked to", "is required to"),
    option_words=("or",),
    and_words=("and",),
    conditionals=frozenset({"if", "unless"}),
    regrets=frozenset({"unfortunately", "afraid", "sadly", "regrettably"}),
    number_phrases=(("half an hour", "30 minutes"), ("a quarter of an hour", "15 minutes"), ("quarter of an hour", "15 minutes"), ("an hour and a half", "90 minutes"), ("half a dozen", "6"), ("two dozen", "24"), ("three dozen", "36"), ("a dozen", "12")),
    day_periods=(("in the morning", "AM"), ("in the afternoon", "PM"), ("in the evening", "PM"), ("at night", "PM")),
    privatives=("without",),
    privative_endings=("free", "less"),
    working_days=("working days", "business days", "working day", "business day"),
    acceptances=("yes", "yeah", "ok", "okay", "fine", "great", "sure", "perfect", "deal", "lovely"),
    removals=(("take", "off"), ("knock", "off"), ("write", "off"), ("strike", "off"), ("cross", "off")),
    requests=("want", "wanted", "like", "need", "needed", "please", "wondering"),
    replacing=("instead of", "rather than", "in place of"),
    next_week=("next week", "the week after this"),
    value_labels=("address", "number", "name", "date", "time", "price", "amount", "code", "reference", "email", "phone"),
    praise=("thanks", "thank", "great", "perfect", "appreciate", "appreciated", "awesome",
            "wonderful", "excellent", "glad", "happy", "relief", "love", "amazing", "fantastic",
            "helpful", "brilliant"),
    complaints=("forever", "frustrating", "frustrated", "ridiculous", "unacceptable",
                "disappointed", "disappointing", "annoyed", "annoying", "upset", "angry",
                "terrible", "worst", "useless", "waste", "joke", "awful", "horrible", "furious",
                "complaint", "complain"),
    open_issues=("escalate", "escalating", "escalated", "investigation", "investigating",
                 "pending", "unresolved", "outstanding"),
    escalations=("escalate", "escalated", "escalating", "supervisor", "manager", "transfer",
                 "transferring"),
    teams=("team", "department", "specialists", "unit", "desk"),
    hand_overs=("pass", "passed", "passing", "refer", "referred", "forward", "forwarded", "hand",
                "handed", "raise", "raised", "opening", "opened", "sending", "sent", "log",
                "logged"),
)  # fmt: skip

SPANISH = Language(
    code="es",
    per_unit=("cada", "cada uno", "cada una", "por unidad", "por persona"),
    now_words=("ahora", "ahora mismo", "enseguida", "en este momento", "ya mismo"),
    name="Spanish",
    snowball="spanish",
    months=(
        ("enero",),
        ("febrero",),
        ("marzo",),
        ("abril",),
        ("mayo",),
        ("junio",),
        ("julio",),
        ("agosto",),
        ("septiembre", "setiembre"),
        ("octubre",),
        ("noviembre",),
        ("diciembre",),
    ),
    weekdays=(
        ("lunes",),
        ("martes",),
        ("miércoles", "miercoles"),
        ("jueves",),
        ("viernes",),
        ("sábado", "sabado"),
        ("domingo",),
    ),
    day_words={
        "hoy": 0,
        "esta tarde": 0,
        "esta noche": 0,
        "esta mañana": 0,
        "mañana": 1,
        "pasado mañana": 2,
        "ayer": -1,
        "anoche": -1,
        "anteayer": -2,
    },
    month_of=("de", "del"),
    negations=frozenset(
        {"no", "nunca", "jamás", "ningún", "ninguna", "ninguno", "nada", "sin", "ni"}
    ),
    reversals=(
        "anular",
        "anuló",
        "cancelar",
        "canceló",
        "cancelado",
        "rechazar",
        "rechazó",
        "eximir",
        "eximió",
        "condonar",
        "condonó",
        "retirar",
        "retiró",
        "eliminar",
        "eliminó",
        "revertir",
        "revirtió",
        "denegar",
        "denegó",
    ),
    corrections=("perdón", "perdone", "corrijo", "corrección", "error", "realmente", "nuevo",
                 "actualizado", "equivoqué", "equivocado", "equivocada", "disculpe", "rectifico",
                 "realidad"),
    irrealis=("ofrecer", "ofreció", "podría", "puedo", "puede", "opción", "si", "quiere"),
    clause_breaks=frozenset(
        {"y", "pero", "o", "con", "para", "porque", "si", "que", "cuando", "aunque", "en", "desde"}
    ),
    determiners=frozenset(
        {"el", "la", "los", "las", "un", "una", "su", "sus", "mi", "este", "esta"}
    ),
    preferences=("prefiero", "preferir", "prefiere", "mejor", "vez"),
    courtesies=frozenset(
        {"hola", "gracias", "perdón", "disculpe", "siento", "bienvenido", "bienvenida", "ayudar",
         "habla", "buenos", "buenas", "días", "tardes", "noches", "claro", "vale", "perfecto",
         "adiós", "sí", "momento", "ver", "revisar", "reviso", "miro", "muchas", "bien", "listo",
         "hecho", "hoy", "nada"}
    ),
    futures=("va a", "vamos a", "van a", "voy a", "-rá", "-rán", "-ré", "-remos"),
    alternatives=("en lugar de", "en vez de"),
    troubles=("problema", "problemas", "preocupe", "molestia"),
    defaults=("normalmente", "habitualmente", "generalmente", "usualmente", "normal"),
    contrasts=("pero", "aunque", "embargo"),
    qualifiers=("nuevo", "nueva", "antiguo", "antigua", "anterior", "original", "actualizado",
                "actualizada", "actual", "inicial", "final", "corregido", "corregida"),
    changes=("cambió", "cambiado", "cambia", "cambiar", "pasó", "pasa", "subió", "sube", "bajó",
             "baja", "aumentó", "redujo", "reducido", "actualizado", "ajustado", "movió", "movido"),
    change_from=("de", "desde"),
    change_to=("a",),
    restrictives=("solo", "sólo", "solamente", "únicamente"),
    days_around=(("el día anterior", -1), ("el día antes", -1), ("la víspera", -1),
                 ("el día siguiente", 1), ("el día después", 1)),
    obligations=("debe", "deberá", "tiene que", "necesita", "hay que"),
    agents=("agente", "asesor", "asesora", "representante", "operador", "operadora", "empleado",
            "empleada"),
    customers=("cliente", "clienta", "usuario", "usuaria", "titular", "paciente", "socio",
               "socia"),
    option_words=("o", "u"),
    and_words=("y", "e"),
    conditionals=frozenset({"si"}),
    regrets=frozenset({"lamentablemente", "desafortunadamente", "temo", "lamento"}),
    number_phrases=(("media hora", "30 minutos"), ("un cuarto de hora", "15 minutos"), ("una hora y media", "90 minutos"), ("media docena", "6"), ("dos docenas", "24"), ("una docena", "12")),
    day_periods=(("de la mañana", "AM"), ("de la tarde", "PM"), ("de la noche", "PM")),
    privatives=("sin",),
    later_words=("dentro de", "en"),
    day_units=("día", "días"),
    week_units=("semana", "semanas"),
    working_days=("días hábiles", "días laborables", "día hábil", "día laborable"),
    acceptances=("sí", "vale", "perfecto", "bueno", "genial", "acuerdo"),
    order_words=("pedido", "reserva", "orden", "encargo", "expediente"),
    requests=("quiero", "quería", "quisiera", "necesito", "gustaría", "favor"),
    replacing=("en lugar de", "en vez de"),
    next_week=("semana que viene", "próxima semana", "semana próxima"),
    value_labels=("dirección", "número", "nombre", "fecha", "hora", "precio", "importe", "código", "referencia", "correo", "teléfono"),
    praise=("gracias", "genial", "perfecto", "estupendo", "excelente", "encantado", "encantada",
            "contento", "contenta", "maravilloso", "fantástico", "agradezco", "amable"),
    complaints=("molesto", "molesta", "frustrado", "frustrada", "inaceptable", "decepcionado",
                "decepcionada", "terrible", "vergüenza", "queja", "harto", "harta", "indignado",
                "indignada", "ridículo", "fatal"),
    open_issues=("escalar", "escalado", "investigación", "pendiente", "revisión"),
    escalations=("escalar", "escalado", "supervisor", "supervisora", "encargado", "transferir",
                 "transfiero"),
    teams=("equipo", "departamento", "área", "especialistas"),
    hand_overs=("paso", "pasado", "remito", "remitido", "envío", "enviado", "derivo", "derivado",
                "traslado", "trasladado"),
)  # fmt: skip


FRENCH = Language(
    code="fr",
    per_unit=("chacun", "chacune", "pièce", "par personne", "l'unité"),
    now_words=("maintenant", "tout de suite", "immédiatement", "dès maintenant"),
    name="French",
    snowball="french",
    months=(("janvier",), ("février",), ("mars",), ("avril",), ("mai",), ("juin",), ("juillet",),
            ("août",), ("septembre",), ("octobre",), ("novembre",), ("décembre",)),
    weekdays=(("lundi",), ("mardi",), ("mercredi",), ("jeudi",), ("vendredi",), ("samedi",),
              ("dimanche",)),
    day_words={"aujourd'hui": 0, "ce soir": 0, "ce matin": 0, "cet après-midi": 0,
               "cette après-midi": 0, "demain": 1, "après-demain": 2, "hier": -1,
               "avant-hier": -2, "hier soir": -1},
    negations=frozenset({"ne", "pas", "jamais", "aucun", "aucune", "rien", "sans", "ni", "non"}),
    reversals=("annuler", "annulé", "annulée", "refuser", "refusé", "refusée", "supprimer",
               "supprimé", "retirer", "retiré", "rembourser", "exonérer", "exonéré", "décliner",
               "décliné", "résilier", "résilié", "rejeter", "rejeté"),
    corrections=("pardon", "correction", "corrige", "rectifie", "erreur", "plutôt", "finalement",
                 "nouveau", "nouvelle", "mis à jour", "trompé", "trompée", "excusez", "désolé",
                 "désolée"),
    irrealis=("offrir", "propose", "proposer", "proposé", "pourrais", "pourrait", "pouvez", "peux",
              "peut", "option", "si", "voulez", "souhaitez", "aimeriez"),
    clause_breaks=frozenset({"et", "mais", "ou", "avec", "pour", "parce", "car", "donc", "si",
                             "que", "qui", "quand", "avant", "après", "depuis"}),
    determiners=frozenset({"le", "la", "les", "l'", "un", "une", "des", "du", "mon", "ma", "mes",
                           "votre", "vos", "son", "sa", "ses", "ce", "cette"}),
    preferences=("préfère", "préfèrerais", "plutôt"),
    courtesies=frozenset({"bonjour", "bonsoir", "merci", "désolé", "désolée", "pardon", "bienvenue",
                          "aider", "écoute", "parfait", "oui", "bien", "bonne", "journée", "soirée",
                          "revoir", "moment", "vérifie", "regarde", "beaucoup", "d'accord",
                          "entendu", "aujourd'hui", "voilà"}),
    futures=("va", "vont", "allons", "allez", "vais", "-ra", "-rez", "-rons", "-ront", "-rai"),
    alternatives=("au lieu de", "plutôt que"),
    obligations=("doit", "devra", "doivent", "il faut"),
    agents=("agent", "agente", "conseiller", "conseillère", "opérateur", "opératrice",
            "représentant", "représentante", "employé", "employée"),
    customers=("client", "cliente", "abonné", "abonnée", "usager", "patient", "patiente",
               "titulaire"),
    troubles=("problème", "souci", "soucis"),
    days_around=(("la veille", -1), ("le jour d'avant", -1), ("le jour précédent", -1),
                 ("le lendemain", 1), ("le jour d'après", 1), ("le jour suivant", 1)),
    defaults=("normalement", "habituellement", "généralement", "d'habitude", "habitude"),
    contrasts=("mais", "cependant", "toutefois"),
    qualifiers=("nouveau", "nouvelle", "nouvel", "ancien", "ancienne", "précédent", "précédente",
                "initial", "initiale", "actuel", "actuelle", "final", "finale", "corrigé",
                "corrigée", "révisé", "révisée"),
    changes=("changé", "change", "passé", "passe", "augmenté", "baissé", "réduit", "modifié",
             "ajusté", "déplacé", "monté"),
    change_from=("de",),
    change_to=("à",),
    restrictives=("juste", "seulement", "uniquement"),
    option_words=("ou",),
    and_words=("et",),
    conditionals=frozenset({"si", "s'il"}),
    regrets=frozenset({"malheureusement", "hélas", "crains"}),
    number_phrases=(("une demi-heure", "30 minutes"), ("un quart d'heure", "15 minutes"), ("une heure et demie", "90 minutes"), ("une demi-douzaine", "6"), ("deux douzaines", "24"), ("une douzaine", "12")),
    day_periods=(("heures du matin", "AM"), ("heures de l'après-midi", "PM"),
                 ("heures du soir", "PM"), ("du matin", "AM"), ("de l'après-midi", "PM"),
                 ("du soir", "PM")),
    privatives=("sans",),
    later_words=("dans", "d'ici"),
    day_units=("jour", "jours"),
    week_units=("semaine", "semaines"),
    working_days=("jours ouvrés", "jours ouvrables", "jour ouvré", "jour ouvrable"),
    acceptances=("oui", "d'accord", "parfait", "entendu", "ok", "volontiers"),
    order_words=("commande", "réservation", "dossier"),
    requests=("veux", "voulais", "voudrais", "souhaite", "souhaiterais", "aimerais", "besoin", "plaît"),
    replacing=("au lieu de", "à la place de"),
    next_week=("semaine prochaine", "prochaine semaine"),
    value_labels=("adresse", "numéro", "nom", "date", "heure", "prix", "montant", "code", "référence", "courriel", "téléphone"),
    praise=("merci", "parfait", "génial", "super", "excellent", "ravi", "ravie", "content",
            "contente", "formidable", "impeccable"),
    complaints=("déçu", "déçue", "inacceptable", "agacé", "agacée", "énervé", "énervée", "frustré",
                "frustrée", "scandaleux", "honteux", "ridicule", "plainte", "furieux", "furieuse",
                "pénible"),
    open_issues=("enquête", "attente", "vérification", "escalade"),
    escalations=("superviseur", "superviseure", "responsable", "transférer", "transfère",
                 "escalade"),
    teams=("équipe", "service", "département", "spécialistes"),
    hand_overs=("transmets", "transmis", "transmise", "envoie", "envoyé", "remonte", "remonté",
                "confie", "confié"),
)  # fmt: skip

GERMAN = Language(
    code="de",
    per_unit=("je", "pro", "pro Stück", "pro Person", "das Stück"),
    now_words=("jetzt", "gleich", "sofort", "direkt"),
    name="German",
    snowball="german",
    months=(("januar",), ("februar",), ("märz",), ("april",), ("mai",), ("juni",), ("juli",),
            ("august",), ("september",), ("oktober",), ("november",), ("dezember",)),
    weekdays=(("montag",), ("dienstag",), ("mittwoch",), ("donnerstag",), ("freitag",),
              ("samstag",), ("sonntag",)),
    day_words={"heute": 0, "heute abend": 0, "morgen": 1, "übermorgen": 2, "gestern": -1,
               "vorgestern": -2, "gestern abend": -1},
    negations=frozenset({"nicht", "kein", "keine", "keinen", "nie", "niemals", "nichts", "ohne",
                         "nein"}),
    reversals=("stornieren", "storniert", "storniere", "abgesagt", "absagen", "abgelehnt",
               "ablehnen", "gekündigt", "kündigen", "erlassen", "zurückgezogen", "entfernt",
               "entfernen", "gestrichen", "streichen", "verweigert", "aufgehoben", "annulliert"),
    corrections=("korrektur", "korrigiere", "korrigieren", "entschuldigung", "falsch", "fehler",
                 "eigentlich", "vielmehr", "neu", "neue", "neuer", "aktualisiert", "geändert",
                 "geirrt", "verzeihung", "tatsächlich", "versehen"),
    irrealis=("anbieten", "biete", "könnte", "könnten", "kann", "können", "würde", "würden",
              "möchten", "option", "wenn", "falls", "vorschlagen", "vorschlag"),
    clause_breaks=frozenset({"und", "aber", "oder", "mit", "für", "weil", "denn", "also", "wenn",
                             "dass", "bevor", "nachdem", "bis", "als", "seit"}),
    determiners=frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen",
                           "einem", "einer", "mein", "meine", "ihr", "ihre", "ihren", "sein",
                           "seine", "dieser", "diese", "dieses"}),
    preferences=("lieber", "bevorzuge", "stattdessen"),
    courtesies=frozenset({"hallo", "danke", "entschuldigung", "leid", "willkommen", "helfen",
                          "gern", "gerne", "ja", "gut", "moment", "tag", "tschüss", "wiederhören",
                          "bitte", "klar", "prima", "schauen", "heute"}),
    futures=("wird", "werden", "werde", "wirst"),
    alternatives=("statt", "anstatt", "anstelle"),
    obligations=("muss", "müssen", "soll", "sollte"),
    agents=("mitarbeiter", "mitarbeiterin", "agent", "agentin", "berater", "beraterin",
            "kundenberater", "kundenberaterin", "servicemitarbeiter", "servicemitarbeiterin",
            "sachbearbeiter", "sachbearbeiterin"),
    customers=("kunde", "kundin", "kunden", "anrufer", "anruferin", "abonnent", "abonnentin",
               "mitglied", "patient", "patientin", "teilnehmer", "teilnehmerin"),
    troubles=("problem", "sorge", "sorgen", "ursache"),
    days_around=(("am vortag", -1), ("am tag davor", -1), ("am tag vorher", -1), ("am folgetag", 1),
                 ("am tag danach", 1), ("am nächsten tag", 1)),
    defaults=("normalerweise", "üblicherweise", "gewöhnlich", "eigentlich", "regulär"),
    contrasts=("aber", "jedoch", "allerdings"),
    qualifiers=("neu", "neue", "neuen", "neuer", "neues", "alt", "alte", "alten", "alter", "altes",
                "bisherige", "bisherigen", "ursprüngliche", "ursprünglichen", "aktuelle",
                "aktuellen", "korrigierte", "korrigierten"),
    changes=("geändert", "ändert", "gestiegen", "steigt", "gesunken", "sinkt", "erhöht", "gesenkt",
             "reduziert", "angepasst", "verschoben", "umgestellt"),
    change_from=("von",),
    change_to=("auf", "zu"),
    restrictives=("nur", "bloß", "lediglich"),
    option_words=("oder",),
    and_words=("und",),
    conditionals=frozenset({"wenn", "falls", "sofern"}),
    regrets=frozenset({"leider"}),
    number_phrases=(("einer halben stunde", "30 Minuten"), ("eine halbe stunde", "30 Minuten"), ("einer viertelstunde", "15 Minuten"), ("eine viertelstunde", "15 Minuten"), ("anderthalb stunden", "90 Minuten"), ("eineinhalb stunden", "90 Minuten"), ("zwei dutzend", "24"), ("ein dutzend", "12")),
    day_periods=(("uhr morgens", "AM"), ("morgens", "AM"), ("vormittags", "AM"), ("uhr nachmittags", "PM"), ("nachmittags", "PM"), ("uhr abends", "PM"), ("abends", "PM")),
    privatives=("ohne",),
    privative_endings=("frei", "los"),
    later_words=("in",),
    day_units=("tag", "tage", "tagen"),
    week_units=("woche", "wochen"),
    working_days=("werktage", "werktagen", "arbeitstage", "arbeitstagen", "werktag", "arbeitstag"),
    acceptances=("ja", "gut", "einverstanden", "perfekt", "prima", "okay", "gerne"),
    order_words=("bestellung", "bestellnummer", "auftrag", "auftragsnummer", "buchung", "reservierung"),
    requests=("möchte", "möchten", "will", "wollte", "würde", "brauche", "bitte", "gern", "gerne"),
    replacing=("statt", "anstatt", "anstelle von"),
    next_week=("nächste woche", "nächsten woche", "kommende woche", "kommenden woche"),
    value_labels=("adresse", "nummer", "name", "datum", "uhrzeit", "preis", "betrag", "code", "referenz", "telefonnummer"),
    praise=("danke", "super", "perfekt", "prima", "toll", "klasse", "wunderbar", "großartig",
            "froh", "zufrieden", "hervorragend"),
    complaints=("ärgerlich", "verärgert", "enttäuscht", "frustriert", "inakzeptabel", "unverschämt",
                "schrecklich", "lächerlich", "beschwerde", "sauer", "nervig"),
    open_issues=("eskalieren", "eskaliert", "prüfung", "untersuchung", "ausstehend", "offen"),
    escalations=("eskalieren", "eskaliert", "vorgesetzten", "vorgesetzter", "teamleiter",
                 "teamleiterin", "weiterleiten", "weitergeleitet"),
    teams=("team", "abteilung", "fachabteilung", "spezialisten"),
    hand_overs=("leite", "weiter", "weitergeleitet", "gebe", "übergebe", "übergeben", "schicke",
                "geschickt"),
)  # fmt: skip

ITALIAN = Language(
    code="it",
    per_unit=("ciascuno", "ciascuna", "cadauno", "l'uno", "l'una", "a testa", "a persona"),
    now_words=("adesso", "ora", "subito", "immediatamente"),
    name="Italian",
    snowball="italian",
    months=(("gennaio",), ("febbraio",), ("marzo",), ("aprile",), ("maggio",), ("giugno",),
            ("luglio",), ("agosto",), ("settembre",), ("ottobre",), ("novembre",), ("dicembre",)),
    weekdays=(("lunedì",), ("martedì",), ("mercoledì",), ("giovedì",), ("venerdì",), ("sabato",),
              ("domenica",)),
    day_words={"oggi": 0, "stasera": 0, "stamattina": 0, "stamani": 0, "questo pomeriggio": 0,
               "stanotte": 0, "domattina": 1, "domani": 1, "dopodomani": 2, "ieri": -1,
               "l'altro ieri": -2, "altroieri": -2, "ieri sera": -1},
    month_of=("di",),
    negations=frozenset({"non", "mai", "nessuno", "nessuna", "niente", "nulla", "senza", "né",
                         "no"}),
    reversals=("annullare", "annullato", "annullata", "cancellare", "cancellato", "cancellata",
               "rifiutare", "rifiutato", "rifiutata", "stornare", "stornato", "revocare",
               "revocato", "rimuovere", "rimosso", "disdire", "disdetto", "esentare", "esentato",
               "condonare", "condonato"),
    corrections=("scusi", "scusa", "correzione", "correggo", "errore", "anzi", "invece", "nuovo",
                 "nuova", "aggiornato", "aggiornata", "modificato", "sbagliato", "sbagliata",
                 "sbagliavo", "realtà"),
    irrealis=("offrire", "offro", "potrei", "potrebbe", "posso", "può", "vorrebbe", "desidera",
              "opzione", "se", "proporre", "propongo", "proposto"),
    clause_breaks=frozenset({"e", "ma", "o", "con", "per", "perché", "quindi", "se", "che",
                             "quando", "prima", "dopo", "finché", "da"}),
    determiners=frozenset({"il", "lo", "la", "i", "gli", "le", "l'", "un", "uno", "una", "mio",
                           "mia", "suo", "sua", "questo", "questa"}),
    preferences=("preferisco", "preferirei", "piuttosto"),
    courtesies=frozenset({"ciao", "buongiorno", "buonasera", "grazie", "scusi", "dispiace",
                          "benvenuto", "aiutare", "sì", "perfetto", "bene", "momento",
                          "arrivederci", "certo", "controllo", "oggi", "prego"}),
    futures=("-rà", "-ranno", "-remo", "-rò"),
    alternatives=("invece di", "anziché"),
    obligations=("deve", "dovrà", "bisogna"),
    agents=("operatore", "operatrice", "agente", "consulente", "addetto", "addetta",
            "rappresentante", "impiegato", "impiegata"),
    customers=("cliente", "utente", "abbonato", "abbonata", "passeggero", "passeggera", "paziente",
               "titolare", "socio", "socia"),
    troubles=("problema", "problemi", "preoccupi"),
    days_around=(("il giorno prima", -1), ("la vigilia", -1), ("il giorno precedente", -1),
                 ("il giorno dopo", 1), ("il giorno seguente", 1), ("l'indomani", 1)),
    defaults=("normalmente", "solitamente", "generalmente", "abitualmente", "solito"),
    contrasts=("ma", "però", "tuttavia"),
    qualifiers=("nuovo", "nuova", "vecchio", "vecchia", "precedente", "originale", "iniziale",
                "attuale", "finale", "corretto", "corretta", "aggiornato", "aggiornata"),
    changes=("cambiato", "cambia", "passato", "passa", "aumentato", "diminuito", "ridotto",
             "modificato", "aggiornato", "spostato", "sceso", "salito"),
    change_from=("da",),
    change_to=("a",),
    restrictives=("solo", "soltanto", "solamente"),
    option_words=("o", "oppure"),
    and_words=("e", "ed"),
    conditionals=frozenset({"se", "qualora"}),
    regrets=frozenset({"purtroppo", "sfortunatamente"}),
    number_phrases=(("mezz'ora", "30 minuti"), ("mezzora", "30 minuti"), ("un quarto d'ora", "15 minuti"), ("un'ora e mezza", "90 minuti"), ("mezza dozzina", "6"), ("due dozzine", "24"), ("una dozzina", "12")),
    day_periods=(("di mattina", "AM"), ("del mattino", "AM"), ("di pomeriggio", "PM"), ("del pomeriggio", "PM"), ("di sera", "PM")),
    privatives=("senza",),
    later_words=("tra", "fra"),
    day_units=("giorno", "giorni"),
    week_units=("settimana", "settimane"),
    working_days=("giorni lavorativi", "giorno lavorativo"),
    acceptances=("sì", "va", "perfetto", "d'accordo", "ok", "benissimo", "certo"),
    order_words=("ordine", "prenotazione", "pratica"),
    requests=("voglio", "volevo", "vorrei", "desidero", "bisogno", "favore"),
    replacing=("invece di", "anziché", "al posto di"),
    next_week=("settimana prossima", "prossima settimana"),
    value_labels=("indirizzo", "numero", "nome", "data", "ora", "prezzo", "importo", "codice", "riferimento", "telefono"),
    praise=("grazie", "perfetto", "ottimo", "benissimo", "fantastico", "gentilissimo", "gentile",
            "contento", "contenta", "meraviglioso"),
    complaints=("deluso", "delusa", "arrabbiato", "arrabbiata", "inaccettabile", "frustrato",
                "frustrata", "vergognoso", "ridicolo", "reclamo", "terribile", "assurdo",
                "seccante", "fastidioso"),
    open_issues=("indagine", "verifica", "sospeso", "escalation"),
    escalations=("supervisore", "responsabile", "trasferire", "trasferisco", "escalation"),
    teams=("team", "ufficio", "reparto", "specialisti"),
    hand_overs=("inoltro", "inoltrato", "passo", "passato", "giro", "girato", "trasmetto",
                "trasmesso"),
)  # fmt: skip

PORTUGUESE = Language(
    code="pt",
    per_unit=("cada", "cada um", "cada uma", "por unidade", "por pessoa"),
    now_words=("agora", "já", "imediatamente", "agora mesmo"),
    name="Portuguese",
    snowball="portuguese",
    months=(("janeiro",), ("fevereiro",), ("março",), ("abril",), ("maio",), ("junho",), ("julho",),
            ("agosto",), ("setembro",), ("outubro",), ("novembro",), ("dezembro",)),
    weekdays=(("segunda-feira",), ("terça-feira",), ("quarta-feira",), ("quinta-feira",),
              ("sexta-feira",), ("sábado",), ("domingo",)),
    day_words={"hoje": 0, "esta noite": 0, "esta manhã": 0, "esta tarde": 0, "amanhã": 1, "depois de amanhã": 2, "ontem": -1,
               "anteontem": -2, "ontem à noite": -1},
    month_of=("de",),
    negations=frozenset({"não", "nunca", "nenhum", "nenhuma", "nada", "sem", "nem"}),
    reversals=("cancelar", "cancelou", "cancelado", "cancelada", "anular", "anulou", "recusar",
               "recusou", "rejeitar", "rejeitou", "estornar", "estornou", "isentar", "isentou",
               "remover", "removeu", "retirar", "retirou", "revogar", "revogou", "negar", "negou"),
    corrections=("desculpe", "correção", "corrijo", "corrigir", "erro", "aliás", "na verdade",
                 "novo", "nova", "atualizado", "atualizada", "enganei", "engano", "enganado",
                 "enganada"),
    irrealis=("oferecer", "ofereço", "poderia", "posso", "pode", "gostaria", "quer", "opção", "se",
              "propor", "proponho", "sugerir"),
    clause_breaks=frozenset({"e", "mas", "ou", "com", "para", "porque", "então", "se", "que",
                             "quando", "antes", "depois", "até", "desde"}),
    determiners=frozenset({"o", "a", "os", "as", "um", "uma", "meu", "minha", "seu", "sua", "este",
                           "esta", "esse", "essa"}),
    preferences=("prefiro", "preferia", "melhor"),
    courtesies=frozenset({"olá", "obrigado", "obrigada", "desculpe", "lamento", "ajudar", "sim",
                          "perfeito", "bem", "momento", "tchau", "claro", "hoje", "bom", "dia"}),
    futures=("vai", "vamos", "vão", "vou", "-rá", "-rão", "-remos"),
    alternatives=("em vez de", "ao invés de"),
    obligations=("deve", "deverá", "tem de", "tem que", "precisa"),
    agents=("atendente", "agente", "operador", "operadora", "consultor", "consultora",
            "representante", "funcionário", "funcionária", "assistente"),
    customers=("cliente", "usuário", "usuária", "utente", "assinante", "titular", "paciente",
               "associado", "associada"),
    troubles=("problema", "problemas", "preocupe"),
    days_around=(("na véspera", -1), ("no dia anterior", -1), ("no dia antes", -1),
                 ("no dia seguinte", 1), ("no dia depois", 1)),
    defaults=("normalmente", "geralmente", "habitualmente", "usualmente"),
    contrasts=("mas", "porém", "contudo"),
    qualifiers=("novo", "nova", "antigo", "antiga", "anterior", "original", "inicial", "atual",
                "final", "corrigido", "corrigida", "atualizado", "atualizada"),
    changes=("mudou", "mudado", "passou", "passa", "aumentou", "baixou", "reduziu", "reduzido",
             "alterado", "alterou", "atualizado", "ajustado", "subiu", "caiu"),
    change_from=("de",),
    change_to=("para",),
    restrictives=("só", "apenas", "somente"),
    option_words=("ou",),
    and_words=("e",),
    conditionals=frozenset({"se", "caso"}),
    regrets=frozenset({"infelizmente", "lamentavelmente"}),
    number_phrases=(("meia hora", "30 minutos"), ("um quarto de hora", "15 minutos"), ("uma hora e meia", "90 minutos"), ("meia dúzia", "6"), ("duas dúzias", "24"), ("uma dúzia", "12")),
    day_periods=(("da manhã", "AM"), ("da tarde", "PM"), ("da noite", "PM")),
    privatives=("sem",),
    later_words=("daqui a", "dentro de"),
    day_units=("dia", "dias"),
    week_units=("semana", "semanas"),
    working_days=("dias úteis", "dia útil"),
    acceptances=("sim", "ok", "combinado", "perfeito", "ótimo", "pode"),
    order_words=("encomenda", "pedido", "reserva"),
    requests=("quero", "queria", "gostaria", "preciso", "favor"),
    replacing=("em vez de", "em lugar de", "ao invés de"),
    next_week=("próxima semana", "semana que vem"),
    value_labels=("morada", "endereço", "número", "nome", "data", "hora", "preço", "valor", "código", "referência", "telefone"),
    praise=("obrigado", "obrigada", "perfeito", "ótimo", "excelente", "maravilha", "contente",
            "fantástico", "agradeço"),
    complaints=("chateado", "chateada", "frustrado", "frustrada", "inaceitável", "decepcionado",
                "decepcionada", "ridículo", "reclamação", "absurdo", "péssimo", "terrível",
                "irritado", "irritada"),
    open_issues=("investigação", "pendente", "análise", "escalar"),
    escalations=("supervisor", "supervisora", "responsável", "transferir", "transfiro", "escalar"),
    teams=("equipa", "equipe", "departamento", "setor", "especialistas"),
    hand_overs=("encaminho", "encaminhado", "passo", "passado", "envio", "enviado"),
)  # fmt: skip

DUTCH = Language(
    code="nl",
    per_unit=("per", "per stuk", "elk", "elke", "per persoon"),
    now_words=("nu", "meteen", "direct", "onmiddellijk"),
    name="Dutch",
    snowball="dutch",
    months=(("januari",), ("februari",), ("maart",), ("april",), ("mei",), ("juni",), ("juli",),
            ("augustus",), ("september",), ("oktober",), ("november",), ("december",)),
    weekdays=(("maandag",), ("dinsdag",), ("woensdag",), ("donderdag",), ("vrijdag",),
              ("zaterdag",), ("zondag",)),
    day_words={"vandaag": 0, "vanavond": 0, "vanmiddag": 0, "vanochtend": 0, "vanmorgen": 0,
               "vannacht": 0, "morgenochtend": 1, "morgenmiddag": 1, "morgenavond": 1, "morgen": 1, "overmorgen": 2, "gisteren": -1,
               "eergisteren": -2, "gisteravond": -1},
    negations=frozenset({"niet", "geen", "nooit", "niets", "zonder", "noch", "nee"}),
    reversals=("annuleren", "geannuleerd", "afzeggen", "afgezegd", "weigeren", "geweigerd",
               "afwijzen", "afgewezen", "opzeggen", "opgezegd", "kwijtschelden", "kwijtgescholden",
               "verwijderen", "verwijderd", "intrekken", "ingetrokken", "terugdraaien",
               "teruggedraaid"),
    corrections=("sorry", "correctie", "verbeter", "fout", "eigenlijk", "nieuw", "nieuwe",
                 "aangepast", "bijgewerkt", "gewijzigd", "vergis", "vergist", "vergissing",
                 "excuus", "excuses", "pardon"),
    irrealis=("aanbieden", "bied", "zou", "zouden", "kan", "kunnen", "wilt", "optie", "als",
              "voorstellen", "stel"),
    clause_breaks=frozenset({"en", "maar", "of", "met", "voor", "omdat", "dus", "als", "dat",
                             "wanneer", "nadat", "tot", "sinds"}),
    determiners=frozenset({"de", "het", "een", "mijn", "uw", "jouw", "zijn", "haar", "deze", "dit",
                           "die"}),
    preferences=("liever", "prefereer", "verkies"),
    courtesies=frozenset({"hallo", "dank", "bedankt", "sorry", "welkom", "helpen", "ja", "nee",
                          "goed", "prima", "moment", "dag", "graag", "vandaag", "kijken"}),
    futures=("zal", "zullen", "zult", "gaat", "gaan"),
    alternatives=("in plaats van",),
    obligations=("moet", "moeten", "dient"),
    agents=("medewerker", "medewerkster", "agent", "adviseur", "klantenservicemedewerker",
            "vertegenwoordiger", "operator"),
    customers=("klant", "beller", "abonnee", "lid", "patiënt", "reiziger", "gebruiker"),
    troubles=("probleem", "zorgen", "dank"),
    days_around=(("de dag ervoor", -1), ("de dag daarvoor", -1), ("de dag tevoren", -1),
                 ("de dag erna", 1), ("de dag daarna", 1), ("de volgende dag", 1)),
    defaults=("normaal", "normaliter", "gewoonlijk", "meestal", "doorgaans"),
    contrasts=("maar", "echter"),
    qualifiers=("nieuw", "nieuwe", "oud", "oude", "vorige", "oorspronkelijke", "huidige", "eerste",
                "definitieve", "gecorrigeerde"),
    changes=("veranderd", "verandert", "gestegen", "stijgt", "gedaald", "daalt", "verhoogd",
             "verlaagd", "aangepast", "verplaatst", "gewijzigd"),
    change_from=("van",),
    change_to=("naar", "tot"),
    restrictives=("alleen", "enkel", "slechts"),
    option_words=("of",),
    and_words=("en",),
    conditionals=frozenset({"als", "indien", "mits"}),
    regrets=frozenset({"helaas", "jammer"}),
    number_phrases=(("een half uur", "30 minuten"), ("half uur", "30 minuten"), ("een kwartier", "15 minuten"), ("anderhalf uur", "90 minuten"), ("twee dozijn", "24"), ("een dozijn", "12")),
    day_periods=(("uur 's ochtends", "AM"), ("'s ochtends", "AM"), ("'s morgens", "AM"), ("uur 's middags", "PM"), ("'s middags", "PM"), ("uur 's avonds", "PM"), ("'s avonds", "PM")),
    privatives=("zonder",),
    privative_endings=("vrij", "loos"),
    later_words=("over",),
    day_units=("dag", "dagen"),
    week_units=("week", "weken"),
    working_days=("werkdagen", "werkdag"),
    acceptances=("ja", "prima", "goed", "oké", "oke", "perfect", "top", "akkoord"),
    order_words=("bestelling", "reservering", "boeking", "order", "opdracht"),
    requests=("wil", "wilde", "zou", "graag", "alstublieft", "nodig"),
    replacing=("in plaats van",),
    next_week=("volgende week",),
    value_labels=("adres", "nummer", "naam", "datum", "tijd", "prijs", "bedrag", "code", "referentie", "telefoonnummer"),
    praise=("bedankt", "dank", "perfect", "top", "super", "geweldig", "prima", "fijn", "blij",
            "tevreden", "uitstekend"),
    complaints=("vervelend", "teleurgesteld", "gefrustreerd", "onacceptabel", "belachelijk", "boos",
                "klacht", "schandalig", "waardeloos", "irritant", "geërgerd"),
    open_issues=("onderzoek", "escaleren", "geëscaleerd", "behandeling"),
    escalations=("escaleren", "geëscaleerd", "leidinggevende", "supervisor", "doorverbinden"),
    teams=("team", "afdeling", "specialisten"),
    hand_overs=("stuur", "door", "doorgestuurd", "doorsturen", "geef", "overgedragen"),
)  # fmt: skip

LANGUAGES: dict[str, Language] = {
    lang.code: lang for lang in (ENGLISH, SPANISH, FRENCH, GERMAN, ITALIAN, PORTUGUESE, DUTCH)
}


def language_code(language: str | None) -> str:
    """The primary subtag of a language tag, lower-cased: "en-US" -> "en", "es_MX" -> "es";
    an empty tag reads as English (the importers' default)."""
    code = (language or "en").strip().replace("_", "-").split("-", 1)[0].lower()
    return code or "en"


def language_for(language: str | None) -> Language | None:
    """The tables for a language tag, or None when the offline judge cannot read it."""
    return LANGUAGES.get(language_code(language))
