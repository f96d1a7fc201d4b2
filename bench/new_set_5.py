"""The fifth new labelled set of issue 12, written after round 5 of the local judge's rules (which
were developed on cc_dev half A and on the first four new sets), labelled by the rules of
../shared/data/cc/README.md, and measured once.

    .venv/bin/python bench/new_set_5.py      # writes bench/data/cc_new5.jsonl

Like set 4 it uses the custom sections of the development data's kind and paraphrased
completeness facts. New domains (an airline seat, a pet food subscription, university fees, a
hotel, an e-bike repair, a water leak, a streaming plan, a blender return, a Dutch parcel
locker, an Italian train refund, a German phone contract, broadband speed) and the languages no
earlier set used together (Dutch, Italian, German). The error classes of the issue appear in
new wordings: offers turned down, a value bound to another event (sent versus received), a
superseded total, a negated inclusion, a part substituted (charger for battery), a partial
credit read as full, a date moved to the wrong cycle, a wrong count, a wrong model, a wrong
weekday date in Dutch, a refused pause in German; two summaries are clean.

The lead engineer who wrote it also wrote the rules, so it is not blind in the way a set
written by someone else would be; it was committed before the judge ran on any of it.

Why one long module: most of it is data, the labelled conversations written out as literals.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Importing set 4 adds the custom sections of cc_dev's kind to the definitions `conversation`
# reads (custom actions, returned product, call driver, follow-up, escalated).
from bench import new_set_4  # noqa: F401
from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new5.jsonl"

ROWS: list[dict] = []

# 1. Airline seat: an extra-legroom seat offered and turned down, a free aisle seat taken.
ROWS.append(
    conversation(
        "new5-001",
        "voice",
        "scheduling",
        "2026-01-20T10:10:00Z",
        "Noor",
        [
            ("agent", "Skyvale Airways, Noor speaking."),
            (
                "customer",
                "Hi, I'm on the flight to Lisbon on Friday the 23rd, booking QF7K2L. I'd like an aisle seat.",
            ),
            ("agent", "Let me check the seat map. Seat 14C has extra legroom, that one is $45."),
            ("customer", "I'd rather not pay for it. Is there a free aisle seat anywhere?"),
            ("agent", "Yes, 27D is an aisle seat at no charge. I've put you in 27D."),
            ("customer", "Great. Could you also add a vegetarian meal?"),
            ("agent", "Done, a vegetarian meal is on the booking."),
            ("customer", "Thanks a lot."),
        ],
        {
            "situation": "The customer wanted an aisle seat on the January 23 flight to Lisbon.",
            "custom_actions": "The agent assigned extra-legroom seat 14C for $45. The agent added a vegetarian meal. The flight is on Friday, January 23. Booking QF7K2L.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer wanted an aisle seat on the January 23 flight to Lisbon.",
                True,
                "Turn 1.",
            ),
            (
                "custom_actions",
                "The agent assigned extra-legroom seat 14C for $45.",
                False,
                "Declined: the customer got 27D at no charge.",
            ),
            ("custom_actions", "The agent added a vegetarian meal.", True, "Turn 6."),
            ("custom_actions", "The flight is on Friday, January 23.", True, "Friday the 23rd."),
            ("custom_actions", "Booking QF7K2L.", True, "Turn 1."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Seat and meal done."),
        ],
        {"custom_actions": [True, True, True, True]},
        {
            "situation": [[("Wants an aisle seat on the Lisbon flight on Friday the 23rd", True)]],
            "custom_actions": [
                [
                    ("Assigned free aisle seat 27D", False),
                    ("Offered seat 14C with extra legroom for $45, declined", False),
                    ("Added a vegetarian meal", True),
                ],
                [("Friday the 23rd (January 23)", True)],
                [("Booking QF7K2L", True)],
                [("Seat changed to 27D", False)],
            ],
        },
    )
)

# 2. Pet food subscription: a box that cannot be stopped, refunded instead.
ROWS.append(
    conversation(
        "new5-002",
        "chat",
        "retention",
        "2026-02-04T19:25:00Z",
        "Elif",
        [
            ("customer", "Hello, I need to cancel my Whiskerbox plan, account WB-31907."),
            ("agent", "Hi, Elif here. Sorry to see you go. May I ask the reason?"),
            (
                "customer",
                "The vet has put my cat on a prescription diet, so she can't eat your food anymore.",
            ),
            (
                "agent",
                "I understand, I hope she's doing well. I've cancelled the plan, so nothing else will be sent.",
            ),
            ("customer", "There's a box that shipped yesterday though."),
            (
                "agent",
                "That one's already with the courier, so I can't stop it, but I've refunded it: £31.20 back to your card.",
            ),
            ("customer", "Oh, that's kind. Thanks."),
        ],
        {
            "reason_for_cancellation": "The vet put the customer's cat on a prescription diet, so she cannot eat the food anymore.",
            "action": "The agent cancelled the plan. The agent stopped the box that shipped on February 3. The agent refunded £31.20 to the card.",
            "customer_satisfaction": "N",
        },
        [
            (
                "reason_for_cancellation",
                "The vet put the customer's cat on a prescription diet, so she cannot eat the food anymore.",
                True,
                "Turn 2.",
            ),
            ("action", "The agent cancelled the plan.", True, "Turn 3."),
            (
                "action",
                "The agent stopped the box that shipped on February 3.",
                False,
                "The box was with the courier and could not be stopped.",
            ),
            ("action", "The agent refunded £31.20 to the card.", True, "Turn 5."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'That's kind. Thanks.'",
            ),
        ],
        {},
        {
            "reason_for_cancellation": [[("Cat on a prescription diet from the vet", True)]],
            "action": [
                [
                    ("Cancelled the plan; nothing else will be sent", True),
                    ("The shipped box could not be stopped", False),
                    ("Refunded £31.20 for that box", True),
                ]
            ],
        },
    )
)

# 3. University fees: a payment sent on the 13th, received on the 16th; a late fee removed.
ROWS.append(
    conversation(
        "new5-003",
        "voice",
        "billing",
        "2026-03-25T13:00:00Z",
        "Sandeep",
        [
            ("agent", "Student finance office, Sandeep speaking."),
            (
                "customer",
                "Hi, I've been charged a €60 late fee on my tuition instalment, but I paid it on time. Student number 2218843.",
            ),
            ("agent", "Let me look. The instalment of €1,450 was due on March 15."),
            ("customer", "My bank says I sent it on March 13."),
            (
                "agent",
                "I see it here: the transfer reached us on March 16, so the system added the fee. Bank transfers can take a few days.",
            ),
            ("customer", "That's not my fault though."),
            (
                "agent",
                "Fair enough. As it's your first late mark, I've removed the €60 fee. Next time, pay at least three working days early.",
            ),
            ("customer", "OK, thank you."),
        ],
        {
            "situation": "The customer was charged a €60 late fee on a €1,450 tuition instalment due on March 15.",
            "action": "The agent found that the payment arrived on March 13. The agent removed the €60 late fee and advised paying three working days early.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer was charged a €60 late fee on a €1,450 tuition instalment due on March 15.",
                True,
                "Turns 1 and 2.",
            ),
            (
                "action",
                "The agent found that the payment arrived on March 13.",
                False,
                "It was sent on March 13 and arrived on March 16.",
            ),
            (
                "action",
                "The agent removed the €60 late fee and advised paying three working days early.",
                True,
                "Turn 6.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Fee removed."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'OK, thank you.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("€60 late fee on the tuition instalment", True),
                    ("The customer says they paid on time (sent March 13)", False),
                ]
            ],
            "action": [
                [
                    ("Found the transfer arrived March 16, after the March 15 due date", False),
                    ("Removed the €60 fee as a first late mark", True),
                    ("Advised paying three working days early", True),
                ]
            ],
        },
    )
)

# 4. Hotel: a night added before; a total recomputed; breakfast not included.
ROWS.append(
    conversation(
        "new5-004",
        "chat",
        "scheduling",
        "2026-04-14T08:40:00Z",
        "Bruno",
        [
            (
                "customer",
                "Hi, reservation HX-52207, three nights from Friday the 17th. Can I arrive a night earlier?",
            ),
            (
                "agent",
                "Hi, Bruno at Hotel Marisol. For Thursday the 16th I only have a twin room, at €98.",
            ),
            ("customer", "Twin is fine for one night."),
            ("agent", "Added. Your new total is €402 for the four nights."),
            ("agent", "Let me redo that, I left out the city tax: it's €416 in total."),
            ("customer", "OK. Is breakfast included?"),
            (
                "agent",
                "Breakfast isn't included in this rate; it's €12 per person per morning at the hotel.",
            ),
            ("customer", "Fine, I'll decide there."),
        ],
        {
            "situation": "The customer asked to arrive one night earlier on reservation HX-52207.",
            "custom_actions": "The agent added Thursday, April 16 in a twin room at €98. The total for the four nights is €402. Breakfast is included. Reservation HX-52207.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer asked to arrive one night earlier on reservation HX-52207.",
                True,
                "Turn 0.",
            ),
            (
                "custom_actions",
                "The agent added Thursday, April 16 in a twin room at €98.",
                True,
                "Turns 1 and 3.",
            ),
            (
                "custom_actions",
                "The total for the four nights is €402.",
                False,
                "Recomputed to €416 with the city tax.",
            ),
            (
                "custom_actions",
                "Breakfast is included.",
                False,
                "Breakfast isn't included in this rate.",
            ),
            ("custom_actions", "Reservation HX-52207.", True, "Turn 0."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Night added."),
        ],
        {"custom_actions": [True, True, True, True]},
        {
            "situation": [[("Wants to arrive a night earlier than Friday the 17th", True)]],
            "custom_actions": [
                [("Added Thursday the 16th in a twin room at €98", True)],
                [
                    ("Thursday the 16th (April 16)", True),
                    ("Friday the 17th, original arrival", False),
                ],
                [("Reservation HX-52207", True)],
                [
                    ("Total €416 for four nights, with city tax", False),
                    ("Breakfast €12 per person, not included", False),
                ],
            ],
        },
    )
)

# 5. E-bike: the charger at fault, not the battery.
ROWS.append(
    conversation(
        "new5-005",
        "voice",
        "tech",
        "2026-05-06T15:15:00Z",
        "Kai",
        [
            ("agent", "Voltaride support, Kai speaking."),
            (
                "customer",
                "Hi, my Voltaride City 2 won't charge. The light on the battery doesn't come on at all.",
            ),
            ("agent", "Does the charger's own light turn green when it's plugged into the wall?"),
            ("customer", "No, it stays off."),
            (
                "agent",
                "Then it's the charger that has failed; the battery itself should be fine. The bike is still under warranty, so I'll send a new charger free of charge.",
            ),
            ("customer", "How long will that take?"),
            (
                "agent",
                "It ships today and arrives in 3 to 5 working days. Keep the old one until it's there.",
            ),
            ("customer", "OK, thanks."),
        ],
        {
            "situation": "The customer's Voltaride City 2 e-bike would not charge.",
            "action": "The agent found the charger had failed. The agent replaced the battery under warranty, arriving in 3 to 5 working days.",
            "escalated": "No - solved on the call",
        },
        [
            (
                "situation",
                "The customer's Voltaride City 2 e-bike would not charge.",
                True,
                "Turn 1.",
            ),
            ("action", "The agent found the charger had failed.", True, "Turn 4."),
            (
                "action",
                "The agent replaced the battery under warranty, arriving in 3 to 5 working days.",
                False,
                "A new charger is sent; the battery is fine.",
            ),
            (
                "escalated",
                "Escalated: No (solved on the call)",
                True,
                "Handled by the agent; the added text breaks the form (adherence).",
            ),
        ],
        {"escalated": [False]},
        {
            "situation": [[("Voltaride City 2 will not charge; no light on the battery", True)]],
            "action": [
                [
                    ("Diagnosed a failed charger; battery fine", True),
                    ("New charger sent free under warranty, 3 to 5 working days", False),
                ]
            ],
        },
    )
)

# 6. Water leak: half of the excess credited, a plumber's report within 30 days.
ROWS.append(
    conversation(
        "new5-006",
        "voice",
        "billing",
        "2026-06-17T09:05:00Z",
        "Moira",
        [
            ("agent", "Clearbrook Water, Moira here."),
            (
                "customer",
                "Hello, my bill is €212 instead of the usual €45. A pipe under my garden had burst.",
            ),
            ("agent", "Sorry to hear that. Has it been repaired?"),
            ("customer", "Yes, last Saturday."),
            (
                "agent",
                "Leaks on your side of the meter aren't ours to cover in full, but we have a leak allowance: I've credited half of the extra usage, €84.",
            ),
            ("customer", "Only half?"),
            (
                "agent",
                "Yes, that's the allowance. To keep it, please send us the plumber's repair report within 30 days.",
            ),
            ("customer", "Alright."),
        ],
        {
            "situation": "The customer's water bill was €212 instead of about €45 because a pipe under the garden burst.",
            "action": "The agent credited the full extra usage under the leak allowance. The customer must send the plumber's repair report within 30 days.",
            "resolution": "P",
            "escalated": "No",
        },
        [
            (
                "situation",
                "The customer's water bill was €212 instead of about €45 because a pipe under the garden burst.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The agent credited the full extra usage under the leak allowance.",
                False,
                "Only half, €84.",
            ),
            (
                "action",
                "The customer must send the plumber's repair report within 30 days.",
                True,
                "Turn 6.",
            ),
            ("resolution", "Resolution: P (partially resolved)", True, "Half credited."),
            ("escalated", "Escalated: No", True, "Handled by the agent."),
        ],
        {"escalated": [True]},
        {
            "situation": [
                [
                    (
                        "Bill €212 instead of €45 after a burst pipe under the garden, repaired last Saturday",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("Credited half of the extra usage, €84", False),
                    ("Plumber's repair report needed within 30 days", True),
                ]
            ],
        },
    )
)

# 7. Streaming: a double charge refunded; a downgrade from the next cycle; profiles counted.
ROWS.append(
    conversation(
        "new5-007",
        "chat",
        "billing",
        "2026-07-08T21:10:00Z",
        "Yara",
        [
            ("customer", "Hi, I was charged $17.99 twice on July 1 for my Family plan."),
            (
                "agent",
                "Hi, Yara from Streamly. I can see both charges. I've refunded the second $17.99; it takes 3 to 5 days to show.",
            ),
            (
                "customer",
                "Thanks. Also, we only use two of the six profiles. Is there something cheaper?",
            ),
            (
                "agent",
                "The Duo plan is $12.99 with two profiles. I can switch you from your next billing date, August 1.",
            ),
            ("customer", "Yes please."),
            ("agent", "Done: you're on Family until July 31 and Duo from August 1."),
            ("customer", "Perfect."),
        ],
        {
            "situation": "The customer was charged $17.99 twice on July 1 for the Family plan, which has 4 profiles.",
            "action": "The agent refunded the second $17.99 charge. The agent moved the customer to the Duo plan at $12.99 starting July 1.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer was charged $17.99 twice on July 1 for the Family plan.",
                True,
                "Turn 0.",
            ),
            ("situation", "The Family plan has 4 profiles.", False, "Six profiles."),
            ("action", "The agent refunded the second $17.99 charge.", True, "Turn 1."),
            (
                "action",
                "The agent moved the customer to the Duo plan at $12.99 starting July 1.",
                False,
                "Duo starts August 1.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Refund and downgrade."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Perfect.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Charged $17.99 twice on July 1 for the Family plan", True),
                    ("Uses two of six profiles, wants a cheaper plan", False),
                ]
            ],
            "action": [
                [
                    ("Refunded the second $17.99, 3 to 5 days", True),
                    ("Switched to Duo at $12.99 from August 1", False),
                ]
            ],
        },
    )
)

# 8. Blender return: the model; an exchange turned down.
ROWS.append(
    conversation(
        "new5-008",
        "chat",
        "returns",
        "2026-08-12T11:30:00Z",
        "Ola",
        [
            ("customer", "Hi, I want to return my Brevine ProBlend 900 blender, order BL-60419."),
            ("agent", "Hi, Ola here. What's the problem with it?"),
            ("customer", "The lid doesn't lock properly, so the motor won't start."),
            (
                "agent",
                "Sorry about that. I could send you an exchange unit straight away, or refund you.",
            ),
            ("customer", "A refund, please. I've gone off this model."),
            (
                "agent",
                "No problem. I've emailed you a prepaid return label. The €89.99 refund goes to your card once we've checked the blender, usually within 5 days of it arriving.",
            ),
            ("customer", "Thanks."),
        ],
        {
            "returned_product": "Brevine ProBlend 700 blender. The lid does not lock, so the motor will not start.",
            "custom_actions": "The agent sent an exchange unit and emailed a prepaid return label. Order BL-60419.",
            "call_driver": "Returns",
        },
        [
            ("returned_product", "Brevine ProBlend 700 blender.", False, "ProBlend 900."),
            (
                "returned_product",
                "The lid does not lock, so the motor will not start.",
                True,
                "Turn 2.",
            ),
            (
                "custom_actions",
                "The agent sent an exchange unit.",
                False,
                "The customer chose a refund.",
            ),
            ("custom_actions", "The agent emailed a prepaid return label.", True, "Turn 5."),
            ("custom_actions", "Order BL-60419.", True, "Turn 0."),
            ("call_driver", "Call driver: Returns", True, "A return for a refund."),
        ],
        {
            "returned_product": [True, True],
            "custom_actions": [True, True, True, True],
            "call_driver": [True],
        },
        {
            "returned_product": [
                [("Brevine ProBlend 900 blender", False)],
                [("The lid doesn't lock, so the motor won't start", True)],
            ],
            "custom_actions": [
                [
                    ("Emailed a prepaid return label", True),
                    ("€89.99 refund to the card after inspection, within 5 days of arrival", False),
                ],
                [],
                [("Order BL-60419", True)],
                [],
            ],
        },
    )
)

# 9. Dutch parcel locker: a new code valid until Thursday.
ROWS.append(
    conversation(
        "new5-009",
        "chat",
        "returns",
        "2026-09-22T17:50:00Z",
        "Sanne",
        [
            (
                "customer",
                "Hoi, mijn pakket ligt in de pakketautomaat op het station, maar de code is verlopen. Zendingnummer PK-880214.",
            ),
            ("agent", "Hallo, met Sanne. Ik zie het pakket, het ligt er sinds zaterdag."),
            (
                "agent",
                "Ik heb een nieuwe code naar uw telefoon gestuurd. Die is geldig tot donderdag 24 september, 18:00 uur.",
            ),
            ("customer", "En als ik het niet haal?"),
            ("agent", "Dan gaat het pakket terug naar de afzender."),
            ("customer", "Duidelijk, bedankt."),
        ],
        {
            "situation": "Het pakket PK-880214 ligt in de pakketautomaat, maar de code is verlopen.",
            "action": "De medewerker heeft een nieuwe code gestuurd, geldig tot woensdag 23 september 18:00 uur. Daarna gaat het pakket terug naar de afzender.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Het pakket PK-880214 ligt in de pakketautomaat, maar de code is verlopen.",
                True,
                "Beurt 0.",
            ),
            (
                "action",
                "De medewerker heeft een nieuwe code gestuurd, geldig tot woensdag 23 september 18:00 uur.",
                False,
                "Geldig tot donderdag 24 september.",
            ),
            ("action", "Daarna gaat het pakket terug naar de afzender.", True, "Beurt 4."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Nieuwe code."),
        ],
        {},
        {
            "situation": [[("Code van de pakketautomaat verlopen, zending PK-880214", True)]],
            "action": [
                [
                    ("Nieuwe code gestuurd, geldig tot donderdag 24 september 18:00", False),
                    ("Anders terug naar de afzender", True),
                ]
            ],
        },
        language="nl",
    )
)

# 10. Italian train refund: clean.
ROWS.append(
    conversation(
        "new5-010",
        "voice",
        "billing",
        "2026-10-14T08:20:00Z",
        "Giulia",
        [
            ("agent", "Ferrovie Aurora, sono Giulia, come posso aiutarla?"),
            (
                "customer",
                "Buongiorno, il mio treno di ieri per Bologna è stato cancellato. Il biglietto era di 39,90 euro, codice AX-5521.",
            ),
            ("agent", "Mi dispiace. Confermo la cancellazione: le spetta il rimborso completo."),
            (
                "agent",
                "Ho disposto il rimborso di 39,90 euro sulla sua carta, arriverà entro 7 giorni.",
            ),
            ("customer", "Va bene, grazie."),
            ("agent", "Posso offrirle anche un buono da 10 euro per il disagio."),
            ("customer", "Sì, volentieri."),
            ("agent", "Fatto, il buono è nella sua email."),
        ],
        {
            "situation": "Il treno del cliente per Bologna del 13 ottobre è stato cancellato; biglietto AX-5521 da 39,90 euro.",
            "action": "L'operatrice ha rimborsato 39,90 euro sulla carta, entro 7 giorni, e ha inviato per email un buono da 10 euro.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Il treno del cliente per Bologna del 13 ottobre è stato cancellato; biglietto AX-5521 da 39,90 euro.",
                True,
                "Ieri: 13 ottobre.",
            ),
            (
                "action",
                "L'operatrice ha rimborsato 39,90 euro sulla carta, entro 7 giorni.",
                True,
                "Turno 3.",
            ),
            (
                "action",
                "L'operatrice ha inviato per email un buono da 10 euro.",
                True,
                "Turni 5-7.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Rimborso e buono."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Sì, volentieri.'",
            ),
        ],
        {},
        {
            "situation": [
                [("Treno di ieri per Bologna cancellato, biglietto 39,90 euro AX-5521", True)]
            ],
            "action": [
                [
                    ("Rimborso completo di 39,90 euro sulla carta entro 7 giorni", True),
                    ("Buono da 10 euro inviato per email", True),
                ]
            ],
        },
        language="it",
    )
)

# 11. German phone contract: a pause offered and declined; the end date.
ROWS.append(
    conversation(
        "new5-011",
        "voice",
        "retention",
        "2026-11-04T16:00:00Z",
        "Jonas",
        [
            ("agent", "Funkwelt Kundenservice, Jonas am Apparat."),
            (
                "customer",
                "Guten Tag, ich möchte meinen Handyvertrag kündigen, Kundennummer 4471-209. Ich ziehe nach Kanada.",
            ),
            (
                "agent",
                "Das verstehe ich. Die Kündigungsfrist beträgt drei Monate, der Vertrag endet also am 28. Februar.",
            ),
            (
                "agent",
                "Ich könnte den Vertrag stattdessen für bis zu sechs Monate pausieren, falls Sie zurückkommen.",
            ),
            ("customer", "Nein danke, ich bleibe dort."),
            (
                "agent",
                "In Ordnung. Ich habe die Kündigung eingetragen, Sie bekommen heute eine Bestätigung per E-Mail.",
            ),
            ("customer", "Danke."),
        ],
        {
            "reason_for_cancellation": "Der Kunde zieht nach Kanada.",
            "action": "Der Mitarbeiter hat den Vertrag für sechs Monate pausiert. Der Vertrag endet am 28. Februar. Der Kunde bekommt eine Bestätigung per E-Mail.",
            "customer_satisfaction": "N",
        },
        [
            ("reason_for_cancellation", "Der Kunde zieht nach Kanada.", True, "Turn 1."),
            (
                "action",
                "Der Mitarbeiter hat den Vertrag für sechs Monate pausiert.",
                False,
                "Angeboten und abgelehnt; gekündigt.",
            ),
            ("action", "Der Vertrag endet am 28. Februar.", True, "Turn 2."),
            ("action", "Der Kunde bekommt eine Bestätigung per E-Mail.", True, "Turn 5."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Danke.'",
            ),
        ],
        {},
        {
            "reason_for_cancellation": [[("Umzug nach Kanada", True)]],
            "action": [
                [
                    ("Kündigung eingetragen, Vertrag endet am 28. Februar", False),
                    ("Pause bis zu sechs Monate angeboten, abgelehnt", False),
                    ("Bestätigung heute per E-Mail", True),
                ]
            ],
        },
        language="de",
    )
)

# 12. Broadband speed: clean; a weekday with its day number, a credit.
ROWS.append(
    conversation(
        "new5-012",
        "chat",
        "tech",
        "2026-12-01T12:45:00Z",
        "Owen",
        [
            (
                "customer",
                "Hi, I'm paying for 150 Mbps but speed tests show about 35. Account BB-77102.",
            ),
            ("agent", "Hi, Owen here. Let me run a line test."),
            (
                "agent",
                "The test shows a fault on the line outside your home, so it's not your router.",
            ),
            ("customer", "Can someone fix it?"),
            (
                "agent",
                "An engineer can come on Thursday the 3rd between 1 and 5 PM. Does that work?",
            ),
            ("customer", "Yes, I'm home then."),
            ("agent", "Booked. I've also taken £10 off this month's bill for the slow speeds."),
            ("customer", "Appreciated, thanks."),
        ],
        {
            "situation": "The customer pays for 150 Mbps but was getting about 35 Mbps.",
            "action": "A line test found a fault outside the home, not the router. The agent booked an engineer for December 3 between 1 and 5 PM and took £10 off this month's bill.",
            "follow_up": "An engineer visits on Thursday, December 3, between 1 and 5 PM.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer pays for 150 Mbps but was getting about 35 Mbps.",
                True,
                "Turn 0.",
            ),
            (
                "action",
                "A line test found a fault outside the home, not the router.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent booked an engineer for December 3 between 1 and 5 PM.",
                True,
                "Thursday the 3rd, accepted.",
            ),
            ("action", "The agent took £10 off this month's bill.", True, "Turn 6."),
            (
                "follow_up",
                "An engineer visits on Thursday, December 3, between 1 and 5 PM.",
                True,
                "Turn 4.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Fault found, engineer booked.",
            ),
        ],
        {"follow_up": [True, True]},
        {
            "situation": [[("Pays for 150 Mbps, gets about 35", True)]],
            "action": [
                [
                    ("Line test: fault outside the home", True),
                    ("Engineer booked Thursday the 3rd between 1 and 5 PM", True),
                    ("£10 off this month's bill", True),
                ]
            ],
            "follow_up": [[("Engineer visit Thursday the 3rd, 1 to 5 PM", True)], []],
        },
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
