"""The tenth new labelled set of issue 12, written blind: by a helper who never opened the local
judge's rules or code (nothing under evaluations/judges/ or tests/judges/, not
bench/local_judge.py, not the README's sections on the local judge), labelled only by the rules
of ../shared/data/cc/README.md, and committed before any judge ran on it.

    .venv/bin/python bench/new_set_10.py     # writes bench/data/cc_new10.jsonl

Domains no earlier set used: an electrician's call-out, a chimney sweep, a bakery's celebration
order, an escape room, a golf club membership, children's swimming lessons, a council bulky-waste
collection, a picture-framing shop, a Spanish student residence, a French riding school, a German
dance school, an Italian motorcycle workshop, a Portuguese carpet-cleaning service and a Dutch
day-care centre. Eight conversations are in English; the others are in Spanish, French, German,
Italian, Portuguese and Dutch, with the transcript, the summary and the completeness facts in the
conversation's language. Sections mix the predefined ones (situation, action, resolution,
customer satisfaction, reason for cancellation, entities), free-text custom ones (custom actions,
follow-up, next steps, returned product) and categorical custom ones (call driver, contact
reason, escalated, refund given); one summary (new10-005) uses only predefined sections, and eight
carry an entities section.

Error classes planted, each in a wording written for this set: negation (a part the agent said
did not need replacing; a free trial the school no longer offers), a superseded value (a visit
time moved later at the customer's request), offered versus done (a paid delivery the customer
declined in favour of collecting), a value bound to the wrong noun (a non-refundable locker fee
given as the refund; a deposit given as the monthly rent), entity substitution (one coach for the
other; one day-care group for another), a wrong count (days a week), a relative date resolved
wrongly ("this Saturday", "fra due settimane"), wrong categorical values (customer satisfaction,
contact reason, escalated, resolution), an ignored style rule and descriptive text in a
categorical section (adherence), and omissions (completeness). Three summaries are clean
(new10-004, new10-009, new10-012). The summaries also hold hard correct points: paraphrases
sharing few words with the turns, an offer correctly reported as turned down, a revised value
correctly reported, relative dates resolved right in seven languages ("next Tuesday", "tomorrow",
"the day after", "this evening", "Thursday next week", "pasado mañana", "ce samedi", "demain",
"übermorgen", "domani", "amanhã", "daqui a dez dias", "overmorgen", "vandaag"), thousands
separators ("£1,250", "6.200 euros", "24.000 km", "1.140 euro"), times mid-sentence ("at 7:45 PM",
"à 10 h 30", "um 19:15 Uhr", "alle 8:30", "entre as 10h00 e as 13h00"), hyphenated numbers ("a
10-inch cake", "a 60-minute puzzle heist", "a ten-week term", "a twelve-month freeze"), numbers in
words ("six players", "seven-year-old", "neuf ans", "dix séances", "zehn Abende", "dois tapetes",
"van negen tot half elf") and names of people and products.

14 conversations, 134 accuracy points (15 inaccurate), 59 adherence questions, 147 completeness
facts.

Why one long module: most of it is data, the labelled conversations written out as literals; the
code around them is a few lines, and keeping each conversation beside its labels makes a label
easy to check against the turn it cites.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Importing set 4 adds the custom sections of cc_dev's kind to the definitions `conversation`
# reads (custom actions, returned product, call driver, follow-up, escalated).
from bench import new_set_4  # noqa: F401
from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new10.jsonl"

ROWS: list[dict] = []

# 1. Electrician: the agent said the consumer unit did not need replacing, the summary says it
# will be replaced (negation); "next Tuesday" resolved right to March 10.
ROWS.append(
    conversation(
        "new10-001",
        "voice",
        "scheduling",
        "2026-03-04T09:15:00Z",
        "Tobias",
        [
            ("agent", "Sparkline Electrical, Tobias speaking."),
            (
                "customer",
                "Hi, it's Gwen Marlowe. Our kitchen sockets keep tripping the power, three times since Sunday, mostly when the kettle and the toaster are on together.",
            ),
            (
                "agent",
                "That sounds like the RCD protecting that circuit. Is your fuse board the older type with wire fuses, or switches?",
            ),
            ("customer", "Switches. The house was rewired in 2019, I think."),
            (
                "agent",
                "Then there's no need to replace the consumer unit. Most likely it's one faulty appliance or a worn RCD. Our electrician will test the circuit and swap the RCD if it fails.",
            ),
            ("customer", "Okay. When could someone come?"),
            (
                "agent",
                "Next Tuesday, between 8 and 10 in the morning, with Rhys Okafor. The call-out is £65 and covers the first hour; an RCD, if needed, is £38 fitted.",
            ),
            ("customer", "Tuesday works. Will the power be off for long?"),
            (
                "agent",
                "Only about twenty minutes while he tests it. Your job number is SE-20417.",
            ),
            ("customer", "Great. Can you text me when he's on the way?"),
            ("agent", "Yes, he'll text you about half an hour before he arrives."),
            ("customer", "Brilliant, thank you."),
        ],
        {
            "situation": "Gwen Marlowe's kitchen sockets have cut the power three times since Sunday, usually when the kettle and toaster run at the same time. She wanted an electrician to look at it.",
            "custom_actions": "The agent booked electrician Rhys Okafor for Tuesday, March 10 between 8 and 10 AM. The job number is SE-20417. The consumer unit will be replaced during the visit. The call-out costs £65 for the first hour, and a new RCD would add £38 fitted.",
            "follow_up": "The representative said Rhys will text Gwen roughly thirty minutes before he arrives on March 10.",
            "call_driver": "Appointment",
            "entities": "customer_name: Gwen Marlowe\nelectrician: Rhys Okafor\njob_number: SE-20417\ncall_out_fee: £65\nrcd_price: £38",
        },
        [
            (
                "situation",
                "Gwen Marlowe's kitchen sockets have cut the power three times since Sunday, usually when the kettle and toaster run at the same time.",
                True,
                "Turn 1: 'tripping the power, three times since Sunday, mostly when the kettle and the toaster are on together'.",
            ),
            (
                "situation",
                "She wanted an electrician to look at it.",
                True,
                "Turn 5: 'When could someone come?'",
            ),
            (
                "custom_actions",
                "The agent booked electrician Rhys Okafor for Tuesday, March 10 between 8 and 10 AM.",
                True,
                "Next Tuesday of Wednesday March 4 is March 10; turn 6.",
            ),
            ("custom_actions", "The job number is SE-20417.", True, "Turn 8."),
            (
                "custom_actions",
                "The consumer unit will be replaced during the visit.",
                False,
                "Turn 4: 'there's no need to replace the consumer unit'; only the RCD may be swapped.",
            ),
            (
                "custom_actions",
                "The call-out costs £65 for the first hour, and a new RCD would add £38 fitted.",
                True,
                "Turn 6.",
            ),
            (
                "follow_up",
                "The representative said Rhys will text Gwen roughly thirty minutes before he arrives on March 10.",
                True,
                "Turn 10: 'about half an hour before he arrives'; the visit is March 10.",
            ),
            ("call_driver", "Call driver: Appointment", True, "An electrician's visit booked."),
            ("entities", "customer_name: Gwen Marlowe", True, "Turn 1."),
            ("entities", "electrician: Rhys Okafor", True, "Turn 6."),
            ("entities", "job_number: SE-20417", True, "Turn 8."),
            ("entities", "call_out_fee: £65", True, "Turn 6."),
            ("entities", "rcd_price: £38", True, "Turn 6: '£38 fitted'."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "situation": [
                [
                    ("Kitchen sockets tripped the power three times since Sunday", True),
                    ("It happens mostly when the kettle and toaster are on together", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Booked Rhys Okafor for next Tuesday, 8-10 AM", True),
                    (
                        "No need to replace the consumer unit; the circuit is tested and the RCD swapped if it fails",
                        False,
                    ),
                    ("Call-out £65 covering the first hour, RCD £38 fitted", True),
                    ("Power off only about twenty minutes during the test", False),
                ],
                [
                    ("Next Tuesday, March 10, 8-10 AM", True),
                    ("Tripping since Sunday, March 1", False),
                ],
                [("Job number SE-20417", True)],
                [],
            ],
            "follow_up": [
                [("Rhys texts about half an hour before arriving", True)],
                [],
            ],
            "entities": [
                [
                    ("Customer Gwen Marlowe", True),
                    ("Electrician Rhys Okafor", True),
                    ("Job number SE-20417", True),
                    ("Call-out £65, RCD £38 fitted", True),
                ]
            ],
        },
    )
)

# 2. Chimney sweep: the 8:00 slot moved to 11:15 at the customer's request, the summary keeps
# 8:00 (superseded); the follow-up says "agent" (style rule ignored); "the day after" right.
ROWS.append(
    conversation(
        "new10-002",
        "voice",
        "scheduling",
        "2026-10-07T16:40:00Z",
        "Hollis",
        [
            ("agent", "Ashgrove Chimney Care, Hollis here."),
            (
                "customer",
                "Hello, I'd like the chimney swept before we start using the wood burner. The name's Priscilla Vance, 14 Quarry Lane.",
            ),
            ("agent", "Of course. Just the one flue?"),
            (
                "customer",
                "Two, actually: the wood burner in the lounge and an open fire in the dining room.",
            ),
            ("agent", "Two flues is £110 together. I can do tomorrow at 8:00."),
            ("customer", "Eight is tough, that's the school run. Anything later?"),
            (
                "agent",
                "Let me see... yes, Dominik can come tomorrow at 11:15 instead. I'll put you down for that.",
            ),
            ("customer", "Lovely."),
            (
                "agent",
                "He'll also do a smoke test on both. You'll get the sweep certificate by email the day after the visit, which you'll need for your insurer.",
            ),
            ("customer", "Good. Do I need to do anything beforehand?"),
            (
                "agent",
                "Please let the fires go out the night before and clear about a metre around each hearth.",
            ),
            ("customer", "Will do. Thanks, Hollis."),
        ],
        {
            "situation": "Priscilla Vance, of 14 Quarry Lane, wanted both of her flues swept before using the wood burner. One serves a lounge wood burner and the other a dining-room open fire.",
            "action": "The agent booked sweep Dominik for tomorrow, October 8, at 8:00 AM. The price for the two flues is £110. Dominik will also smoke-test both flues. The agent asked her to let the fires go out the night before and to clear a metre around each hearth.",
            "follow_up": "The agent will email the sweep certificate on October 9, the day after the visit.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Priscilla Vance, of 14 Quarry Lane, wanted both of her flues swept before using the wood burner.",
                True,
                "Turns 1 and 3.",
            ),
            (
                "situation",
                "One serves a lounge wood burner and the other a dining-room open fire.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "The agent booked sweep Dominik for tomorrow, October 8, at 8:00 AM.",
                False,
                "The customer declined 8:00; the booking was moved to 11:15 (turn 6).",
            ),
            ("action", "The price for the two flues is £110.", True, "Turn 4."),
            ("action", "Dominik will also smoke-test both flues.", True, "Turn 8."),
            (
                "action",
                "The agent asked her to let the fires go out the night before and to clear a metre around each hearth.",
                True,
                "Turn 10.",
            ),
            (
                "follow_up",
                "The agent will email the sweep certificate on October 9, the day after the visit.",
                True,
                "Turn 8: by email the day after the October 8 visit.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "The sweep is booked."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Will do. Thanks, Hollis.'",
            ),
        ],
        {"follow_up": [True, False]},
        {
            "situation": [
                [
                    ("Wants the chimney swept before using the wood burner", True),
                    ("Two flues: lounge wood burner and dining-room open fire", True),
                    ("Priscilla Vance, 14 Quarry Lane", True),
                ]
            ],
            "action": [
                [
                    (
                        "Dominik booked for tomorrow (October 8) at 11:15 after 8:00 was declined",
                        False,
                    ),
                    ("Two flues for £110", True),
                    ("Smoke test on both flues", True),
                    (
                        "Let the fires go out the night before, clear a metre around each hearth",
                        True,
                    ),
                ]
            ],
            "follow_up": [
                [("Sweep certificate emailed the day after the visit, October 9", True)],
                [],
            ],
        },
    )
)

# 3. Bakery order: delivery offered for £7 but the customer collects (offered versus done);
# "two dozen" given as 24, the Saturday resolved right.
ROWS.append(
    conversation(
        "new10-003",
        "chat",
        "scheduling",
        "2026-05-19T11:05:00Z",
        "Noor",
        [
            (
                "customer",
                "Hi! I'd like to order a birthday cake for Saturday, plus some cupcakes. The order is for Delphine Osei.",
            ),
            ("agent", "Hi Delphine, Noor from Crumb & Kettle here. Happy to help. What size cake?"),
            (
                "customer",
                "The 10-inch lemon and elderflower, please, with 'Happy 40th, Marcus' on top.",
            ),
            ("agent", "Lovely choice. That's £48. And how many cupcakes?"),
            ("customer", "Two dozen salted caramel."),
            ("agent", "No problem, at £2.10 each that's £50.40 for the cupcakes."),
            ("customer", "Great."),
            (
                "agent",
                "We can deliver on Saturday morning for £7, or you can collect from the Mill Road shop from 9 AM.",
            ),
            ("customer", "I'll collect, it's on my way."),
            (
                "agent",
                "Perfect. Your order number is CK-3391, ready for collection on Saturday from 9 AM. The total is £98.40, and we take a £30 deposit now by card link.",
            ),
            ("customer", "Send the link, I'll pay straight away."),
            ("agent", "Sent. Anything else?"),
            ("customer", "No, that's it, thanks!"),
        ],
        {
            "custom_actions": "The agent took order CK-3391 for a 10-inch lemon and elderflower cake (£48) reading 'Happy 40th, Marcus'. It also has 24 salted caramel cupcakes at £2.10 each. The agent arranged delivery on Saturday, May 23 for £7. A £30 deposit link was sent for the £98.40 total.",
            "next_steps": "Delphine pays the £30 deposit through the card link straight away. The order will be ready on Saturday, May 23 from 9 AM.",
            "contact_reason": "Other",
            "entities": "customer_name: Delphine Osei\norder_number: CK-3391\ncake: 10-inch lemon and elderflower\ntotal: £98.40\ndeposit: £30",
        },
        [
            (
                "custom_actions",
                "The agent took order CK-3391 for a 10-inch lemon and elderflower cake (£48) reading 'Happy 40th, Marcus'.",
                True,
                "Turns 2, 3 and 9.",
            ),
            (
                "custom_actions",
                "It also has 24 salted caramel cupcakes at £2.10 each.",
                True,
                "Turn 4: 'Two dozen salted caramel'; turn 5: '£2.10 each'.",
            ),
            (
                "custom_actions",
                "The agent arranged delivery on Saturday, May 23 for £7.",
                False,
                "Delivery was only offered; the customer chose to collect (turn 8).",
            ),
            (
                "custom_actions",
                "A £30 deposit link was sent for the £98.40 total.",
                True,
                "Turns 9 and 11.",
            ),
            (
                "next_steps",
                "Delphine pays the £30 deposit through the card link straight away.",
                True,
                "Turn 10: 'I'll pay straight away.'",
            ),
            (
                "next_steps",
                "The order will be ready on Saturday, May 23 from 9 AM.",
                True,
                "The Saturday after Tuesday May 19 is May 23; turn 9.",
            ),
            ("contact_reason", "Contact reason: Other", True, "A bakery order."),
            ("entities", "customer_name: Delphine Osei", True, "Turn 0."),
            ("entities", "order_number: CK-3391", True, "Turn 9."),
            ("entities", "cake: 10-inch lemon and elderflower", True, "Turn 2."),
            ("entities", "total: £98.40", True, "Turn 9."),
            ("entities", "deposit: £30", True, "Turn 9."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "next_steps": [True, True],
            "contact_reason": [True],
        },
        {
            "custom_actions": [
                [
                    (
                        "Took the order for the 10-inch lemon and elderflower cake, 'Happy 40th, Marcus'",
                        True,
                    ),
                    ("Two dozen salted caramel cupcakes at £2.10 each", True),
                    ("Customer collects from the Mill Road shop instead of the £7 delivery", False),
                    ("Sent a card link for the £30 deposit", True),
                ],
                [("Saturday, May 23", True)],
                [("Order number CK-3391", True)],
                [],
            ],
            "next_steps": [
                [
                    ("Customer pays the £30 deposit through the card link", True),
                    ("Order ready on Saturday from 9 AM", True),
                    ("Collection from the Mill Road shop", False),
                ],
                [],
            ],
            "entities": [
                [
                    ("Customer Delphine Osei", True),
                    ("Order CK-3391", True),
                    ("Cake £48, cupcakes £2.10 each", False),
                    ("Total £98.40, deposit £30", True),
                ]
            ],
        },
    )
)

# 4. Escape room (clean): "this evening" resolved to April 22, "15 minutes early" paraphrased,
# "six players" in words.
ROWS.append(
    conversation(
        "new10-004",
        "chat",
        "scheduling",
        "2026-04-22T13:20:00Z",
        "Caspian",
        [
            ("customer", "Hey, any chance of a room for tonight? We're six people."),
            (
                "agent",
                "Hi, Caspian at Lockstep Escape Rooms. For six players tonight I have 'The Curator's Vault' at 7:45 PM or 'Signal Lost' at 9:30 PM.",
            ),
            ("customer", "The Vault at 7:45 please. Is it scary? One of us is 12."),
            (
                "agent",
                "Not scary at all, it's a puzzle heist, and players from 10 up are welcome with an adult. It's a 60-minute game.",
            ),
            ("customer", "Perfect. Price?"),
            (
                "agent",
                "For six it's £22 a head, so £132. Booking LX-60218 is under the name on the chat, Imogen Tate?",
            ),
            ("customer", "Yes, that's me."),
            (
                "agent",
                "Please arrive 15 minutes early for the briefing. Lockers are free, and we'll email the team photo after the game.",
            ),
            ("customer", "Amazing, see you this evening!"),
        ],
        {
            "situation": "Imogen Tate wanted an escape room slot the same evening for six people. She asked whether it was scary, as one player is twelve.",
            "action": "The agent booked 'The Curator's Vault' for this evening, April 22, at 7:45 PM. It is a 60-minute puzzle heist, open to players from 10 with an adult. Six players at £22 each make £132. The group should come a quarter of an hour early for the briefing. The team photo will be emailed after the game.",
            "entities": "customer_name: Imogen Tate\nbooking_reference: LX-60218\nroom: The Curator's Vault\nplayers: six\ntotal: £132",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Imogen Tate wanted an escape room slot the same evening for six people.",
                True,
                "Turn 0: 'a room for tonight? We're six people.'",
            ),
            (
                "situation",
                "She asked whether it was scary, as one player is twelve.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent booked 'The Curator's Vault' for this evening, April 22, at 7:45 PM.",
                True,
                "Turns 1-2; the call is on April 22.",
            ),
            (
                "action",
                "It is a 60-minute puzzle heist, open to players from 10 with an adult.",
                True,
                "Turn 3.",
            ),
            ("action", "Six players at £22 each make £132.", True, "Turn 5."),
            (
                "action",
                "The group should come a quarter of an hour early for the briefing.",
                True,
                "Turn 7: '15 minutes early'.",
            ),
            ("action", "The team photo will be emailed after the game.", True, "Turn 7."),
            ("entities", "customer_name: Imogen Tate", True, "Turns 5-6."),
            ("entities", "booking_reference: LX-60218", True, "Turn 5."),
            ("entities", "room: The Curator's Vault", True, "Turn 1."),
            ("entities", "players: six", True, "Turn 0."),
            ("entities", "total: £132", True, "Turn 5."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Booked for tonight."),
        ],
        {},
        {
            "situation": [
                [
                    ("A room wanted tonight for six people", True),
                    ("Asked whether it is scary; one player is 12", True),
                ]
            ],
            "action": [
                [
                    ("Booked The Curator's Vault at 7:45 PM tonight", True),
                    ("Not scary: a puzzle heist, 10+ with an adult, 60 minutes", True),
                    ("£22 a head, £132 for six", True),
                    ("Arrive 15 minutes early for the briefing", True),
                    ("Team photo emailed after the game", True),
                ]
            ],
            "entities": [
                [
                    ("Customer Imogen Tate", True),
                    ("Booking LX-60218", True),
                    ("Room The Curator's Vault", True),
                    ("Total £132", True),
                ]
            ],
        },
    )
)

# 5. Golf club cancellation (predefined sections only): the £40 locker fee given as the refund
# (wrong noun), a thankful close marked D; the declined freeze reported right, "£1,250".
ROWS.append(
    conversation(
        "new10-005",
        "voice",
        "retention",
        "2026-11-05T10:00:00Z",
        "Fenella",
        [
            ("agent", "Heronmere Golf Club membership office, Fenella speaking."),
            (
                "customer",
                "Morning. I'm calling to cancel my membership. Member number HG-7714, Alistair Brennan.",
            ),
            ("agent", "I'm sorry to hear that, Mr. Brennan. May I ask why?"),
            (
                "customer",
                "My knee. The surgeon says no golf for at least a year, so there's no point paying.",
            ),
            (
                "agent",
                "Understood. Your full membership is £1,250 a year, paid in January. We can refund December, the one unused month, which comes to £104.",
            ),
            ("customer", "And the locker?"),
            (
                "agent",
                "The locker rental is separate, £40 a year, and that one isn't refundable, I'm afraid.",
            ),
            ("customer", "Fair enough."),
            (
                "agent",
                "I could also freeze the membership for twelve months for £60 instead, so you keep your handicap and your place.",
            ),
            ("customer", "No, thanks, I'd rather cancel outright."),
            (
                "agent",
                "All right. The cancellation takes effect on November 30, and the £104 goes back to your card within ten working days. Please empty locker 52 by then.",
            ),
            ("customer", "Will do. Thanks for being so understanding."),
        ],
        {
            "reason_for_cancellation": "A knee problem: his surgeon has ruled out golf for at least a year, so paying makes no sense to him.",
            "action": "The agent cancelled membership HG-7714 with effect from November 30. The agent offered a twelve-month freeze for £60, which Alistair turned down. A £40 refund for the unused month will reach his card within ten working days. He was asked to empty locker 52 by November 30.",
            "entities": "member_name: Alistair Brennan\nmember_number: HG-7714\nannual_fee: £1,250\nlocker_fee: £40\nrefund: £104",
            "customer_satisfaction": "D",
        },
        [
            (
                "reason_for_cancellation",
                "A knee problem: his surgeon has ruled out golf for at least a year, so paying makes no sense to him.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "The agent cancelled membership HG-7714 with effect from November 30.",
                True,
                "Turn 10.",
            ),
            (
                "action",
                "The agent offered a twelve-month freeze for £60, which Alistair turned down.",
                True,
                "Turns 8-9.",
            ),
            (
                "action",
                "A £40 refund for the unused month will reach his card within ten working days.",
                False,
                "The refund is £104; £40 is the locker fee, which is not refunded (turns 4, 6, 10).",
            ),
            ("action", "He was asked to empty locker 52 by November 30.", True, "Turn 10."),
            ("entities", "member_name: Alistair Brennan", True, "Turn 1."),
            ("entities", "member_number: HG-7714", True, "Turn 1."),
            ("entities", "annual_fee: £1,250", True, "Turn 4."),
            ("entities", "locker_fee: £40", True, "Turn 6."),
            ("entities", "refund: £104", True, "Turn 4."),
            (
                "customer_satisfaction",
                "Customer satisfaction: D (dissatisfied)",
                False,
                "He ends with 'Thanks for being so understanding': neutral or positive.",
            ),
        ],
        {},
        {
            "reason_for_cancellation": [
                [("Knee: the surgeon says no golf for at least a year, so no point paying", True)]
            ],
            "action": [
                [
                    ("Cancellation effective November 30", True),
                    ("£104 for December back to the card within ten working days", False),
                    ("Locker fee of £40 is not refundable", False),
                    ("Offered a twelve-month freeze for £60; the customer declined", True),
                    ("Empty locker 52 by November 30", True),
                ]
            ],
            "entities": [
                [
                    ("Member Alistair Brennan, HG-7714", True),
                    ("Annual fee £1,250", True),
                    ("Refund £104", True),
                    ("Locker fee £40", True),
                ]
            ],
        },
    )
)

# 6. Swimming lessons: Coach Daniela given for Coach Tamsin's class (entity substitution),
# "this Saturday" resolved a week late in one section and right in the other.
ROWS.append(
    conversation(
        "new10-006",
        "voice",
        "scheduling",
        "2026-09-02T17:30:00Z",
        "Bronwen",
        [
            ("agent", "Tidewell Leisure Pool, Bronwen speaking, how can I help?"),
            (
                "customer",
                "Hi, I'd like to sign my son Ezra up for swimming lessons. He's seven and can't swim without armbands yet.",
            ),
            (
                "agent",
                "Lovely. He'd start in Stage 2, Splashers. We have Saturdays at 9:30 with Coach Tamsin or Wednesdays at 4:15 with Coach Daniela.",
            ),
            ("customer", "Saturdays suit us better."),
            (
                "agent",
                "Great. The term is ten weeks, £85 in total. The first lesson is this Saturday.",
            ),
            ("customer", "So soon, brilliant. What does he need?"),
            (
                "agent",
                "Swimming shorts and a cap, which we sell for £4, and goggles if he likes. No armbands needed, the coaches use floats.",
            ),
            ("customer", "Okay. Do parents stay?"),
            (
                "agent",
                "You can watch from the balcony. Coach Tamsin will do a short assessment in the first lesson and may move him up a stage.",
            ),
            ("customer", "Perfect. Can I pay now?"),
            (
                "agent",
                "Yes, I've taken the £85 on your card, and receipt TW-55087 is on its way by email.",
            ),
            ("customer", "Thanks very much."),
        ],
        {
            "situation": "The parent wanted to enrol seven-year-old Ezra in swimming lessons; he still needs armbands to swim.",
            "custom_actions": "The agent placed Ezra in Stage 2 (Splashers) on Saturdays at 9:30 with Coach Daniela. The ten-week term costs £85, which the agent took by card, receipt TW-55087. The first lesson is Saturday, September 12.",
            "next_steps": "Ezra brings swimming shorts and a cap, sold at the pool for £4; armbands are not needed. At the first lesson on September 5, Coach Tamsin assesses him and may move him up a stage.",
            "escalated": "No",
        },
        [
            (
                "situation",
                "The parent wanted to enrol seven-year-old Ezra in swimming lessons; he still needs armbands to swim.",
                True,
                "Turn 1.",
            ),
            (
                "custom_actions",
                "The agent placed Ezra in Stage 2 (Splashers) on Saturdays at 9:30 with Coach Daniela.",
                False,
                "The Saturday 9:30 class is Coach Tamsin's; Daniela teaches Wednesdays (turn 2).",
            ),
            (
                "custom_actions",
                "The ten-week term costs £85, which the agent took by card, receipt TW-55087.",
                True,
                "Turns 4 and 10.",
            ),
            (
                "custom_actions",
                "The first lesson is Saturday, September 12.",
                False,
                "'This Saturday' from Wednesday September 2 is September 5.",
            ),
            (
                "next_steps",
                "Ezra brings swimming shorts and a cap, sold at the pool for £4; armbands are not needed.",
                True,
                "Turn 6.",
            ),
            (
                "next_steps",
                "At the first lesson on September 5, Coach Tamsin assesses him and may move him up a stage.",
                True,
                "Turn 8; this Saturday is September 5.",
            ),
            ("escalated", "Escalated: No", True, "Nothing was passed on."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "next_steps": [True, True],
            "escalated": [True],
        },
        {
            "situation": [
                [
                    ("Wants swimming lessons for son Ezra, aged seven", True),
                    ("He cannot swim without armbands yet", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Placed Ezra in Stage 2 Splashers, Saturdays 9:30 with Coach Tamsin", False),
                    ("Took £85 for the ten-week term by card; receipt TW-55087 emailed", True),
                ],
                [("First lesson this Saturday, September 5", False)],
                [],
                [],
            ],
            "next_steps": [
                [
                    (
                        "Bring shorts and a cap (£4 at the pool), goggles optional, no armbands",
                        True,
                    ),
                    ("Coach Tamsin assesses him at the first lesson and may move him up", True),
                    ("Parents can watch from the balcony", False),
                ],
                [],
            ],
        },
    )
)

# 7. Bulky-waste collection: a booking filed under Billing (wrong categorical); the lowered
# charge reported right, "Thursday next week" resolved right.
ROWS.append(
    conversation(
        "new10-007",
        "chat",
        "scheduling",
        "2026-06-10T08:50:00Z",
        "Osman",
        [
            (
                "customer",
                "Hello, I need a bulky waste collection. A sofa, a fridge-freezer and an old mattress.",
            ),
            (
                "agent",
                "Good morning, Osman from Fernleigh Waste Services. I can help. What's the address?",
            ),
            ("customer", "Flat 3, 27 Orchard Row. The name is Keziah Lund."),
            (
                "agent",
                "Thanks. Up to three items is £36. The fridge-freezer goes to the appliance team as it contains gas, so that's a separate free collection.",
            ),
            ("customer", "Oh, good."),
            (
                "agent",
                "The sofa and mattress will be collected on Monday. The fridge-freezer collection is Thursday next week.",
            ),
            ("customer", "Do I have to be in?"),
            (
                "agent",
                "No, just leave the items by the bins by 7 AM on the day. Your reference is BW-40925 for the sofa and mattress and FG-1182 for the fridge.",
            ),
            ("customer", "Wait, if the fridge is separate, is it still £36 for two things?"),
            ("agent", "Good point, two items is £24. I've changed it, so you'll be charged £24."),
            ("customer", "Great, thanks."),
            ("agent", "I'll send both confirmations by email now."),
            ("customer", "Thanks Osman."),
        ],
        {
            "situation": "Keziah Lund, of Flat 3, 27 Orchard Row, asked for a sofa, a fridge-freezer and an old mattress to be taken away.",
            "custom_actions": "The agent booked the sofa and mattress for collection on Monday, June 15, reference BW-40925. The agent lowered the charge from £36 to £24 once the fridge-freezer was split off. The fridge-freezer goes to the appliance team for a free collection on Thursday, June 18, reference FG-1182. Items must be left by the bins by 7 AM; nobody needs to be home.",
            "follow_up": "The representative will email both confirmations today, June 10.",
            "contact_reason": "Billing",
        },
        [
            (
                "situation",
                "Keziah Lund, of Flat 3, 27 Orchard Row, asked for a sofa, a fridge-freezer and an old mattress to be taken away.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "custom_actions",
                "The agent booked the sofa and mattress for collection on Monday, June 15, reference BW-40925.",
                True,
                "Monday after Wednesday June 10 is June 15; turns 5 and 7.",
            ),
            (
                "custom_actions",
                "The agent lowered the charge from £36 to £24 once the fridge-freezer was split off.",
                True,
                "Turns 8-9.",
            ),
            (
                "custom_actions",
                "The fridge-freezer goes to the appliance team for a free collection on Thursday, June 18, reference FG-1182.",
                True,
                "Thursday next week is June 18; turns 3, 5 and 7.",
            ),
            (
                "custom_actions",
                "Items must be left by the bins by 7 AM; nobody needs to be home.",
                True,
                "Turn 7.",
            ),
            (
                "follow_up",
                "The representative will email both confirmations today, June 10.",
                True,
                "Turn 11: 'by email now'.",
            ),
            (
                "contact_reason",
                "Contact reason: Billing",
                False,
                "The customer booked a collection; the price change was incidental.",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "contact_reason": [True],
        },
        {
            "situation": [
                [
                    ("Bulky collection of a sofa, a fridge-freezer and a mattress", True),
                    ("Keziah Lund, Flat 3, 27 Orchard Row", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Sofa and mattress collected on Monday", True),
                    ("Fridge-freezer sent to the appliance team, a separate free collection", True),
                    ("Leave the items by the bins by 7 AM, no need to be in", True),
                ],
                [("Monday, June 15", True), ("Thursday next week, June 18", True)],
                [("Reference BW-40925", True), ("Reference FG-1182", True)],
                [("Charge changed from £36 to £24 for two items", True)],
            ],
            "follow_up": [[("Both confirmations emailed now", True)], []],
        },
    )
)

# 8. Spanish student residence: the 450-euro deposit given as the monthly rent (wrong noun);
# "pasado mañana" resolved right, "6.200 euros".
ROWS.append(
    conversation(
        "new10-008",
        "chat",
        "billing",
        "2026-07-01T10:30:00Z",
        "Lucía",
        [
            (
                "customer",
                "Hola, he reservado una habitación para el curso que viene y tengo dudas con los pagos. Soy Mateo Giralt.",
            ),
            (
                "agent",
                "Hola, Mateo, soy Lucía, de la Residencia Universitaria Los Almendros. Veo tu reserva RA-2207, habitación individual 214 con baño propio.",
            ),
            ("customer", "Esa es. ¿Cuánto tengo que pagar y cuándo?"),
            (
                "agent",
                "La fianza son 450 euros y se paga antes de entrar. La mensualidad es de 620 euros, de septiembre a junio, o sea, diez mensualidades.",
            ),
            ("customer", "¿Y cuándo pago cada cosa?"),
            (
                "agent",
                "La fianza tiene que estar pagada pasado mañana como muy tarde; si no, la reserva se libera. La primera mensualidad se cobra el 1 de septiembre.",
            ),
            ("customer", "Vale. ¿La limpieza está incluida?"),
            (
                "agent",
                "Sí, la limpieza semanal y el wifi están incluidos. El gimnasio no: son 15 euros al mes.",
            ),
            ("customer", "¿Puedo pagar la fianza con tarjeta?"),
            (
                "agent",
                "Sí, te acabo de enviar un enlace de pago al correo. En total, el curso completo te sale por 6.200 euros, más la fianza.",
            ),
            ("customer", "Perfecto, lo pago ahora. Gracias."),
        ],
        {
            "situation": "Mateo Giralt tenía dudas sobre cuánto y cuándo pagar la plaza que reservó en la residencia para el próximo curso.",
            "action": "La agente localizó la reserva RA-2207, habitación individual 214 con baño. Explicó que la mensualidad es de 450 euros durante diez meses, de septiembre a junio. La fianza debe pagarse como tarde el 3 de julio, y la primera mensualidad se cobra el 1 de septiembre. Le envió por correo un enlace para pagar con tarjeta.",
            "entities": "cliente: Mateo Giralt\nreserva: RA-2207\nhabitación: 214\nfianza: 450 euros\ncoste_del_curso: 6.200 euros",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Mateo Giralt tenía dudas sobre cuánto y cuándo pagar la plaza que reservó en la residencia para el próximo curso.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "action",
                "La agente localizó la reserva RA-2207, habitación individual 214 con baño.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "Explicó que la mensualidad es de 450 euros durante diez meses, de septiembre a junio.",
                False,
                "450 euros is the deposit; the monthly fee is 620 euros (turn 3).",
            ),
            (
                "action",
                "La fianza debe pagarse como tarde el 3 de julio, y la primera mensualidad se cobra el 1 de septiembre.",
                True,
                "Pasado mañana of July 1 is July 3; turn 5.",
            ),
            (
                "action",
                "Le envió por correo un enlace para pagar con tarjeta.",
                True,
                "Turn 9.",
            ),
            ("entities", "cliente: Mateo Giralt", True, "Turn 0."),
            ("entities", "reserva: RA-2207", True, "Turn 1."),
            ("entities", "habitación: 214", True, "Turn 1."),
            ("entities", "fianza: 450 euros", True, "Turn 3."),
            ("entities", "coste_del_curso: 6.200 euros", True, "Turn 9."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "All questions answered."),
        ],
        {},
        {
            "situation": [
                [
                    (
                        "Mateo Giralt tiene dudas sobre los pagos de la habitación reservada para el próximo curso",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("Reserva RA-2207, habitación individual 214 con baño propio", True),
                    ("Fianza de 450 euros y mensualidad de 620 euros, diez mensualidades", False),
                    ("Fianza como tarde pasado mañana (3 de julio) o se libera la reserva", True),
                    ("Primera mensualidad el 1 de septiembre", True),
                    ("Limpieza semanal y wifi incluidos; gimnasio 15 euros al mes", False),
                    ("Enlace de pago con tarjeta enviado al correo", True),
                ]
            ],
            "entities": [
                [
                    ("Mateo Giralt", True),
                    ("Reserva RA-2207", True),
                    ("Fianza de 450 euros", True),
                    ("Mensualidad de 620 euros", False),
                    ("Curso completo 6.200 euros", True),
                ]
            ],
        },
        language="es",
    )
)

# 9. French riding school (clean): "ce samedi" and "demain" resolved right, "neuf ans",
# "dix séances", a time mid-sentence.
ROWS.append(
    conversation(
        "new10-009",
        "voice",
        "scheduling",
        "2026-09-15T14:10:00Z",
        "Solène",
        [
            ("agent", "Écuries du Val Fleuri, Solène à l'appareil, bonjour."),
            (
                "customer",
                "Bonjour, je voudrais inscrire ma fille Apolline aux cours d'équitation. Elle a neuf ans et n'est jamais montée à cheval.",
            ),
            (
                "agent",
                "Avec plaisir. Pour les débutants de son âge, nous avons le groupe Poneys du samedi à 10 h 30, avec Bastien.",
            ),
            ("customer", "Le samedi, c'est parfait. Ça commence quand ?"),
            (
                "agent",
                "Le prochain cours a lieu ce samedi. Le forfait de dix séances coûte 240 euros, licence fédérale comprise.",
            ),
            ("customer", "D'accord. Il faut un équipement particulier ?"),
            (
                "agent",
                "Nous prêtons la bombe pour les premières séances. Prévoyez seulement un pantalon long et des bottes en caoutchouc.",
            ),
            ("customer", "Très bien. Je peux payer comment ?"),
            (
                "agent",
                "Je vous envoie demain un lien de paiement par SMS, et votre numéro d'inscription est EQ-3056.",
            ),
            ("customer", "Merci beaucoup, à samedi !"),
        ],
        {
            "situation": "La cliente voulait inscrire Apolline, neuf ans et débutante complète, à des cours d'équitation.",
            "custom_actions": "L'agente a inscrit Apolline dans le groupe Poneys, le samedi à 10 h 30 avec Bastien, sous le numéro EQ-3056. Le premier cours est le samedi 19 septembre. Les dix séances coûtent 240 euros, licence comprise. L'agente enverra un lien de paiement par SMS le 16 septembre.",
            "next_steps": "Le lien de paiement arrive par SMS le 16 septembre. Samedi 19 septembre, Apolline vient avec un pantalon long et des bottes en caoutchouc ; la bombe est prêtée.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "La cliente voulait inscrire Apolline, neuf ans et débutante complète, à des cours d'équitation.",
                True,
                "Turn 1: 'jamais montée à cheval'.",
            ),
            (
                "custom_actions",
                "L'agente a inscrit Apolline dans le groupe Poneys, le samedi à 10 h 30 avec Bastien, sous le numéro EQ-3056.",
                True,
                "Turns 2 and 8.",
            ),
            (
                "custom_actions",
                "Le premier cours est le samedi 19 septembre.",
                True,
                "'Ce samedi' from Tuesday September 15 is September 19.",
            ),
            (
                "custom_actions",
                "Les dix séances coûtent 240 euros, licence comprise.",
                True,
                "Turn 4.",
            ),
            (
                "custom_actions",
                "L'agente enverra un lien de paiement par SMS le 16 septembre.",
                True,
                "'Demain' of September 15; turn 8.",
            ),
            (
                "next_steps",
                "Le lien de paiement arrive par SMS le 16 septembre.",
                True,
                "Turn 8.",
            ),
            (
                "next_steps",
                "Samedi 19 septembre, Apolline vient avec un pantalon long et des bottes en caoutchouc ; la bombe est prêtée.",
                True,
                "Turn 6.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Enrolled."),
        ],
        {"custom_actions": [True, True, True, True], "next_steps": [True, True]},
        {
            "situation": [[("Inscrire sa fille Apolline, neuf ans, jamais montée à cheval", True)]],
            "custom_actions": [
                [
                    ("Inscription au groupe Poneys du samedi à 10 h 30 avec Bastien", True),
                    ("Forfait de dix séances à 240 euros, licence comprise", True),
                ],
                [
                    ("Ce samedi, 19 septembre", True),
                    ("Lien de paiement demain, 16 septembre", True),
                ],
                [("Numéro d'inscription EQ-3056", True)],
                [],
            ],
            "next_steps": [
                [
                    ("Lien de paiement par SMS demain, le 16 septembre", True),
                    ("Pantalon long et bottes en caoutchouc ; bombe prêtée", True),
                ],
                [],
            ],
        },
        language="fr",
    )
)

# 10. German dance school: a free trial lesson the school no longer offers, summarised as
# arranged (negation); descriptive text in the call driver; "übermorgen" resolved right.
ROWS.append(
    conversation(
        "new10-010",
        "voice",
        "scheduling",
        "2026-10-20T18:05:00Z",
        "Jannik",
        [
            ("agent", "Tanzschule Wellenschlag, Jannik am Apparat, guten Abend."),
            (
                "customer",
                "Guten Abend, Henrike Basler hier. Mein Mann und ich möchten Standardtanz lernen, für die Hochzeit meiner Schwester im Januar.",
            ),
            (
                "agent",
                "Schön! Dafür passt unser Grundkurs Standard, zehn Abende, immer donnerstags um 19:15 Uhr.",
            ),
            ("customer", "Kann man vorher eine kostenlose Probestunde machen?"),
            (
                "agent",
                "Die kostenlose Probestunde bieten wir seit diesem Herbst leider nicht mehr an. Sie können aber am ersten Abend mitmachen und noch am selben Abend kostenlos zurücktreten.",
            ),
            ("customer", "Das ist fair. Wann fängt der nächste Kurs an?"),
            (
                "agent",
                "Schon übermorgen. Der Kurs kostet 189 Euro pro Person, also 378 Euro für Sie beide.",
            ),
            ("customer", "Gut, dann melden Sie uns bitte an."),
            (
                "agent",
                "Erledigt. Ihre Buchungsnummer ist TW-8841. Bitte bringen Sie Schuhe mit glatter Sohle mit.",
            ),
            ("customer", "Machen wir. Vielen Dank!"),
        ],
        {
            "situation": "Henrike Basler und ihr Mann wollen vor der Hochzeit ihrer Schwester im Januar Standardtanz lernen.",
            "custom_actions": "Der Mitarbeiter meldete beide für den Grundkurs Standard an, zehn Abende donnerstags um 19:15 Uhr, Buchungsnummer TW-8841. Er vereinbarte vorab eine kostenlose Probestunde. Der Kurs beginnt am Donnerstag, dem 22. Oktober, und kostet 378 Euro für beide.",
            "call_driver": "Other - Anmeldung für einen Tanzkurs",
            "entities": "kundin: Henrike Basler\nkurs: Grundkurs Standard\nbuchungsnummer: TW-8841\npreis: 189 Euro pro Person",
        },
        [
            (
                "situation",
                "Henrike Basler und ihr Mann wollen vor der Hochzeit ihrer Schwester im Januar Standardtanz lernen.",
                True,
                "Turn 1.",
            ),
            (
                "custom_actions",
                "Der Mitarbeiter meldete beide für den Grundkurs Standard an, zehn Abende donnerstags um 19:15 Uhr, Buchungsnummer TW-8841.",
                True,
                "Turns 2 and 8.",
            ),
            (
                "custom_actions",
                "Er vereinbarte vorab eine kostenlose Probestunde.",
                False,
                "Turn 4: the free trial lesson is no longer offered.",
            ),
            (
                "custom_actions",
                "Der Kurs beginnt am Donnerstag, dem 22. Oktober, und kostet 378 Euro für beide.",
                True,
                "'Übermorgen' of Tuesday October 20 is Thursday October 22; turn 6.",
            ),
            (
                "call_driver",
                "Call driver: Other - Anmeldung für einen Tanzkurs",
                True,
                "A course enrolment is Other; the added text is an adherence matter.",
            ),
            ("entities", "kundin: Henrike Basler", True, "Turn 1."),
            ("entities", "kurs: Grundkurs Standard", True, "Turn 2."),
            ("entities", "buchungsnummer: TW-8841", True, "Turn 8."),
            ("entities", "preis: 189 Euro pro Person", True, "Turn 6."),
        ],
        {"custom_actions": [True, True, True, True], "call_driver": [False]},
        {
            "situation": [
                [
                    ("Henrike Basler und ihr Mann wollen Standardtanz lernen", True),
                    ("Anlass: Hochzeit der Schwester im Januar", True),
                ]
            ],
            "custom_actions": [
                [
                    (
                        "Anmeldung beider zum Grundkurs Standard, zehn Abende, donnerstags 19:15 Uhr",
                        True,
                    ),
                    (
                        "Keine kostenlose Probestunde mehr; Rücktritt am ersten Abend kostenlos",
                        False,
                    ),
                    ("Schuhe mit glatter Sohle mitbringen", False),
                ],
                [
                    ("Kursbeginn übermorgen, Donnerstag 22. Oktober", True),
                    ("Hochzeit im Januar", False),
                ],
                [("Buchungsnummer TW-8841", True)],
                [],
            ],
            "entities": [
                [
                    ("Henrike Basler", True),
                    ("Grundkurs Standard", True),
                    ("Buchungsnummer TW-8841", True),
                    ("189 Euro pro Person", True),
                ]
            ],
        },
        language="de",
    )
)

# 11. Italian motorcycle workshop: "fra due settimane" resolved a week early; escalated "Yes"
# with nothing escalated; "domani" and "sabato" right, "24.000".
ROWS.append(
    conversation(
        "new10-011",
        "voice",
        "scheduling",
        "2026-04-08T09:40:00Z",
        "Giada",
        [
            ("agent", "Officina Moto Fratelli Sarti, sono Giada, buongiorno."),
            (
                "customer",
                "Buongiorno, sono Lorenzo Pace. Ho una Ducati Scrambler 800 e devo fare il tagliando dei 24.000 chilometri.",
            ),
            (
                "agent",
                "Certo. Il tagliando dei 24.000 comprende olio, filtri e controllo valvole, e costa 380 euro.",
            ),
            ("customer", "Va bene. Già che c'è, la catena fa un po' di rumore."),
            (
                "agent",
                "Allora la controlliamo. Se va sostituito il kit catena sono altri 165 euro, ma la chiamiamo prima di fare il lavoro.",
            ),
            ("customer", "Perfetto. Quando posso portarla?"),
            (
                "agent",
                "Domani mattina alle 8:30. Per il controllo valvole ci vogliono due giorni di lavoro, quindi la riconsegna è sabato pomeriggio.",
            ),
            ("customer", "Va benissimo."),
            (
                "agent",
                "Il suo numero di lavoro è OS-1973. Ah, vedo che la revisione le scade fra due settimane: vuole che la prenotiamo da noi?",
            ),
            ("customer", "Sì, grazie, prenotatela."),
            (
                "agent",
                "Fatto, la revisione è prenotata per quel giorno alle 15:00 e costa 79 euro.",
            ),
            ("customer", "Grazie mille, a domani."),
        ],
        {
            "custom_actions": "L'agente ha fissato il tagliando dei 24.000 km della Ducati Scrambler 800 per domani, 9 aprile, alle 8:30, lavoro OS-1973, al costo di 380 euro. La moto sarà riconsegnata sabato 11 aprile nel pomeriggio. Ha prenotato anche la revisione per il 15 aprile alle 15:00, a 79 euro.",
            "follow_up": "Il rappresentante chiamerà il cliente prima di sostituire il kit catena, che costa altri 165 euro.",
            "escalated": "Yes",
            "resolution": "Y",
        },
        [
            (
                "custom_actions",
                "L'agente ha fissato il tagliando dei 24.000 km della Ducati Scrambler 800 per domani, 9 aprile, alle 8:30, lavoro OS-1973, al costo di 380 euro.",
                True,
                "'Domani' of April 8; turns 1, 2, 6 and 8.",
            ),
            (
                "custom_actions",
                "La moto sarà riconsegnata sabato 11 aprile nel pomeriggio.",
                True,
                "Turn 6; the Saturday after April 8 is April 11.",
            ),
            (
                "custom_actions",
                "Ha prenotato anche la revisione per il 15 aprile alle 15:00, a 79 euro.",
                False,
                "'Fra due settimane' from April 8 is April 22, not April 15.",
            ),
            (
                "follow_up",
                "Il rappresentante chiamerà il cliente prima di sostituire il kit catena, che costa altri 165 euro.",
                True,
                "Turn 4.",
            ),
            ("escalated", "Escalated: Yes", False, "Nothing was passed to anyone else."),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Service and inspection booked.",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "escalated": [True],
        },
        {
            "custom_actions": [
                [
                    (
                        "Tagliando dei 24.000 km della Ducati Scrambler 800 domani alle 8:30, 380 euro",
                        True,
                    ),
                    ("Controllo della catena che fa rumore", False),
                    (
                        "Revisione prenotata fra due settimane, 22 aprile, alle 15:00, 79 euro",
                        False,
                    ),
                ],
                [
                    ("Domani, 9 aprile, alle 8:30", True),
                    ("Riconsegna sabato 11 aprile nel pomeriggio", True),
                    ("Revisione il 22 aprile", False),
                ],
                [("Numero di lavoro OS-1973", True)],
                [],
            ],
            "follow_up": [[("Chiamata prima di sostituire il kit catena (165 euro)", True)], []],
        },
        language="it",
    )
)

# 12. Portuguese carpet cleaning (clean): "amanhã" and "daqui a dez dias" resolved right,
# "155,52 euros", a time range mid-sentence, "dois tapetes".
ROWS.append(
    conversation(
        "new10-012",
        "chat",
        "scheduling",
        "2026-05-06T15:00:00Z",
        "Inês",
        [
            (
                "customer",
                "Boa tarde, queria mandar limpar dois tapetes de lã. Um tem uma mancha de vinho tinto.",
            ),
            ("agent", "Boa tarde, fala a Inês da TapeteNovo. Quais são as medidas?"),
            ("customer", "Um tem 2 por 3 metros e o outro 1,60 por 2,30."),
            (
                "agent",
                "Então são 9,68 metros quadrados no total. A lavagem de lã custa 14 euros por metro quadrado e o tratamento da mancha são mais 20 euros. Fica em 155,52 euros.",
            ),
            ("customer", "Ok. Vêm buscar?"),
            (
                "agent",
                "Sim, a recolha é gratuita. Podemos passar amanhã entre as 10h00 e as 13h00.",
            ),
            ("customer", "Amanhã está ótimo. Quanto tempo demora?"),
            (
                "agent",
                "A secagem da lã leva tempo: entregamos daqui a dez dias, no sábado, dia 16.",
            ),
            (
                "customer",
                "Perfeito. A morada é Rua das Amoreiras 48, 2.º esquerdo, em nome de Beatriz Carvalho.",
            ),
            (
                "agent",
                "Registado. O número do serviço é TN-7420. Enviamos uma mensagem quando o estafeta estiver a caminho.",
            ),
            ("customer", "Obrigada!"),
        ],
        {
            "situation": "Beatriz Carvalho queria limpar dois tapetes de lã, um deles com uma mancha de vinho tinto.",
            "action": "A agente calculou 9,68 m² a 14 euros por metro quadrado, mais 20 euros pela mancha, num total de 155,52 euros. Marcou a recolha gratuita para amanhã, 7 de maio, entre as 10h00 e as 13h00, na Rua das Amoreiras 48, 2.º esquerdo.",
            "next_steps": "Os tapetes são entregues no sábado, 16 de maio. No dia da recolha, a cliente recebe uma mensagem quando o estafeta estiver a caminho.",
            "entities": "cliente: Beatriz Carvalho\nnúmero_de_serviço: TN-7420\nmorada: Rua das Amoreiras 48, 2.º esquerdo\ntotal: 155,52 euros",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Beatriz Carvalho queria limpar dois tapetes de lã, um deles com uma mancha de vinho tinto.",
                True,
                "Turns 0 and 8.",
            ),
            (
                "action",
                "A agente calculou 9,68 m² a 14 euros por metro quadrado, mais 20 euros pela mancha, num total de 155,52 euros.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "Marcou a recolha gratuita para amanhã, 7 de maio, entre as 10h00 e as 13h00, na Rua das Amoreiras 48, 2.º esquerdo.",
                True,
                "'Amanhã' of May 6; turns 5 and 8.",
            ),
            (
                "next_steps",
                "Os tapetes são entregues no sábado, 16 de maio.",
                True,
                "'Daqui a dez dias' from May 6 is Saturday May 16; turn 7.",
            ),
            (
                "next_steps",
                "No dia da recolha, a cliente recebe uma mensagem quando o estafeta estiver a caminho.",
                True,
                "Turn 9.",
            ),
            ("entities", "cliente: Beatriz Carvalho", True, "Turn 8."),
            ("entities", "número_de_serviço: TN-7420", True, "Turn 9."),
            ("entities", "morada: Rua das Amoreiras 48, 2.º esquerdo", True, "Turn 8."),
            ("entities", "total: 155,52 euros", True, "Turn 3."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Collection booked."),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [("Dois tapetes de lã para limpar", True), ("Um com mancha de vinho tinto", True)]
            ],
            "action": [
                [
                    ("9,68 m² a 14 euros/m² mais 20 euros da mancha: 155,52 euros", True),
                    ("Recolha gratuita amanhã, 7 de maio, entre as 10h00 e as 13h00", True),
                    ("Morada: Rua das Amoreiras 48, 2.º esquerdo", True),
                ]
            ],
            "next_steps": [
                [
                    ("Entrega daqui a dez dias, sábado 16 de maio", True),
                    ("Mensagem quando o estafeta estiver a caminho", True),
                ],
                [],
            ],
            "entities": [
                [
                    ("Beatriz Carvalho", True),
                    ("Serviço TN-7420", True),
                    ("Total de 155,52 euros", True),
                ]
            ],
        },
        language="pt",
    )
)

# 13. Dutch day-care: three days where two were agreed (wrong count), the Vlinders group for
# the Egeltjes (entity substitution); "overmorgen" and "1.140" right.
ROWS.append(
    conversation(
        "new10-013",
        "voice",
        "scheduling",
        "2026-03-17T12:15:00Z",
        "Femke",
        [
            ("agent", "Kinderdagverblijf De Boomhut, met Femke."),
            (
                "customer",
                "Hallo, met Sanne Verhoef. Mijn dochter Lotte komt in april bij jullie, maar ik wil het aantal dagen aanpassen.",
            ),
            (
                "agent",
                "Natuurlijk. Ik zie Lotte staan voor drie dagen, maandag, dinsdag en donderdag, in groep Egeltjes.",
            ),
            (
                "customer",
                "Ja, maar ik ga minder werken, dus het worden twee dagen: maandag en donderdag.",
            ),
            (
                "agent",
                "Dat kan. Dan wordt het contract twee dagen per week, en de maandelijkse kosten gaan van 1.140 naar 760 euro.",
            ),
            ("customer", "Fijn. Blijft ze in dezelfde groep?"),
            (
                "agent",
                "Ja, ze blijft bij de Egeltjes, bij pedagogisch medewerker Youssef. De Vlinders zijn de groep voor de oudere peuters.",
            ),
            ("customer", "Mooi. En het wenmoment?"),
            (
                "agent",
                "Dat stond op vrijdag, maar Youssef is dan op cursus. We verplaatsen het naar overmorgen, van negen tot half elf.",
            ),
            ("customer", "Overmorgen kan ik. Krijg ik een nieuw contract?"),
            (
                "agent",
                "Ja, ik mail het aangepaste contract vandaag nog. De eerste opvangdag wordt donderdag 2 april.",
            ),
            ("customer", "Prima, dank je wel."),
        ],
        {
            "situation": "Sanne Verhoef wilde minder opvangdagen voor haar dochter Lotte, die in april begint, omdat ze zelf minder gaat werken.",
            "custom_actions": "De medewerker wijzigde het contract naar drie dagen per week, maandag en donderdag. De maandkosten dalen van 1.140 naar 760 euro. Lotte blijft in groep Vlinders bij Youssef. Het wenmoment is verplaatst naar overmorgen, donderdag 19 maart, van negen tot half elf. De eerste opvangdag is donderdag 2 april.",
            "follow_up": "De vertegenwoordiger mailt vandaag, 17 maart, het aangepaste contract.",
            "entities": "ouder: Sanne Verhoef\nkind: Lotte\ngroep: Egeltjes\nmaandbedrag: 760 euro",
        },
        [
            (
                "situation",
                "Sanne Verhoef wilde minder opvangdagen voor haar dochter Lotte, die in april begint, omdat ze zelf minder gaat werken.",
                True,
                "Turns 1 and 3.",
            ),
            (
                "custom_actions",
                "De medewerker wijzigde het contract naar drie dagen per week, maandag en donderdag.",
                False,
                "The contract went from three days to two (turns 3-4).",
            ),
            (
                "custom_actions",
                "De maandkosten dalen van 1.140 naar 760 euro.",
                True,
                "Turn 4.",
            ),
            (
                "custom_actions",
                "Lotte blijft in groep Vlinders bij Youssef.",
                False,
                "She stays with the Egeltjes; the Vlinders are the older toddlers' group (turn 6).",
            ),
            (
                "custom_actions",
                "Het wenmoment is verplaatst naar overmorgen, donderdag 19 maart, van negen tot half elf.",
                True,
                "'Overmorgen' of Tuesday March 17 is Thursday March 19; turn 8.",
            ),
            ("custom_actions", "De eerste opvangdag is donderdag 2 april.", True, "Turn 10."),
            (
                "follow_up",
                "De vertegenwoordiger mailt vandaag, 17 maart, het aangepaste contract.",
                True,
                "Turn 10: 'vandaag nog'.",
            ),
            ("entities", "ouder: Sanne Verhoef", True, "Turn 1."),
            ("entities", "kind: Lotte", True, "Turn 1."),
            ("entities", "groep: Egeltjes", True, "Turns 2 and 6."),
            ("entities", "maandbedrag: 760 euro", True, "Turn 4."),
        ],
        {"custom_actions": [True, True, True, True], "follow_up": [True, True]},
        {
            "situation": [
                [
                    ("Sanne Verhoef wil minder opvangdagen voor dochter Lotte", True),
                    ("Reden: ze gaat minder werken", True),
                    ("Lotte begint in april", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Contract aangepast naar twee dagen: maandag en donderdag", False),
                    ("Lotte blijft bij de Egeltjes, bij Youssef", False),
                    ("Wenmoment verplaatst naar overmorgen, van negen tot half elf", True),
                ],
                [
                    ("Overmorgen, donderdag 19 maart", True),
                    ("Eerste opvangdag donderdag 2 april", True),
                    ("Wenmoment stond eerst op vrijdag 20 maart", False),
                ],
                [],
                [
                    ("Maandkosten van 1.140 naar 760 euro", True),
                    ("Van drie naar twee dagen per week", False),
                ],
            ],
            "follow_up": [[("Aangepast contract vandaag per mail", True)], []],
            "entities": [
                [
                    ("Sanne Verhoef", True),
                    ("Lotte", True),
                    ("Groep Egeltjes", True),
                    ("Maandbedrag 760 euro", True),
                ]
            ],
        },
        language="nl",
    )
)

# 14. Picture framing: resolution P when everything was settled (wrong categorical); the refund
# offered and declined and the revised delivery day both reported right.
ROWS.append(
    conversation(
        "new10-014",
        "chat",
        "returns",
        "2026-02-24T10:10:00Z",
        "Rory",
        [
            (
                "customer",
                "Hi, my framed print arrived this morning and the glass is cracked right across the corner. Order GG-50316.",
            ),
            ("agent", "Oh no, I'm sorry. Rory here at Gilt & Grain. Which piece is it?"),
            ("customer", "The 'Low Tide at Harlech' print in the Ashby oak frame, 50 by 70."),
            ("agent", "Thanks. Could you send a photo of the damage and of the box?"),
            ("customer", "Just uploaded both."),
            (
                "agent",
                "Got them, that's clearly courier damage. I can send a replacement or refund the £145 in full.",
            ),
            ("customer", "I'd rather have a replacement, it's a gift."),
            (
                "agent",
                "Of course. I've ordered a new one to be made; it ships on Friday and arrives by the following Tuesday. The courier will collect the damaged one when they deliver, so keep the box.",
            ),
            ("customer", "It's for my dad's birthday on Monday though..."),
            (
                "agent",
                "I've upgraded it to next-day delivery free of charge, so as it ships Friday it arrives Saturday.",
            ),
            ("customer", "Perfect, that saves me. Thank you!"),
        ],
        {
            "returned_product": "The 'Low Tide at Harlech' print in the Ashby oak frame, 50 x 70, order GG-50316. The glass arrived cracked across one corner after courier damage.",
            "action": "The agent checked the customer's photos and ordered a replacement to be made instead of a £145 refund. The replacement ships on Friday, February 27, upgraded free to next-day delivery, so it arrives on Saturday, February 28. The courier collects the damaged print on delivery.",
            "refund_given": "No",
            "resolution": "P",
        },
        [
            (
                "returned_product",
                "The 'Low Tide at Harlech' print in the Ashby oak frame, 50 x 70, order GG-50316.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "returned_product",
                "The glass arrived cracked across one corner after courier damage.",
                True,
                "Turns 0 and 5.",
            ),
            (
                "action",
                "The agent checked the customer's photos and ordered a replacement to be made instead of a £145 refund.",
                True,
                "Turns 5-7: the refund was offered, the customer chose a replacement.",
            ),
            (
                "action",
                "The replacement ships on Friday, February 27, upgraded free to next-day delivery, so it arrives on Saturday, February 28.",
                True,
                "Friday after Tuesday February 24 is February 27; turn 9 replaced the Tuesday delivery.",
            ),
            (
                "action",
                "The courier collects the damaged print on delivery.",
                True,
                "Turn 7.",
            ),
            ("refund_given", "Refund given: No", True, "The customer chose a replacement."),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                False,
                "The replacement arrives before the birthday and the customer is satisfied: Y.",
            ),
        ],
        {"returned_product": [True, True], "refund_given": [True]},
        {
            "returned_product": [
                [("'Low Tide at Harlech' print, Ashby oak frame, 50 by 70", True)],
                [("Glass cracked across the corner in transit", True)],
            ],
            "action": [
                [
                    ("Reviewed the photos of the damage and the box; courier damage", True),
                    ("Replacement made instead of the offered £145 refund", True),
                    ("Ships Friday; free upgrade to next-day delivery, arrives Saturday", True),
                    ("Courier collects the damaged one on delivery", True),
                ]
            ],
        },
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
