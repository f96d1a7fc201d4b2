"""The third new labelled set of issue 12, written after round 3 of the local judge's rules (which
were developed on cc_dev half A and on the first two new sets), labelled by the rules of
../shared/data/cc/README.md, and measured once.

    .venv/bin/python bench/new_set_3.py      # writes bench/data/cc_new3.jsonl

New domains again (a moving company, an e-book subscription, a German language school, a bank's
lost cards, a florist, a city parking permit, a laptop repair, a boiler service, an Italian ferry,
travel insurance, a sports streaming trial, solar panels and car sharing), the same section
definitions and scoring as `bench/new_set.py`. Two conversations are not in English (German and
Italian). The error classes of the issue appear in new wordings: superseded values, offered
versus done, negation, a count bound to the wrong noun, a substituted noun, relative dates
("the day before yesterday", "last Tuesday", "next year"), numbers ("1,250.50", "11.99" without
a currency sign, "2,400 kWh") and categorical values; two summaries are clean.

Why one long module: most of it is data, the labelled conversations written out as literals.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new3.jsonl"
ROWS: list[dict] = []

# 1. Moving company: a move pushed back a week; a total corrected (superseded); "the day before".
ROWS.append(
    conversation(
        "new3-001",
        "voice",
        "scheduling",
        "2026-04-14T09:20:00Z",
        "Dana",
        [
            ("agent", "Carryall Movers, this is Dana."),
            (
                "customer",
                "Hi, I booked a move for Saturday the 18th, job number CM-60217, and I need to push it back a week.",
            ),
            (
                "agent",
                "Let me look. Saturday the 25th is free for a morning crew. The quote stays at $1,180 for two movers and the truck.",
            ),
            ("customer", "Good. Can you also pack the kitchen?"),
            (
                "agent",
                "Packing the kitchen adds $140, so the total comes to $1,320. Sorry, let me correct that: with the packing materials it's $1,365.",
            ),
            ("customer", "Fine, go ahead."),
            (
                "agent",
                "Done. The crew arrives at 7:30 AM on the 25th, and you'll get a confirmation text the day before.",
            ),
            ("customer", "Thanks."),
        ],
        {
            "situation": "The customer needed to move the move booked for April 18, job CM-60217, back by a week.",
            "action": "The agent moved the job to Saturday, April 25, with a morning crew. The agent added kitchen packing, bringing the total to $1,320.",
            "next_steps": "The crew arrives at 7:30 AM on April 25. The customer receives a confirmation text on April 24.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer needed to move the move booked for April 18, job CM-60217, back by a week.",
                True,
                "Turn 1: Saturday the 18th of April.",
            ),
            (
                "action",
                "The agent moved the job to Saturday, April 25, with a morning crew.",
                True,
                "Turns 2 and 6.",
            ),
            (
                "action",
                "The agent added kitchen packing, bringing the total to $1,320.",
                False,
                "The agent corrected the total to $1,365 with the packing materials.",
            ),
            ("next_steps", "The crew arrives at 7:30 AM on April 25.", True, "Turn 6."),
            (
                "next_steps",
                "The customer receives a confirmation text on April 24.",
                True,
                "The day before the 25th.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Moved and packing added."),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    (
                        "I booked a move for Saturday the 18th, job number CM-60217, and I need to push it back a week.",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("Saturday the 25th is free for a morning crew.", True),
                    ("The quote stays at $1,180 for two movers and the truck.", False),
                    ("With the packing materials it's $1,365.", False),
                ]
            ],
            "next_steps": [
                [
                    ("The crew arrives at 7:30 AM on the 25th.", True),
                    ("You'll get a confirmation text the day before.", True),
                ],
                [],
            ],
        },
    )
)

# 2. E-book subscription: a retention offer declined (offered versus done); "11.99" with no sign.
ROWS.append(
    conversation(
        "new3-002",
        "chat",
        "retention",
        "2026-01-27T20:40:00Z",
        "Marco",
        [
            ("customer", "hello, please cancel my Shelfcloud Plus subscription"),
            ("agent", "Hi, Marco here. May I ask why you'd like to cancel?"),
            (
                "customer",
                "I read mostly library books now, and at 11.99 a month it isn't worth it anymore.",
            ),
            ("agent", "I understand. I could offer 3 months at half price, $5.99 a month."),
            ("customer", "No thanks, just cancel it please."),
            (
                "agent",
                "Of course. Your subscription is cancelled, and you keep access until February 9. You won't be charged again.",
            ),
            ("customer", "thank you"),
        ],
        {
            "reason_for_cancellation": "The customer mostly reads library books now and finds $11.99 a month no longer worth it.",
            "action": "The agent offered 3 months at $5.99 a month, which the customer declined. The agent applied the half-price offer for 3 months. Access continues until February 9 with no further charges.",
            "contact_reason": "Cancellation",
            "customer_satisfaction": "N",
        },
        [
            (
                "reason_for_cancellation",
                "The customer mostly reads library books now and finds $11.99 a month no longer worth it.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent offered 3 months at $5.99 a month, which the customer declined.",
                True,
                "Turns 3 and 4.",
            ),
            (
                "action",
                "The agent applied the half-price offer for 3 months.",
                False,
                "The customer declined the offer; the subscription was cancelled.",
            ),
            (
                "action",
                "Access continues until February 9 with no further charges.",
                True,
                "Turn 5.",
            ),
            ("contact_reason", "Contact reason: Cancellation", True, "Turn 0."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "The customer thanks the agent.",
            ),
        ],
        {"contact_reason": [True]},
        {
            "reason_for_cancellation": [
                [
                    ("I read mostly library books now.", True),
                    ("At 11.99 a month it isn't worth it anymore.", True),
                ]
            ],
            "action": [
                [
                    ("I could offer 3 months at half price, $5.99 a month.", True),
                    ("Your subscription is cancelled.", False),
                    ("You keep access until February 9.", True),
                    ("You won't be charged again.", True),
                ]
            ],
        },
    )
)

# 3. German language school: a course moved to the next one; a fee misquoted (240 -> 420).
ROWS.append(
    conversation(
        "new3-003",
        "voice",
        "scheduling",
        "2026-06-23T16:10:00Z",
        "Jonas",
        [
            ("agent", "Sprachinstitut Lindner, Sie sprechen mit Jonas."),
            (
                "customer",
                "Guten Tag, ich bin für den Spanischkurs am Donnerstag angemeldet, aber ich kann an dem Tag nicht.",
            ),
            ("agent", "Kein Problem. Der nächste Kurs beginnt am 2. Juli um 18:30 Uhr."),
            ("customer", "Das passt. Muss ich noch einmal bezahlen?"),
            (
                "agent",
                "Nein, die Kursgebühr von 240 Euro wird übertragen. Ich schicke Ihnen die neue Bestätigung heute per E-Mail.",
            ),
            ("customer", "Vielen Dank."),
        ],
        {
            "situation": "Der Kunde ist für den Spanischkurs am 25. Juni angemeldet, kann an dem Tag aber nicht.",
            "action": "Der Mitarbeiter hat den Kunden auf den Kurs am 2. Juli um 18:30 Uhr umgebucht. Die Kursgebühr von 420 Euro wird übertragen. Die neue Bestätigung kommt heute per E-Mail.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Der Kunde ist für den Spanischkurs am 25. Juni angemeldet, kann an dem Tag aber nicht.",
                True,
                "Donnerstag after Tuesday June 23.",
            ),
            (
                "action",
                "Der Mitarbeiter hat den Kunden auf den Kurs am 2. Juli um 18:30 Uhr umgebucht.",
                True,
                "Turns 2 to 4.",
            ),
            (
                "action",
                "Die Kursgebühr von 420 Euro wird übertragen.",
                False,
                "The fee is 240 euros.",
            ),
            ("action", "Die neue Bestätigung kommt heute per E-Mail.", True, "Turn 4."),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Moved to the next course.",
            ),
        ],
        {},
        {
            "situation": [
                [
                    (
                        "Ich bin für den Spanischkurs am Donnerstag angemeldet, aber ich kann an dem Tag nicht.",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("Der nächste Kurs beginnt am 2. Juli um 18:30 Uhr.", True),
                    ("Die Kursgebühr von 240 Euro wird übertragen.", False),
                    ("Ich schicke Ihnen die neue Bestätigung heute per E-Mail.", True),
                ]
            ],
        },
        language="de",
    )
)

# 4. Lost bank cards: 2 new cards against "3 to 5 working days" (a count bound to another noun).
ROWS.append(
    conversation(
        "new3-004",
        "voice",
        "billing",
        "2026-08-04T08:05:00Z",
        "Olivia",
        [
            ("agent", "Northbay Bank cards team, Olivia speaking."),
            (
                "customer",
                "Hi, I lost my wallet last night. Both my debit card and my credit card were in it.",
            ),
            ("agent", "I've frozen both cards now. I can see no transactions since Sunday."),
            ("customer", "Good. Will the new cards cost anything?"),
            (
                "agent",
                "No, replacements are free. The 2 new cards will arrive in 3 to 5 working days, and your PINs stay the same.",
            ),
            ("customer", "And can I still pay by phone?"),
            ("agent", "Yes, your digital card in the app is active again from today."),
            ("customer", "Great, thanks."),
        ],
        {
            "situation": "The customer lost a wallet on August 3 with both a debit card and a credit card in it.",
            "action": "The agent froze both cards and found no transactions since Sunday. The agent ordered 3 replacement cards free of charge. The customer's PINs stay the same.",
            "entities": "cards: debit card, credit card\nreplacement_delivery: 3 to 5 working days",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer lost a wallet on August 3 with both a debit card and a credit card in it.",
                True,
                "Last night of August 4.",
            ),
            (
                "action",
                "The agent froze both cards and found no transactions since Sunday.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent ordered 3 replacement cards free of charge.",
                False,
                "2 new cards; 3 is the delivery time.",
            ),
            ("action", "The customer's PINs stay the same.", True, "Turn 4."),
            ("entities", "cards: debit card, credit card", True, "Turn 1."),
            ("entities", "replacement_delivery: 3 to 5 working days", True, "Turn 4."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "The customer thanks the agent.",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("I lost my wallet last night.", True),
                    ("Both my debit card and my credit card were in it.", True),
                ]
            ],
            "action": [
                [
                    ("I've frozen both cards now.", True),
                    ("I can see no transactions since Sunday.", True),
                    ("Replacements are free.", True),
                    ("The 2 new cards will arrive in 3 to 5 working days.", False),
                    ("Your PINs stay the same.", True),
                    ("Your digital card in the app is active again from today.", False),
                ]
            ],
            "entities": [[("Both my debit card and my credit card", True)]],
        },
    )
)

# 5. Florist: roses for tulips (a substituted noun); a pick-up that will not happen (negation).
ROWS.append(
    conversation(
        "new3-005",
        "chat",
        "returns",
        "2026-05-06T13:30:00Z",
        "Keiko",
        [
            (
                "customer",
                "Hi, I ordered a bouquet of white tulips for my mum, order FL-44871, but she received red roses.",
            ),
            (
                "agent",
                "Hi, this is Keiko at Petal Post. I'm so sorry, the florist ran out of tulips and substituted without asking.",
            ),
            ("customer", "She's allergic to roses, so that's not great."),
            (
                "agent",
                "I understand. I've arranged for white tulips to be delivered tomorrow between 10 AM and 1 PM, and I've refunded the $12 delivery fee.",
            ),
            ("customer", "Will someone pick up the roses?"),
            ("agent", "No need, she can keep them or give them away."),
            ("customer", "OK, thank you."),
        ],
        {
            "situation": "The customer's mother received red roses instead of the white tulips in order FL-44871. The customer's mother is allergic to tulips.",
            "action": "The agent arranged delivery of white tulips on May 7 between 10 AM and 1 PM. The agent refunded the $12 delivery fee.",
            "next_steps": "The white tulips arrive on May 7 between 10 AM and 1 PM. A courier will collect the roses on May 7.",
            "refund_given": "Yes",
        },
        [
            (
                "situation",
                "The customer's mother received red roses instead of the white tulips in order FL-44871.",
                True,
                "Turn 0.",
            ),
            (
                "situation",
                "The customer's mother is allergic to tulips.",
                False,
                "She is allergic to roses.",
            ),
            (
                "action",
                "The agent arranged delivery of white tulips on May 7 between 10 AM and 1 PM.",
                True,
                "Tomorrow of May 6.",
            ),
            ("action", "The agent refunded the $12 delivery fee.", True, "Turn 3."),
            (
                "next_steps",
                "The white tulips arrive on May 7 between 10 AM and 1 PM.",
                True,
                "Turn 3.",
            ),
            (
                "next_steps",
                "A courier will collect the roses on May 7.",
                False,
                "The agent said there is no need: she can keep them.",
            ),
            ("refund_given", "Refund given: Yes", True, "The $12 delivery fee was refunded."),
        ],
        {"next_steps": [True, True], "refund_given": [True]},
        {
            "situation": [
                [
                    (
                        "I ordered a bouquet of white tulips for my mum, order FL-44871, but she received red roses.",
                        True,
                    ),
                    ("She's allergic to roses.", False),
                ]
            ],
            "action": [
                [
                    (
                        "I've arranged for white tulips to be delivered tomorrow between 10 AM and 1 PM.",
                        True,
                    ),
                    ("I've refunded the $12 delivery fee.", True),
                ]
            ],
            "next_steps": [
                [("White tulips to be delivered tomorrow between 10 AM and 1 PM.", True)],
                [],
            ],
        },
    )
)

# 6. City parking permit: renewed by phone; a ticket the agent cannot cancel (negation); P.
ROWS.append(
    conversation(
        "new3-006",
        "voice",
        "billing",
        "2026-09-29T14:45:00Z",
        "Sam",
        [
            ("agent", "City of Westbrook permits line, Sam speaking."),
            (
                "customer",
                "Hi, my residents' parking permit expired on Sunday and the renewal page keeps failing.",
            ),
            (
                "agent",
                "I see the page had an outage over the weekend. I can renew it by phone: it's $85 for twelve months.",
            ),
            ("customer", "Yes, please."),
            (
                "agent",
                "It's renewed until September 30 next year. The new permit is digital, so there's no sticker to wait for.",
            ),
            ("customer", "What about the ticket I got yesterday?"),
            (
                "agent",
                "I can't cancel parking tickets here; you'll need to appeal it online within 21 days.",
            ),
            ("customer", "Fine. Thanks."),
        ],
        {
            "situation": "The customer's residents' parking permit expired on September 27 and the online renewal kept failing.",
            "action": "The agent renewed the permit by phone for $85 for twelve months, until September 30, 2027. The agent cancelled the parking ticket from September 28.",
            "resolution": "P",
            "next_steps": "The customer must appeal the parking ticket online within 21 days.",
        },
        [
            (
                "situation",
                "The customer's residents' parking permit expired on September 27 and the online renewal kept failing.",
                True,
                "Sunday before Tuesday September 29.",
            ),
            (
                "action",
                "The agent renewed the permit by phone for $85 for twelve months, until September 30, 2027.",
                True,
                "Turns 2 and 4.",
            ),
            (
                "action",
                "The agent cancelled the parking ticket from September 28.",
                False,
                "The agent cannot cancel parking tickets.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "Permit renewed; the ticket is left to an appeal.",
            ),
            (
                "next_steps",
                "The customer must appeal the parking ticket online within 21 days.",
                True,
                "Turn 6.",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    ("My residents' parking permit expired on Sunday.", True),
                    ("The renewal page keeps failing.", True),
                ]
            ],
            "action": [
                [
                    ("I can renew it by phone: it's $85 for twelve months.", True),
                    ("It's renewed until September 30 next year.", True),
                    ("The new permit is digital, so there's no sticker to wait for.", False),
                    ("I can't cancel parking tickets here.", False),
                ]
            ],
            "next_steps": [[("You'll need to appeal it online within 21 days.", True)], []],
        },
    )
)

# 7. Laptop repair: a price corrected (superseded, then restated wrongly); a loaner declined.
ROWS.append(
    conversation(
        "new3-007",
        "chat",
        "tech",
        "2026-10-13T10:00:00Z",
        "Ana",
        [
            (
                "customer",
                "Hi, I dropped off my Vexa Book 14 (model VB-1420) on Friday with a cracked screen. Ticket RP-8812.",
            ),
            (
                "agent",
                "Hi, Ana from FixPoint. The technician checked it: the screen replacement is $210.",
            ),
            (
                "agent",
                "Correction, the part price went up this week: it's $235 including labour.",
            ),
            ("customer", "OK, go ahead. How long will it take?"),
            (
                "agent",
                "About 90 minutes once the part arrives on Thursday. Would you like a loaner laptop until then?",
            ),
            ("customer", "No, I'll manage with my tablet."),
            ("agent", "Noted. We'll text you when it's ready, and payment is at pickup."),
            ("customer", "Thanks."),
        ],
        {
            "product_issue": "Vexa Book 14, model VB-1420. The screen is cracked.",
            "action": "The agent quoted $235 including labour for the screen replacement. The agent gave the customer a loaner laptop.",
            "next_steps": "The part arrives on October 15 and the repair takes about 90 minutes. The customer will get a text when it is ready and pays $210 at pickup.",
        },
        [
            ("product_issue", "Vexa Book 14, model VB-1420.", True, "Turn 0."),
            ("product_issue", "The screen is cracked.", True, "Turn 0."),
            (
                "action",
                "The agent quoted $235 including labour for the screen replacement.",
                True,
                "Turn 2, the corrected price.",
            ),
            (
                "action",
                "The agent gave the customer a loaner laptop.",
                False,
                "Offered; the customer declined.",
            ),
            (
                "next_steps",
                "The part arrives on October 15 and the repair takes about 90 minutes.",
                True,
                "Thursday after Tuesday October 13.",
            ),
            (
                "next_steps",
                "The customer will get a text when it is ready and pays $210 at pickup.",
                False,
                "$210 was corrected to $235.",
            ),
        ],
        {"product_issue": [True, True], "next_steps": [True, True]},
        {
            "product_issue": [
                [("My Vexa Book 14 (model VB-1420)", True)],
                [("A cracked screen.", True)],
            ],
            "action": [
                [
                    ("It's $235 including labour.", True),
                    ("Would you like a loaner laptop until then?", False),
                ]
            ],
            "next_steps": [
                [
                    ("About 90 minutes once the part arrives on Thursday.", True),
                    ("We'll text you when it's ready.", True),
                    ("Payment is at pickup.", False),
                ],
                [],
            ],
        },
    )
)

# 8. Boiler service: a missed visit; a new slot offered and refused (offered versus done); N, D.
ROWS.append(
    conversation(
        "new3-008",
        "voice",
        "scheduling",
        "2026-11-17T12:35:00Z",
        "Leo",
        [
            ("agent", "Warmhouse Heating, Leo speaking."),
            (
                "customer",
                "Hi, your engineer was meant to come this morning between 8 and 12 for my boiler service and nobody turned up. Booking WH-30554.",
            ),
            ("agent", "I'm sorry. The engineer was off sick and the visit wasn't reassigned."),
            ("customer", "I took the morning off work for this."),
            (
                "agent",
                "I understand. The earliest I can offer is next Tuesday, November 24, between 12 and 4.",
            ),
            (
                "customer",
                "That's no good, I work afternoons. I'll look for another company.",
            ),
            (
                "agent",
                "I'm sorry we couldn't help. I've cancelled booking WH-30554 and there's no charge.",
            ),
            ("customer", "Right. Bye."),
        ],
        {
            "situation": "The engineer did not arrive for the customer's boiler service on November 17 between 8 and 12, booking WH-30554, because the engineer was off sick.",
            "action": "The agent rebooked the service for Tuesday, November 24, between 12 and 4. The booking was cancelled with no charge.",
            "resolution": "N",
            "customer_satisfaction": "D",
        },
        [
            (
                "situation",
                "The engineer did not arrive for the customer's boiler service on November 17 between 8 and 12, booking WH-30554, because the engineer was off sick.",
                True,
                "Turns 1 and 2.",
            ),
            (
                "action",
                "The agent rebooked the service for Tuesday, November 24, between 12 and 4.",
                False,
                "Offered; the customer refused and the booking was cancelled.",
            ),
            ("action", "The booking was cancelled with no charge.", True, "Turn 6."),
            ("resolution", "Resolution: N (none resolved)", True, "No service and no new date."),
            (
                "customer_satisfaction",
                "Customer satisfaction: D (dissatisfied)",
                True,
                "The customer leaves for another company.",
            ),
        ],
        {},
        {
            "situation": [
                [
                    (
                        "Your engineer was meant to come this morning between 8 and 12 for my boiler service and nobody turned up.",
                        True,
                    ),
                    ("The engineer was off sick and the visit wasn't reassigned.", True),
                ]
            ],
            "action": [
                [
                    (
                        "The earliest I can offer is next Tuesday, November 24, between 12 and 4.",
                        False,
                    ),
                    ("I've cancelled booking WH-30554 and there's no charge.", True),
                ]
            ],
        },
    )
)

# 9. Italian ferry: a car added; the supplement misquoted (64 -> 46); sabato.
ROWS.append(
    conversation(
        "new3-009",
        "chat",
        "scheduling",
        "2026-07-16T11:20:00Z",
        "Giulia",
        [
            (
                "customer",
                "Buongiorno, ho prenotato il traghetto per Olbia di sabato alle 9:00, prenotazione TB-51872. Posso aggiungere un'auto?",
            ),
            ("agent", "Buongiorno, sono Giulia. Sì, per un'auto il supplemento è di 64 euro."),
            ("customer", "Va bene, la aggiungo."),
            (
                "agent",
                "Fatto. Ho aggiunto l'auto alla prenotazione TB-51872. Il totale ora è di 182 euro.",
            ),
            ("customer", "L'imbarco a che ora chiude?"),
            ("agent", "L'imbarco per le auto chiude alle 8:15."),
            ("customer", "Grazie mille."),
        ],
        {
            "situation": "Il cliente ha prenotato il traghetto per Olbia di sabato 18 luglio alle 9:00, prenotazione TB-51872, e voleva aggiungere un'auto.",
            "action": "L'operatrice ha aggiunto l'auto per un supplemento di 46 euro. Il totale ora è di 182 euro.",
            "next_steps": "L'imbarco per le auto chiude alle 8:15 del 18 luglio.",
        },
        [
            (
                "situation",
                "Il cliente ha prenotato il traghetto per Olbia di sabato 18 luglio alle 9:00, prenotazione TB-51872, e voleva aggiungere un'auto.",
                True,
                "Sabato after Thursday July 16.",
            ),
            (
                "action",
                "L'operatrice ha aggiunto l'auto per un supplemento di 46 euro.",
                False,
                "The supplement is 64 euros.",
            ),
            ("action", "Il totale ora è di 182 euro.", True, "Turn 3."),
            (
                "next_steps",
                "L'imbarco per le auto chiude alle 8:15 del 18 luglio.",
                True,
                "Turn 5, on the day of the crossing.",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    (
                        "Ho prenotato il traghetto per Olbia di sabato alle 9:00, prenotazione TB-51872.",
                        True,
                    ),
                    ("Posso aggiungere un'auto?", True),
                ]
            ],
            "action": [
                [
                    ("Ho aggiunto l'auto alla prenotazione TB-51872.", True),
                    ("Per un'auto il supplemento è di 64 euro.", False),
                    ("Il totale ora è di 182 euro.", True),
                ]
            ],
            "next_steps": [[("L'imbarco per le auto chiude alle 8:15.", True)], []],
        },
        language="it",
    )
)

# 10. Travel insurance: "1,250.50" and "last Tuesday"; a taxi not covered (negation).
ROWS.append(
    conversation(
        "new3-010",
        "voice",
        "billing",
        "2026-02-19T15:30:00Z",
        "Priya",
        [
            ("agent", "Globewise Travel Insurance, Priya speaking."),
            (
                "customer",
                "Hello, I'm calling about claim GT-77120 for my cancelled trip. I sent the documents last Tuesday.",
            ),
            (
                "agent",
                "Thanks. I can see them. Your claim was approved this morning for $1,250.50, which is the trip cost minus the $100 excess.",
            ),
            ("customer", "When will I get the money?"),
            ("agent", "The payment goes to your bank account within 5 working days."),
            ("customer", "And the taxi to the airport, $48?"),
            ("agent", "Taxis aren't covered under your policy, I'm afraid."),
            ("customer", "Okay, thanks anyway."),
        ],
        {
            "situation": "The customer called about claim GT-77120 for a cancelled trip, with documents sent on February 17.",
            "action": "The agent confirmed the claim was approved on February 19 for $1,250.50, the trip cost minus the $100 excess. The agent said the $48 taxi is covered.",
            "customer_satisfaction": "N",
            "entities": "claim_number: GT-77120\npayout: $1,250.50\nexcess: $100",
        },
        [
            (
                "situation",
                "The customer called about claim GT-77120 for a cancelled trip, with documents sent on February 17.",
                True,
                "Last Tuesday before Thursday February 19.",
            ),
            (
                "action",
                "The agent confirmed the claim was approved on February 19 for $1,250.50, the trip cost minus the $100 excess.",
                True,
                "Turn 2, this morning.",
            ),
            (
                "action",
                "The agent said the $48 taxi is covered.",
                False,
                "Taxis are not covered.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "The customer thanks the agent.",
            ),
            ("entities", "claim_number: GT-77120", True, "Turn 1."),
            ("entities", "payout: $1,250.50", True, "Turn 2."),
            ("entities", "excess: $100", True, "Turn 2."),
        ],
        {},
        {
            "situation": [
                [
                    ("I'm calling about claim GT-77120 for my cancelled trip.", True),
                    ("I sent the documents last Tuesday.", True),
                ]
            ],
            "action": [
                [
                    (
                        "Your claim was approved this morning for $1,250.50, which is the trip cost minus the $100 excess.",
                        True,
                    ),
                    ("The payment goes to your bank account within 5 working days.", False),
                    ("Taxis aren't covered under your policy.", False),
                ]
            ],
            "entities": [
                [
                    ("Claim GT-77120", True),
                    ("$1,250.50", True),
                    ("$100 excess", True),
                    ("$48 taxi", False),
                ]
            ],
        },
    )
)

# 11. Sports streaming: a trial charged, then cancelled and refunded; clean summary.
ROWS.append(
    conversation(
        "new3-011",
        "chat",
        "billing",
        "2026-03-26T19:05:00Z",
        "Ben",
        [
            (
                "customer",
                "hey, I signed up for the 7-day free trial of Courtside TV and got charged $24.99 today",
            ),
            (
                "agent",
                "Hi, Ben here. The trial ended yesterday, so the first month was billed this morning.",
            ),
            ("customer", "I thought I'd cancelled in time. I don't want the subscription."),
            (
                "agent",
                "I see a cancellation attempt on the 24th that didn't go through. As a one-off, I've cancelled the subscription and refunded the $24.99 to your card.",
            ),
            ("customer", "thanks!! how long does it take?"),
            ("agent", "It usually shows in 2 to 3 business days."),
        ],
        {
            "situation": "The customer was charged $24.99 on March 26 after the 7-day free trial of Courtside TV ended on March 25.",
            "reason_for_cancellation": "The customer did not want the subscription and believed they had cancelled during the trial.",
            "action": "The agent found a cancellation attempt on March 24 that did not go through. The agent cancelled the subscription and refunded the $24.99.",
            "refund_given": "Yes",
            "contact_reason": "Billing",
        },
        [
            (
                "situation",
                "The customer was charged $24.99 on March 26 after the 7-day free trial of Courtside TV ended on March 25.",
                True,
                "Today and yesterday of March 26.",
            ),
            (
                "reason_for_cancellation",
                "The customer did not want the subscription and believed they had cancelled during the trial.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent found a cancellation attempt on March 24 that did not go through.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "The agent cancelled the subscription and refunded the $24.99.",
                True,
                "Turn 3.",
            ),
            ("refund_given", "Refund given: Yes", True, "$24.99 refunded."),
            ("contact_reason", "Contact reason: Billing", True, "An unexpected charge."),
        ],
        {"refund_given": [True], "contact_reason": [True]},
        {
            "situation": [
                [
                    (
                        "I signed up for the 7-day free trial of Courtside TV and got charged $24.99 today.",
                        True,
                    )
                ]
            ],
            "reason_for_cancellation": [
                [
                    ("I thought I'd cancelled in time.", True),
                    ("I don't want the subscription.", True),
                ]
            ],
            "action": [
                [
                    ("I see a cancellation attempt on the 24th that didn't go through.", True),
                    (
                        "I've cancelled the subscription and refunded the $24.99 to your card.",
                        True,
                    ),
                    ("It usually shows in 2 to 3 business days.", False),
                ]
            ],
        },
    )
)

# 12. Solar panels: "2,400 kWh", a panel offline, a visit on Thursday; clean summary.
ROWS.append(
    conversation(
        "new3-012",
        "voice",
        "tech",
        "2026-12-08T10:50:00Z",
        "Amara",
        [
            ("agent", "Sunrow Solar, Amara speaking."),
            (
                "customer",
                "Hi, my panels were installed in October and the app says they made only 2,400 kWh so far, which seems low.",
            ),
            (
                "agent",
                "Let me look at your system, SR-90331. Production is normal for the season: December output is about a third of summer.",
            ),
            ("customer", "Oh, okay. But the app also shows one panel offline."),
            (
                "agent",
                "You're right, panel 7 isn't reporting. I've booked a technician for Thursday at 10:30 AM to check its connector, at no cost.",
            ),
            ("customer", "Great."),
            ("agent", "You'll get a reminder call tomorrow afternoon."),
        ],
        {
            "situation": "The customer thought the panels' output of 2,400 kWh since the October installation was low, and the app showed one panel offline.",
            "action": "The agent explained that production is normal for the season, with December output about a third of summer. The agent booked a free technician visit on December 10 at 10:30 AM to check panel 7's connector.",
            "next_steps": "The technician visits on December 10 at 10:30 AM. The customer gets a reminder call on December 9.",
        },
        [
            (
                "situation",
                "The customer thought the panels' output of 2,400 kWh since the October installation was low, and the app showed one panel offline.",
                True,
                "Turns 1 and 3.",
            ),
            (
                "action",
                "The agent explained that production is normal for the season, with December output about a third of summer.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent booked a free technician visit on December 10 at 10:30 AM to check panel 7's connector.",
                True,
                "Thursday after Tuesday December 8.",
            ),
            (
                "next_steps",
                "The technician visits on December 10 at 10:30 AM.",
                True,
                "Turn 4.",
            ),
            (
                "next_steps",
                "The customer gets a reminder call on December 9.",
                True,
                "Tomorrow of December 8.",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    (
                        "My panels were installed in October and the app says they made only 2,400 kWh so far, which seems low.",
                        True,
                    ),
                    ("The app also shows one panel offline.", True),
                ]
            ],
            "action": [
                [
                    (
                        "Production is normal for the season: December output is about a third of summer.",
                        True,
                    ),
                    (
                        "I've booked a technician for Thursday at 10:30 AM to check its connector, at no cost.",
                        True,
                    ),
                ]
            ],
            "next_steps": [
                [
                    ("A technician for Thursday at 10:30 AM.", True),
                    ("You'll get a reminder call tomorrow afternoon.", True),
                ],
                [],
            ],
        },
    )
)

# 13. Car sharing: "the day before yesterday", a 35-minute trip; two photos said as three.
ROWS.append(
    conversation(
        "new3-013",
        "chat",
        "billing",
        "2026-05-21T17:25:00Z",
        "Rosa",
        [
            (
                "customer",
                "Hi, I was charged a $40 cleaning fee for the car I used the day before yesterday, but it was already dirty when I got in.",
            ),
            (
                "agent",
                "Hi, Rosa from Roamcar. Did you report it in the app before starting the 35-minute trip?",
            ),
            ("customer", "Yes, I sent two photos at the start."),
            (
                "agent",
                "I found them. The fee no longer applies: I've removed the $40 from your account and flagged the car for cleaning.",
            ),
            ("customer", "Thank you!"),
        ],
        {
            "situation": "The customer was charged a $40 cleaning fee for a car used on May 19, although it was already dirty when they got in.",
            "action": "The agent confirmed the customer reported the car with three photos before the 35-minute trip. The agent removed the $40 fee and flagged the car for cleaning.",
            "refund_given": "Yes",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer was charged a $40 cleaning fee for a car used on May 19, although it was already dirty when they got in.",
                True,
                "The day before yesterday of May 21.",
            ),
            (
                "action",
                "The agent confirmed the customer reported the car with three photos before the 35-minute trip.",
                False,
                "The customer sent two photos.",
            ),
            (
                "action",
                "The agent removed the $40 fee and flagged the car for cleaning.",
                True,
                "Turn 3.",
            ),
            ("refund_given", "Refund given: Yes", True, "The charged $40 was removed."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "The customer thanks the agent.",
            ),
        ],
        {"refund_given": [True]},
        {
            "situation": [
                [
                    (
                        "I was charged a $40 cleaning fee for the car I used the day before yesterday, but it was already dirty when I got in.",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("I sent two photos at the start.", False),
                    ("I've removed the $40 from your account.", True),
                    ("Flagged the car for cleaning.", True),
                ]
            ],
        },
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
