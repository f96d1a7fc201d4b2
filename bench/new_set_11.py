"""The eleventh new labelled set of issue 12, written blind: by a helper who never opened the local
judge's rules or code (nothing under evaluations/judges/ or tests/judges/, not
bench/local_judge.py, not the README's sections on the local judge), labelled only by the rules
of ../shared/data/cc/README.md, and committed before any judge ran on it.

    .venv/bin/python bench/new_set_11.py     # writes bench/data/cc_new11.jsonl

Domains no earlier set used: a sailing-boat marina, a wedding photographer, a hot-air balloon
operator, a bouncy-castle hire firm, a recording studio, a cookery school, a septic-tank emptying
service, a trampoline park, a Spanish padel club, a French pottery studio, a German thermal spa,
an Italian dog-training school, a Portuguese bottled-gas delivery service and a Dutch sailing
school. Eight conversations are in English; the others are in Spanish, French, German, Italian,
Portuguese and Dutch, with the transcript, the summary and the completeness facts in the
conversation's language. Sections mix the predefined ones (situation, action, resolution,
customer satisfaction, reason for cancellation, entities), free-text custom ones (custom actions,
follow-up, next steps, product issue) and categorical custom ones (call driver, contact reason,
escalated, refund given); two summaries (new11-002, new11-008) use only predefined sections, and
seven carry an entities section.

Error classes planted, each in a wording written for this set: negation (aerial shots a venue
does not allow; a refund the spa's terms rule out), a superseded value (a berth swapped for a
longer one; a duo price corrected a turn later), offered versus done (a move to another class
the customer turned down), a value bound to the wrong noun (the alarm-test price given as the
hose extension's), entity substitution (one studio engineer for the other; one dog trainer for
the other), a wrong count (two children for three; a four-day course for a five-day one), a
relative date resolved wrongly ("the day after tomorrow", "dopodomani"), wrong categorical values
(resolution twice, refund given), an ignored style rule, descriptive text in a categorical
section and an order number left out (adherence), and omissions (completeness). Three summaries
are clean (new11-004, new11-009, new11-013). The summaries also hold hard correct points:
paraphrases sharing few words with the turns, offers correctly reported as turned down (an
engagement shoot, a ball pit, an alarm test, a membership pause, racket hire, a pool-only card, a
gas regulator), revised values correctly reported (a set-up time, a court time, a bottle count),
relative dates resolved right in seven languages ("this coming Friday", "this Sunday", "this
Saturday", "tomorrow evening", "this evening", "next month", "este viernes", "ce mercredi", "ce
soir", "ab morgen", "heute", "domani sera", "depois de amanhã", "over twee weken"), thousands
separators ("£2,860", "£1,480", "4,500 litres", "1.250 pontos"), times mid-sentence ("at 11:30",
"at 5:10 AM", "a las 20:30", "de 18 h 30 à 21 h", "alle 9:00", "entre as 14h00 e as 18h00"),
hyphenated numbers ("a 9.4-metre yacht", "the 12-by-15-foot castle", "10-hour days", "the
30-metre hose"), numbers in words ("thirty-five metres", "centosessanta euro", "venti minuti",
"quatre séances", "tien procent", "half tien tot vier uur") and names of people and products.

14 conversations, 149 accuracy points (15 inaccurate), 68 adherence questions, 178 completeness
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

OUT = Path(__file__).resolve().parent / "data" / "cc_new11.jsonl"

ROWS: list[dict] = []

# 1. Marina: berth C14 was swapped for D7 because the yacht is too long, the summary keeps C14
# (superseded); "this coming Friday" resolved right to May 1, "£2,860", "a 9.4-metre yacht".
ROWS.append(
    conversation(
        "new11-001",
        "voice",
        "scheduling",
        "2026-04-28T14:20:00Z",
        "Ottilie",
        [
            ("agent", "Saltmarsh Quay Marina, Ottilie speaking, good afternoon."),
            (
                "customer",
                "Hello, Rupert Ashdown here. I keep my yacht, the Kestrel Wind, on a trailer over winter, and I'm after a berth for the summer season.",
            ),
            ("agent", "Lovely. How long is she, and what does she draw?"),
            ("customer", "She's 9.4 metres overall and draws about 1.6."),
            (
                "agent",
                "Right. The season runs from May to the end of September. I can offer you pontoon berth C14 at £2,860 for the season, or a swing mooring in the river for £1,150, though you'd need a tender to get out to it.",
            ),
            (
                "customer",
                "The pontoon, please. I'm getting too old for rowing out in the dark.",
            ),
            (
                "agent",
                "Fair enough. Oh, hang on, C14 tops out at nine metres, so you'd overhang. D7 takes boats up to eleven metres for the same price, so I'll put you on D7.",
            ),
            ("customer", "D7 it is. When can I bring her round?"),
            (
                "agent",
                "I'll book the crane for this coming Friday at 11:30 for the lift-in; that's an extra £95.",
            ),
            ("customer", "Friday's fine. Do I pay everything now?"),
            (
                "agent",
                "Just the £500 deposit today; the balance of £2,360 is due by May 15. I've taken the deposit, and your booking reference is SQ-26-0418.",
            ),
            ("customer", "And is there electricity on the pontoon?"),
            (
                "agent",
                "Shore power is metered, so you top up a card at the office. I'll email you the berth agreement and the marina rules this afternoon.",
            ),
            ("customer", "Smashing, thanks Ottilie."),
        ],
        {
            "situation": "Rupert Ashdown wanted a berth for the summer season for his 9.4-metre yacht, the Kestrel Wind, which spends the winter on a trailer.",
            "custom_actions": "The season runs from May to the end of September. The agent allocated pontoon berth C14 for it at £2,860, rather than the cheaper £1,150 swing mooring. The crane lift-in is booked for this coming Friday, May 1, at 11:30, at an extra £95. A £500 deposit was taken, leaving £2,360 payable by May 15. The booking reference is SQ-26-0418.",
            "follow_up": "The representative will email the berth agreement and the marina rules this afternoon, April 28.",
            "call_driver": "Other",
            "entities": "customer_name: Rupert Ashdown\nboat: Kestrel Wind\nbooking_reference: SQ-26-0418\nseason_fee: £2,860\ndeposit: £500",
        },
        [
            (
                "situation",
                "Rupert Ashdown wanted a berth for the summer season for his 9.4-metre yacht, the Kestrel Wind, which spends the winter on a trailer.",
                True,
                "Turns 1 and 3: 'on a trailer over winter', '9.4 metres overall'.",
            ),
            (
                "custom_actions",
                "The season runs from May to the end of September.",
                True,
                "Turn 4.",
            ),
            (
                "custom_actions",
                "The agent allocated pontoon berth C14 for it at £2,860, rather than the cheaper £1,150 swing mooring.",
                False,
                "C14 is too short (nine metres); the agent put the yacht on D7 instead (turn 6).",
            ),
            (
                "custom_actions",
                "The crane lift-in is booked for this coming Friday, May 1, at 11:30, at an extra £95.",
                True,
                "This coming Friday from Tuesday April 28 is May 1; turns 8-9.",
            ),
            (
                "custom_actions",
                "A £500 deposit was taken, leaving £2,360 payable by May 15.",
                True,
                "Turn 10.",
            ),
            ("custom_actions", "The booking reference is SQ-26-0418.", True, "Turn 10."),
            (
                "follow_up",
                "The representative will email the berth agreement and the marina rules this afternoon, April 28.",
                True,
                "Turn 12; the call is on April 28.",
            ),
            ("call_driver", "Call driver: Other", True, "Renting a berth is none of the others."),
            ("entities", "customer_name: Rupert Ashdown", True, "Turn 1."),
            ("entities", "boat: Kestrel Wind", True, "Turn 1."),
            ("entities", "booking_reference: SQ-26-0418", True, "Turn 10."),
            ("entities", "season_fee: £2,860", True, "Turns 4 and 6: same price for D7."),
            ("entities", "deposit: £500", True, "Turn 10."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "situation": [
                [
                    ("Wants a berth for the summer season", True),
                    ("Yacht Kestrel Wind, 9.4 metres, kept on a trailer over winter", True),
                    ("Draws about 1.6 metres", False),
                ]
            ],
            "custom_actions": [
                [
                    ("Put on pontoon berth D7 at £2,860 because C14 was too short", False),
                    ("Crane booked for the lift-in this coming Friday at 11:30, £95 extra", True),
                    ("£500 deposit taken today", True),
                    ("Shore power is metered, topped up by card at the office", False),
                ],
                [
                    ("Season from May to the end of September", True),
                    ("Lift-in this coming Friday, May 1", True),
                    ("Balance of £2,360 due by May 15", True),
                ],
                [("Booking reference SQ-26-0418", True)],
                [("Berth changed from C14 to D7, which takes up to eleven metres", False)],
            ],
            "follow_up": [
                [("Berth agreement and marina rules emailed this afternoon", True)],
                [],
            ],
            "entities": [
                [
                    ("Customer Rupert Ashdown", True),
                    ("Boat Kestrel Wind", True),
                    ("Booking reference SQ-26-0418", True),
                    ("Season fee £2,860", True),
                    ("Deposit £500", True),
                    ("Berth D7", False),
                ]
            ],
        },
    )
)

# 2. Wedding photographer (predefined sections only): the venue does not allow drones, the
# summary says aerial shots are included (negation); the declined engagement shoot told right.
ROWS.append(
    conversation(
        "new11-002",
        "chat",
        "scheduling",
        "2026-02-10T19:05:00Z",
        "Cormac",
        [
            (
                "customer",
                "Hi, we loved your portfolio! I'm Harriet Quayle, getting married on 12 September at Ravensholt Barn, and we'd like to book you.",
            ),
            (
                "agent",
                "Congratulations, Harriet! Cormac here from Lumen & Lace Photography. 12 September is still free. Which package were you thinking of?",
            ),
            ("customer", "The Golden Hour one, 8 hours. Can we add a second photographer?"),
            ("agent", "Yes, a second shooter is £300 on top of the £1,950, so £2,250 altogether."),
            ("customer", "Great. Could you also do some drone shots of the barn?"),
            (
                "agent",
                "Unfortunately Ravensholt doesn't permit drones anywhere on the estate, so aerial shots are off the table there.",
            ),
            ("customer", "Ah, shame. Never mind."),
            (
                "agent",
                "We also do a pre-wedding engagement shoot for £180, if you'd like one.",
            ),
            ("customer", "We'll skip that, thanks, we're camera-shy enough as it is!"),
            (
                "agent",
                "Understood! To hold the date we need a 25% retainer, which is £562.50. I've sent the contract and the invoice to your email under booking LL-2609.",
            ),
            ("customer", "Paid just now."),
            (
                "agent",
                "Received, thank you. You'll get a planning questionnaire six weeks before the day, and we'll have a call the week before to go over the timings.",
            ),
            ("customer", "Perfect, thank you so much!"),
        ],
        {
            "situation": "Harriet Quayle wanted to book a photographer for her wedding at Ravensholt Barn on 12 September.",
            "action": "The agent confirmed that 12 September was free and booked the 8-hour Golden Hour package with a second photographer, £2,250 in all, under booking LL-2609. The agent confirmed that aerial drone shots of the barn would be included. An engagement shoot was suggested for £180, but the couple passed on it. The £562.50 retainer, a quarter of the total, was paid during the chat to secure the date. A planning questionnaire will follow six weeks before the wedding, with a call in the final week to run through the timings.",
            "entities": "client_name: Harriet Quayle\nvenue: Ravensholt Barn\nbooking_reference: LL-2609\npackage: Golden Hour, 8 hours\ntotal: £2,250\nretainer: £562.50",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Harriet Quayle wanted to book a photographer for her wedding at Ravensholt Barn on 12 September.",
                True,
                "Turn 0.",
            ),
            (
                "action",
                "The agent confirmed that 12 September was free and booked the 8-hour Golden Hour package with a second photographer, £2,250 in all, under booking LL-2609.",
                True,
                "Turns 1-3 and 9.",
            ),
            (
                "action",
                "The agent confirmed that aerial drone shots of the barn would be included.",
                False,
                "Turn 5: the venue does not permit drones, so aerial shots are not possible.",
            ),
            (
                "action",
                "An engagement shoot was suggested for £180, but the couple passed on it.",
                True,
                "Turns 7-8.",
            ),
            (
                "action",
                "The £562.50 retainer, a quarter of the total, was paid during the chat to secure the date.",
                True,
                "Turns 9-11: 25% of £2,250, 'Paid just now', 'Received'.",
            ),
            (
                "action",
                "A planning questionnaire will follow six weeks before the wedding, with a call in the final week to run through the timings.",
                True,
                "Turn 11.",
            ),
            ("entities", "client_name: Harriet Quayle", True, "Turn 0."),
            ("entities", "venue: Ravensholt Barn", True, "Turn 0."),
            ("entities", "booking_reference: LL-2609", True, "Turn 9."),
            ("entities", "package: Golden Hour, 8 hours", True, "Turn 2."),
            ("entities", "total: £2,250", True, "Turn 3."),
            ("entities", "retainer: £562.50", True, "Turn 9."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Perfect, thank you so much!'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Wants to book a photographer for her wedding", True),
                    ("12 September at Ravensholt Barn", True),
                ]
            ],
            "action": [
                [
                    ("Golden Hour 8-hour package plus a second shooter, £2,250 in total", True),
                    ("No drone shots: Ravensholt does not permit drones", False),
                    ("Engagement shoot for £180 offered and declined", True),
                    ("25% retainer of £562.50 paid", True),
                    ("Contract and invoice emailed", False),
                    ("Questionnaire six weeks before; timing call the week before", True),
                ]
            ],
            "entities": [
                [
                    ("Harriet Quayle", True),
                    ("Ravensholt Barn", True),
                    ("Booking LL-2609", True),
                    ("Total £2,250", True),
                    ("Retainer £562.50", True),
                ]
            ],
        },
    )
)

# 3. Balloon flight: "the day after tomorrow" from Tuesday June 16 given as Friday June 19 (wrong
# relative date); "this evening" resolved right, the weather-line rule paraphrased.
ROWS.append(
    conversation(
        "new11-003",
        "voice",
        "scheduling",
        "2026-06-16T10:25:00Z",
        "Marisol",
        [
            ("agent", "Skyward Drift Balloons, Marisol speaking."),
            (
                "customer",
                "Hi, Declan Forsythe. Our flight on Saturday got scrubbed because of the wind, and I'd like to rebook. Voucher number SD-77310, it's for two.",
            ),
            (
                "agent",
                "Sorry about Saturday, Declan, the gusts were over fifteen knots, so the pilot called it off. Let me look... The voucher's valid until the end of October, so there's plenty of time.",
            ),
            ("customer", "Good. We'd like a sunrise flight if possible."),
            (
                "agent",
                "The soonest sunrise slot with two seats is the day after tomorrow, meeting at Hollins Meadow at 5:10 AM.",
            ),
            ("customer", "That's early, but fine, we'll do it."),
            (
                "agent",
                "Great, you're rebooked onto flight HB-412. You're in the air for about an hour, then there's a champagne toast on landing; the whole thing takes three to four hours.",
            ),
            ("customer", "Is there a weight limit? My partner's quite tall."),
            (
                "agent",
                "Height's no problem. We just ask that each passenger is under 19 stone, and please wear flat shoes.",
            ),
            ("customer", "Fine. And if it's cancelled again?"),
            (
                "agent",
                "Then you rebook for free, as many times as needed. Ring the weather line after 8 PM the evening before to check it's going ahead, and I'll text you directions to the meeting point this evening.",
            ),
            ("customer", "Will do, thanks."),
        ],
        {
            "situation": "Declan Forsythe's balloon flight for two, on voucher SD-77310, was called off on Saturday because of strong winds, and he wanted to rebook.",
            "action": "The agent moved the couple to sunrise flight HB-412 on Friday, June 19, meeting at Hollins Meadow at 5:10 AM. The agent explained that the voucher remains valid until the end of October. Passengers must each weigh under 19 stone and wear flat shoes. Should the flight be scrubbed again, rebooking costs nothing, and the weather line should be checked after 8 PM the evening before.",
            "follow_up": "The representative will text directions to Hollins Meadow this evening, June 16.",
            "escalated": "No",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Declan Forsythe's balloon flight for two, on voucher SD-77310, was called off on Saturday because of strong winds, and he wanted to rebook.",
                True,
                "Turns 1-2.",
            ),
            (
                "action",
                "The agent moved the couple to sunrise flight HB-412 on Friday, June 19, meeting at Hollins Meadow at 5:10 AM.",
                False,
                "'The day after tomorrow' from Tuesday June 16 is Thursday June 18.",
            ),
            (
                "action",
                "The agent explained that the voucher remains valid until the end of October.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "Passengers must each weigh under 19 stone and wear flat shoes.",
                True,
                "Turn 8.",
            ),
            (
                "action",
                "Should the flight be scrubbed again, rebooking costs nothing, and the weather line should be checked after 8 PM the evening before.",
                True,
                "Turn 10.",
            ),
            (
                "follow_up",
                "The representative will text directions to Hollins Meadow this evening, June 16.",
                True,
                "Turn 10: 'directions to the meeting point this evening'; the call is on June 16.",
            ),
            ("escalated", "Escalated: No", True, "Nothing was passed on."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Will do, thanks.'",
            ),
        ],
        {"follow_up": [True, True], "escalated": [True]},
        {
            "situation": [
                [
                    ("Saturday's flight was cancelled because of the wind", True),
                    ("Wants to rebook voucher SD-77310 for two", True),
                ]
            ],
            "action": [
                [
                    (
                        "Rebooked onto sunrise flight HB-412 the day after tomorrow (June 18), 5:10 AM at Hollins Meadow",
                        False,
                    ),
                    ("Voucher valid until the end of October", True),
                    (
                        "About an hour in the air, champagne toast, three to four hours in all",
                        False,
                    ),
                    ("Each passenger under 19 stone, flat shoes", True),
                    (
                        "Free rebooking if cancelled; weather line after 8 PM the evening before",
                        True,
                    ),
                ]
            ],
            "follow_up": [[("Directions to the meeting point texted this evening", True)], []],
        },
    )
)

# 4. Bouncy-castle hire (clean): "this Sunday" resolved to July 12, the ball pit turned down,
# the set-up time settled at 8:30 rather than 9, "the 12-by-15-foot castle".
ROWS.append(
    conversation(
        "new11-004",
        "chat",
        "scheduling",
        "2026-07-08T12:40:00Z",
        "Leopold",
        [
            (
                "customer",
                "Hi, do you have a bouncy castle free this Sunday? It's for my son's sixth birthday, in our garden.",
            ),
            ("agent", "Hi! Leopold from Boing Bros Party Hire. Yes, how big is the garden?"),
            ("customer", "About 20 by 25 feet, flat lawn."),
            (
                "agent",
                "Then the 12-by-15-foot 'Jungle Jump' fits nicely: £95 for the day, including delivery and set-up. It needs a standard plug socket within 25 metres.",
            ),
            ("customer", "We have an outdoor socket. Is the ball pit extra?"),
            ("agent", "The matching ball pit is £35 more, if you'd like it."),
            ("customer", "No, the castle's plenty. Can you set it up by 9? The party's at 11."),
            (
                "agent",
                "Our driver's first drop nearby is at 9, so let's say 8:30 instead to be safe. He'll collect it at 6 PM.",
            ),
            ("customer", "8:30 is even better. The name is Nkechi Adebayo, 41 Larchfield Close."),
            (
                "agent",
                "Booked! Reference BB-90532. We take payment by card on the day, and please keep everyone off it if it rains heavily.",
            ),
            ("customer", "Brilliant, Tobi will be over the moon. Thanks!"),
        ],
        {
            "situation": "Nkechi Adebayo was looking for a bouncy castle for her son Tobi's sixth birthday party this Sunday, to go on her flat lawn of about 20 by 25 feet.",
            "custom_actions": "The agent reserved the 12-by-15-foot 'Jungle Jump' for Sunday, July 12, at £95 with delivery and set-up included, booking BB-90532. It needs a standard plug socket within 25 metres; the customer has an outdoor one. The matching ball pit, a further £35, was turned down. Set-up was fixed for 8:30 AM, earlier than the 9 o'clock the customer had asked for, with collection at 6 PM. Payment is by card on the day.",
            "next_steps": "The castle is delivered and set up at 41 Larchfield Close at 8:30 AM on Sunday, July 12, and collected at 6 PM the same day. Nkechi pays by card on the day. The castle should not be used in heavy rain.",
            "contact_reason": "Other",
        },
        [
            (
                "situation",
                "Nkechi Adebayo was looking for a bouncy castle for her son Tobi's sixth birthday party this Sunday, to go on her flat lawn of about 20 by 25 feet.",
                True,
                "Turns 0, 2, 8 and 10.",
            ),
            (
                "custom_actions",
                "The agent reserved the 12-by-15-foot 'Jungle Jump' for Sunday, July 12, at £95 with delivery and set-up included, booking BB-90532.",
                True,
                "This Sunday from Wednesday July 8 is July 12; turns 3 and 9.",
            ),
            (
                "custom_actions",
                "It needs a standard plug socket within 25 metres; the customer has an outdoor one.",
                True,
                "Turns 3-4.",
            ),
            (
                "custom_actions",
                "The matching ball pit, a further £35, was turned down.",
                True,
                "Turns 5-6.",
            ),
            (
                "custom_actions",
                "Set-up was fixed for 8:30 AM, earlier than the 9 o'clock the customer had asked for, with collection at 6 PM.",
                True,
                "Turns 6-8.",
            ),
            ("custom_actions", "Payment is by card on the day.", True, "Turn 9."),
            (
                "next_steps",
                "The castle is delivered and set up at 41 Larchfield Close at 8:30 AM on Sunday, July 12, and collected at 6 PM the same day.",
                True,
                "Turns 7-8.",
            ),
            ("next_steps", "Nkechi pays by card on the day.", True, "Turn 9."),
            (
                "next_steps",
                "The castle should not be used in heavy rain.",
                True,
                "Turn 9: 'keep everyone off it if it rains heavily'.",
            ),
            ("contact_reason", "Contact reason: Other", True, "Hiring a bouncy castle."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "next_steps": [True, True],
            "contact_reason": [True],
        },
        {
            "situation": [
                [
                    ("Bouncy castle wanted this Sunday", True),
                    ("For her son's sixth birthday party in the garden", True),
                    ("Garden about 20 by 25 feet, flat lawn", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Jungle Jump, 12 by 15 feet, £95 with delivery and set-up", True),
                    ("Needs a socket within 25 metres; the customer has an outdoor one", True),
                    ("Ball pit for £35 offered and declined", True),
                    ("Set-up at 8:30, collection at 6 PM", True),
                    ("Card payment on the day", True),
                ],
                [("This Sunday, July 12", True)],
                [("Reference BB-90532", True)],
                [("Set-up time set at 8:30 instead of 9", True)],
            ],
            "next_steps": [
                [
                    ("Delivery and set-up Sunday at 8:30, collection at 6 PM", True),
                    ("41 Larchfield Close", True),
                    ("Card payment on the day", True),
                    ("Keep off the castle in heavy rain", True),
                ],
                [],
            ],
        },
    )
)

# 5. Recording studio: Wen Liu given as the engineer of Studio A, which is Marcus Dray's
# (entity substitution); the session number left out and descriptive text in "escalated"
# (adherence); "next month" resolved right, "£1,480", "10-hour days".
ROWS.append(
    conversation(
        "new11-005",
        "voice",
        "scheduling",
        "2026-04-14T16:00:00Z",
        "Priyanka",
        [
            ("agent", "Halyard Sound Studios, Priyanka speaking."),
            (
                "customer",
                "Hi, this is Saoirse Lindqvist from The Velvet Quarry. We want to record four songs, full band, drums and all.",
            ),
            (
                "agent",
                "Nice. With live drums you'll want Studio A, that's the big live room, and Marcus Dray engineers in there. Studio B is for vocals and overdubs only, with Wen Liu.",
            ),
            ("customer", "Studio A then. How long would four songs take?"),
            (
                "agent",
                "Realistically two days of tracking. Studio A is £740 per 10-hour day with the engineer, so £1,480.",
            ),
            ("customer", "Could we do the 21st and 22nd of next month?"),
            ("agent", "The 21st and 22nd of May are both free. Shall I lock those in?"),
            ("customer", "Yes please. Do you have a drum kit, or do we bring ours?"),
            (
                "agent",
                "There's a house kit, a Gretsch Renown, free to use, but bring your own cymbals and snare if you're fussy about the sound.",
            ),
            ("customer", "Ha, our drummer definitely is. What about mixing?"),
            (
                "agent",
                "Mixing is separate, £120 per song, so £480 for four if you want Marcus to mix. You can decide after tracking.",
            ),
            ("customer", "We'll decide later then."),
            (
                "agent",
                "Fine. I'll need a £370 deposit to hold the dates; I'll email you a payment link within the hour. Your session number is HS-5521.",
            ),
            ("customer", "Great, cheers."),
        ],
        {
            "situation": "Saoirse Lindqvist of The Velvet Quarry wanted studio time to record four songs with the full band, live drums included.",
            "custom_actions": "The agent booked Studio A, the large live room, for tracking on May 21 and 22. The engineer will be Wen Liu. Two 10-hour days at £740 each come to £1,480. The band can use the house Gretsch Renown kit free of charge but were advised to bring their own snare and cymbals. Mixing at £120 a song, £480 for all four, was left for the band to decide after tracking.",
            "follow_up": "The representative will email a payment link for the £370 deposit within the hour.",
            "escalated": "No - handled directly by Priyanka",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Saoirse Lindqvist of The Velvet Quarry wanted studio time to record four songs with the full band, live drums included.",
                True,
                "Turn 1.",
            ),
            (
                "custom_actions",
                "The agent booked Studio A, the large live room, for tracking on May 21 and 22.",
                True,
                "Turns 2-6: 'the 21st and 22nd of next month', asked in April.",
            ),
            (
                "custom_actions",
                "The engineer will be Wen Liu.",
                False,
                "Studio A is engineered by Marcus Dray; Wen Liu works in Studio B (turn 2).",
            ),
            (
                "custom_actions",
                "Two 10-hour days at £740 each come to £1,480.",
                True,
                "Turn 4.",
            ),
            (
                "custom_actions",
                "The band can use the house Gretsch Renown kit free of charge but were advised to bring their own snare and cymbals.",
                True,
                "Turn 8.",
            ),
            (
                "custom_actions",
                "Mixing at £120 a song, £480 for all four, was left for the band to decide after tracking.",
                True,
                "Turns 10-11.",
            ),
            (
                "follow_up",
                "The representative will email a payment link for the £370 deposit within the hour.",
                True,
                "Turn 12.",
            ),
            (
                "escalated",
                "Escalated: No - handled directly by Priyanka",
                True,
                "Nothing was escalated; the added text is an adherence matter.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Great, cheers.'",
            ),
        ],
        {
            "custom_actions": [True, True, False, True],
            "follow_up": [True, True],
            "escalated": [False],
        },
        {
            "situation": [
                [
                    ("Wants to record four songs as a full band with drums", True),
                    ("Saoirse Lindqvist, The Velvet Quarry", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Studio A, the big live room, for live drums", True),
                    ("Engineer Marcus Dray in Studio A", False),
                    ("Two days at £740 per 10-hour day, £1,480", True),
                    ("House Gretsch Renown kit free; bring own cymbals and snare", True),
                    ("Mixing £120 per song, to be decided after tracking", True),
                ],
                [("May 21 and 22", True)],
                [("Session number HS-5521", False)],
                [],
            ],
            "follow_up": [[("Payment link for the £370 deposit within the hour", True)], []],
        },
    )
)

# 6. Cookery school: a move to Pasta from Scratch offered and turned down, summarised as done
# (offered versus done); the follow-up says "agent" (style rule ignored); "this Saturday" and
# "tomorrow evening" resolved right, the voucher's "twelve months" as "a year".
ROWS.append(
    conversation(
        "new11-006",
        "chat",
        "scheduling",
        "2026-03-10T09:35:00Z",
        "Rhodri",
        [
            (
                "customer",
                "Hello, I've booked three places on Thai Street Food this Saturday, booking CP-3147, but one of my friends has dropped out.",
            ),
            (
                "agent",
                "Hi Felicity, Rhodri at the Copper Pan Cookery School. Sorry to hear that. As it's inside 14 days I can't refund the place, but I can turn it into a credit voucher for £85.",
            ),
            ("customer", "A voucher's fine."),
            (
                "agent",
                "Alternatively, I could move all three of you to Pasta from Scratch on the 28th, so your friend might still be able to join.",
            ),
            ("customer", "No, she's away all month. Let's keep Saturday for two."),
            (
                "agent",
                "Done: CP-3147 is now two places on Saturday's Thai Street Food, 10 AM to 1 PM. The £85 voucher is valid for twelve months on any class.",
            ),
            ("customer", "Great. Can I give the voucher to someone else?"),
            (
                "agent",
                "Yes, it's transferable. I'll email it to you by tomorrow evening; the code will be CPV-8802.",
            ),
            ("customer", "Lovely. Do we need to bring anything?"),
            (
                "agent",
                "Just an apron if you like, and a container for leftovers; we supply everything else.",
            ),
            ("customer", "Perfect, thanks Rhodri!"),
        ],
        {
            "custom_actions": "Booking CP-3147 for Thai Street Food this Saturday, March 14, was cut from three places to two after a friend dropped out. The agent transferred the group to Pasta from Scratch on March 28. Since a refund is not possible within 14 days, the spare place became an £85 credit voucher, transferable and valid for a year on any class. The class runs from 10 AM to 1 PM.",
            "follow_up": "The agent will email voucher CPV-8802 by tomorrow evening, March 11.",
            "refund_given": "No",
        },
        [
            (
                "custom_actions",
                "Booking CP-3147 for Thai Street Food this Saturday, March 14, was cut from three places to two after a friend dropped out.",
                True,
                "This Saturday from Tuesday March 10 is March 14; turns 0 and 5.",
            ),
            (
                "custom_actions",
                "The agent transferred the group to Pasta from Scratch on March 28.",
                False,
                "The move was only offered; the customer kept Saturday's class (turns 3-5).",
            ),
            (
                "custom_actions",
                "Since a refund is not possible within 14 days, the spare place became an £85 credit voucher, transferable and valid for a year on any class.",
                True,
                "Turns 1, 5 and 7.",
            ),
            ("custom_actions", "The class runs from 10 AM to 1 PM.", True, "Turn 5."),
            (
                "follow_up",
                "The agent will email voucher CPV-8802 by tomorrow evening, March 11.",
                True,
                "Turn 7; tomorrow of March 10.",
            ),
            ("refund_given", "Refund given: No", True, "A voucher, not money back (turn 1)."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, False],
            "refund_given": [True],
        },
        {
            "custom_actions": [
                [
                    (
                        "Booking reduced from three to two places on Saturday's Thai Street Food",
                        True,
                    ),
                    (
                        "Third place turned into an £85 credit voucher; no refund inside 14 days",
                        True,
                    ),
                    ("Move to Pasta from Scratch on the 28th offered and declined", False),
                    ("Bring an apron and a container for leftovers", False),
                ],
                [
                    ("This Saturday, March 14, 10 AM to 1 PM", True),
                    ("Voucher valid for twelve months", True),
                ],
                [("Booking CP-3147", True)],
                [("Booking changed to two places", True)],
            ],
            "follow_up": [[("Voucher CPV-8802 emailed by tomorrow evening", True)], []],
        },
    )
)

# 7. Septic tank: the £30 alarm-test price given to the hose extension, which is £45 (wrong
# noun); the declined alarm test told right, "4,500 litres", "thirty-five metres".
ROWS.append(
    conversation(
        "new11-007",
        "voice",
        "scheduling",
        "2026-05-11T08:45:00Z",
        "Hamish",
        [
            ("agent", "Brackenfold Drainage, Hamish speaking."),
            (
                "customer",
                "Hello, Edwina Pargeter at Thornbury Farm. Our septic tank needs emptying; the last time was, oh, two years ago, and the field drain's getting soggy.",
            ),
            ("agent", "Right, that's overdue. Do you know the size?"),
            ("customer", "The paperwork says 4,500 litres, two chambers."),
            (
                "agent",
                "Okay. A standard empty of up to 6,000 litres is £285. How far is the tank from where a tanker can park?",
            ),
            ("customer", "It's behind the barn, I'd say thirty-five metres from the yard."),
            (
                "agent",
                "Our standard hose is 30 metres, so we'd bring the extension; that's £45 extra. We can also test the high-level alarm for £30 while we're there.",
            ),
            ("customer", "The alarm was replaced last spring, so no need."),
            (
                "agent",
                "No problem. I can get a tanker out on Thursday the 14th, between 1 and 4 in the afternoon. Job number BD-60873.",
            ),
            ("customer", "Thursday's good. Do I need to be there?"),
            (
                "agent",
                "Only to show the driver the lid. Please make sure the yard gate is open; the tanker is 2.5 metres wide. And if the field stays soggy after emptying, ring us, as the soakaway may need a survey.",
            ),
            ("customer", "Will do. Thanks, Hamish."),
        ],
        {
            "product_issue": "A two-chamber septic tank of 4,500 litres at Thornbury Farm. It had not been emptied for two years and the field drain had become waterlogged.",
            "action": "The agent booked a tanker for Thursday, May 14, between 1 and 4 PM, job number BD-60873. A standard empty, covering up to 6,000 litres, costs £285. As the tank sits about thirty-five metres from the yard, beyond the 30-metre standard hose, an extension will be brought for an extra £30. An alarm test was offered but declined, since the alarm was renewed last spring. Edwina only needs to be there to show the driver the lid, and the yard gate must be left open for the 2.5-metre-wide tanker.",
            "entities": "customer_name: Edwina Pargeter\nproperty: Thornbury Farm\njob_number: BD-60873\ntank: 4,500 litres, two chambers\nemptying_price: £285\nhose_extension: £45",
            "customer_satisfaction": "N",
        },
        [
            (
                "product_issue",
                "A two-chamber septic tank of 4,500 litres at Thornbury Farm.",
                True,
                "Turns 1 and 3.",
            ),
            (
                "product_issue",
                "It had not been emptied for two years and the field drain had become waterlogged.",
                True,
                "Turn 1: 'two years ago', 'the field drain's getting soggy'.",
            ),
            (
                "action",
                "The agent booked a tanker for Thursday, May 14, between 1 and 4 PM, job number BD-60873.",
                True,
                "Turn 8; the Thursday the 14th after Monday May 11 is May 14.",
            ),
            (
                "action",
                "A standard empty, covering up to 6,000 litres, costs £285.",
                True,
                "Turn 4.",
            ),
            (
                "action",
                "As the tank sits about thirty-five metres from the yard, beyond the 30-metre standard hose, an extension will be brought for an extra £30.",
                False,
                "The extension is £45; £30 is the price of the alarm test (turn 6).",
            ),
            (
                "action",
                "An alarm test was offered but declined, since the alarm was renewed last spring.",
                True,
                "Turns 6-7.",
            ),
            (
                "action",
                "Edwina only needs to be there to show the driver the lid, and the yard gate must be left open for the 2.5-metre-wide tanker.",
                True,
                "Turn 10.",
            ),
            ("entities", "customer_name: Edwina Pargeter", True, "Turn 1."),
            ("entities", "property: Thornbury Farm", True, "Turn 1."),
            ("entities", "job_number: BD-60873", True, "Turn 8."),
            ("entities", "tank: 4,500 litres, two chambers", True, "Turn 3."),
            ("entities", "emptying_price: £285", True, "Turn 4."),
            ("entities", "hose_extension: £45", True, "Turn 6."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Will do. Thanks, Hamish.'",
            ),
        ],
        {"product_issue": [True, True]},
        {
            "product_issue": [
                [("Septic tank of 4,500 litres with two chambers", True)],
                [("Last emptied two years ago; the field drain is soggy", True)],
            ],
            "action": [
                [
                    ("Tanker booked for Thursday the 14th, 1 to 4 PM, job BD-60873", True),
                    ("Standard empty up to 6,000 litres for £285", True),
                    ("Hose extension for £45, as the tank is thirty-five metres away", False),
                    ("Alarm test offered and declined; the alarm was replaced last spring", True),
                    ("Show the driver the lid; leave the yard gate open", True),
                    ("Ring back if the field stays soggy; the soakaway may need a survey", False),
                ]
            ],
            "entities": [
                [
                    ("Edwina Pargeter", True),
                    ("Thornbury Farm", True),
                    ("Job number BD-60873", True),
                    ("Emptying £285", True),
                    ("Hose extension £45", True),
                ]
            ],
        },
    )
)

# 8. Trampoline park cancellation (predefined sections only): the pass covers three children,
# the summary says two (wrong count); resolution N for a completed cancellation (wrong
# categorical); the declined pause told right.
ROWS.append(
    conversation(
        "new11-008",
        "chat",
        "retention",
        "2026-09-10T15:15:00Z",
        "Anouk",
        [
            (
                "customer",
                "Hi, I need to cancel our family Jump Pass. Member number BL-40291, Gareth Pemberton.",
            ),
            ("agent", "Hi Gareth, it's Anouk at Bounceland. Sorry to see you go! Can I ask why?"),
            (
                "customer",
                "We're relocating to Aberdeen at the end of the month for my wife's job, and there's no Bounceland up there.",
            ),
            (
                "agent",
                "Ah, that's a fair reason. I see the pass covers your three kids, Isla, Fergus and Rowan, at £42 a month.",
            ),
            ("customer", "That's right."),
            (
                "agent",
                "There's normally a 30-day notice period, but as you're moving more than 50 miles away we can waive it with proof of address.",
            ),
            ("customer", "I can send a tenancy agreement."),
            (
                "agent",
                "That works. Or, if you're back down south often, I could pause the pass for up to three months for free instead?",
            ),
            ("customer", "No, we won't be back much. Cancel it please."),
            (
                "agent",
                "Done. I've waived the notice, so the payment taken on the 1st of this month was your last, and the kids can keep jumping until the 30th. Please upload the tenancy agreement in the app within 14 days; once it's in, I'll confirm the cancellation by email.",
            ),
            ("customer", "Thanks, they'll be gutted, but that's kind of you."),
        ],
        {
            "reason_for_cancellation": "The family is moving to Aberdeen at the end of the month for his wife's job, and there is no Bounceland there.",
            "action": "The agent cancelled the family Jump Pass, member number BL-40291. The £42-a-month pass covered his two children. The 30-day notice was waived because the family is moving more than 50 miles away, so the payment taken on September 1 was the last. A free pause of up to three months was put forward, but Gareth preferred to cancel. The children can keep using the park until September 30. Gareth must upload the tenancy agreement in the app within 14 days as proof of address, after which the agent will confirm by email.",
            "resolution": "N",
            "customer_satisfaction": "N",
            "entities": "customer_name: Gareth Pemberton\nmember_number: BL-40291\nmonthly_fee: £42\nchildren: Isla, Fergus, Rowan",
        },
        [
            (
                "reason_for_cancellation",
                "The family is moving to Aberdeen at the end of the month for his wife's job, and there is no Bounceland there.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent cancelled the family Jump Pass, member number BL-40291.",
                True,
                "Turns 0 and 9.",
            ),
            (
                "action",
                "The £42-a-month pass covered his two children.",
                False,
                "The pass covers three children, Isla, Fergus and Rowan (turn 3).",
            ),
            (
                "action",
                "The 30-day notice was waived because the family is moving more than 50 miles away, so the payment taken on September 1 was the last.",
                True,
                "Turns 5 and 9; the call is in September.",
            ),
            (
                "action",
                "A free pause of up to three months was put forward, but Gareth preferred to cancel.",
                True,
                "Turns 7-8.",
            ),
            (
                "action",
                "The children can keep using the park until September 30.",
                True,
                "Turn 9: 'until the 30th'.",
            ),
            (
                "action",
                "Gareth must upload the tenancy agreement in the app within 14 days as proof of address, after which the agent will confirm by email.",
                True,
                "Turns 5 and 9.",
            ),
            (
                "resolution",
                "Resolution: N (none resolved)",
                False,
                "The pass was cancelled as asked: Y.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'that's kind of you'.",
            ),
            ("entities", "customer_name: Gareth Pemberton", True, "Turn 0."),
            ("entities", "member_number: BL-40291", True, "Turn 0."),
            ("entities", "monthly_fee: £42", True, "Turn 3."),
            ("entities", "children: Isla, Fergus, Rowan", True, "Turn 3."),
        ],
        {},
        {
            "reason_for_cancellation": [
                [
                    ("Moving to Aberdeen at the end of the month for his wife's job", True),
                    ("No Bounceland there", True),
                ]
            ],
            "action": [
                [
                    ("Family Jump Pass cancelled", True),
                    ("Pass covers three children at £42 a month", False),
                    ("30-day notice waived for a move of more than 50 miles", True),
                    ("Payment on the 1st was the last", True),
                    ("Free pause of up to three months offered and declined", True),
                    ("Children can use the park until the 30th", True),
                    ("Upload the tenancy agreement within 14 days; confirmation by email", True),
                ]
            ],
            "entities": [
                [
                    ("Gareth Pemberton", True),
                    ("Member number BL-40291", True),
                    ("£42 a month", True),
                    ("Isla, Fergus and Rowan", True),
                ]
            ],
        },
    )
)

# 9. Spanish padel club (clean): "este viernes" resolved to October 16, the court time revised
# from 19:00 to 20:30, racket hire turned down, "25,20 euros".
ROWS.append(
    conversation(
        "new11-009",
        "chat",
        "scheduling",
        "2026-10-13T11:50:00Z",
        "Rocío",
        [
            (
                "customer",
                "Hola, quería reservar una pista para este viernes por la tarde, somos cuatro.",
            ),
            (
                "agent",
                "Hola, soy Rocío, del Club Pádel Las Dunas. ¿A qué hora os vendría bien?",
            ),
            ("customer", "A las siete, si puede ser."),
            (
                "agent",
                "A las 19:00 está todo ocupado. Tengo la pista 6, que es panorámica, a las 20:30: hora y media por 28 euros, luz incluida.",
            ),
            (
                "customer",
                "Vale, a las ocho y media entonces. Soy Íñigo Salvatierra, socio número 2217.",
            ),
            (
                "agent",
                "Perfecto, Íñigo. Como socio tienes un 10 % de descuento, así que se queda en 25,20 euros. ¿Necesitáis alquilar palas? Son 3 euros cada una.",
            ),
            ("customer", "No, traemos las nuestras."),
            (
                "agent",
                "Muy bien. Tu reserva es la PD-7781. Puedes cancelar gratis hasta 24 horas antes; después se cobra la pista entera.",
            ),
            ("customer", "Genial. ¿Se paga en recepción?"),
            ("agent", "Sí, al llegar. Te mando ahora mismo la confirmación por WhatsApp."),
            ("customer", "Gracias, Rocío."),
        ],
        {
            "situation": "Íñigo Salvatierra quería reservar una pista de pádel para cuatro jugadores el viernes por la tarde.",
            "custom_actions": "Como a las 19:00 no quedaba hueco, la agente le asignó la pista panorámica 6 a las 20:30 del viernes 16 de octubre, reserva PD-7781. La hora y media cuesta 28 euros con la luz incluida, que se quedan en 25,20 euros con el descuento de socio del 10 %. Íñigo no quiso alquilar palas, a 3 euros cada una, porque traen las suyas. Se paga en recepción al llegar, y puede cancelarse sin coste hasta 24 horas antes.",
            "follow_up": "La representante le envía ahora mismo, el 13 de octubre, la confirmación por WhatsApp.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Íñigo Salvatierra quería reservar una pista de pádel para cuatro jugadores el viernes por la tarde.",
                True,
                "Turns 0 and 4.",
            ),
            (
                "custom_actions",
                "Como a las 19:00 no quedaba hueco, la agente le asignó la pista panorámica 6 a las 20:30 del viernes 16 de octubre, reserva PD-7781.",
                True,
                "'Este viernes' from Tuesday October 13 is October 16; turns 3, 4 and 7.",
            ),
            (
                "custom_actions",
                "La hora y media cuesta 28 euros con la luz incluida, que se quedan en 25,20 euros con el descuento de socio del 10 %.",
                True,
                "Turns 3 and 5.",
            ),
            (
                "custom_actions",
                "Íñigo no quiso alquilar palas, a 3 euros cada una, porque traen las suyas.",
                True,
                "Turns 5-6.",
            ),
            (
                "custom_actions",
                "Se paga en recepción al llegar, y puede cancelarse sin coste hasta 24 horas antes.",
                True,
                "Turns 7-9.",
            ),
            (
                "follow_up",
                "La representante le envía ahora mismo, el 13 de octubre, la confirmación por WhatsApp.",
                True,
                "Turn 9; the chat is on October 13.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "The court is booked."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
        },
        {
            "situation": [
                [
                    ("Reservar una pista para este viernes por la tarde", True),
                    ("Son cuatro jugadores", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Pista 6 panorámica a las 20:30, hora y media, 28 euros con luz", True),
                    ("Alquiler de palas a 3 euros rechazado", True),
                    ("Pago en recepción; cancelación gratis hasta 24 horas antes", True),
                ],
                [("Este viernes, 16 de octubre", True)],
                [("Reserva PD-7781", True)],
                [
                    ("Hora cambiada de las 19:00, ocupada, a las 20:30", True),
                    ("Precio rebajado a 25,20 euros con el descuento de socio del 10 %", True),
                ],
            ],
            "follow_up": [[("Confirmación por WhatsApp enviada ahora", True)], []],
        },
        language="es",
    )
)

# 10. French pottery studio: the 180-euro price corrected a turn later to 160 each for a duo,
# the summary keeps 180 (superseded); refund given "Yes" for a credit note (wrong categorical);
# "ce mercredi" and "ce soir" resolved right, "quatre séances", "de 18 h 30 à 21 h".
ROWS.append(
    conversation(
        "new11-010",
        "voice",
        "scheduling",
        "2026-01-12T11:10:00Z",
        "Maëlle",
        [
            ("agent", "Atelier Terre & Feu, Maëlle, bonjour."),
            (
                "customer",
                "Bonjour, Gaspard Lemoine. Je suis inscrit à l'initiation au tour qui commence ce mercredi, et j'aimerais inscrire ma compagne, Inès, avec moi.",
            ),
            (
                "agent",
                "Avec plaisir, il reste deux places. Le cycle, c'est quatre séances de deux heures et demie, à 180 euros par personne, terre et cuissons comprises.",
            ),
            ("customer", "D'accord."),
            (
                "agent",
                "Ah, pardon, je me trompe : pour une inscription en duo, c'est 160 euros chacun, donc 320 euros pour vous deux. Il vous reste 160 euros à régler pour Inès.",
            ),
            (
                "customer",
                "Parfait. Autre chose : le bol que j'ai fait au stage d'été est sorti du four fendu.",
            ),
            (
                "agent",
                "Je suis désolée. Ça arrive quand il reste une bulle d'air dans la terre. Nous ne remboursons pas les cuissons, mais je vous mets un avoir de 15 euros sur votre compte.",
            ),
            ("customer", "C'est gentil, merci."),
            (
                "agent",
                "Les séances ont lieu le mercredi de 18 h 30 à 21 h. Votre numéro d'inscription à tous les deux est TF-2044. Je vous envoie le lien de paiement par e-mail ce soir.",
            ),
            ("customer", "Très bien. Il faut apporter quelque chose ?"),
            ("agent", "Juste un tablier, et des ongles courts, c'est plus pratique au tour !"),
            ("customer", "Noté. Merci beaucoup, à mercredi."),
        ],
        {
            "situation": "Gaspard Lemoine voulait ajouter sa compagne Inès à l'initiation au tour qui débute ce mercredi. Il a aussi signalé qu'un bol fait pendant son stage d'été s'était fendu à la cuisson.",
            "custom_actions": "L'agente a inscrit Inès avec lui au cycle de quatre séances de deux heures et demie, le mercredi de 18 h 30 à 21 h, à partir du mercredi 14 janvier, inscription TF-2044. Le tarif est de 180 euros par personne, soit 360 euros pour le duo. Un avoir de 15 euros a été crédité sur son compte pour le bol fendu, les cuissons n'étant pas remboursées.",
            "follow_up": "La représentante enverra le lien de paiement par e-mail ce soir, le 12 janvier.",
            "refund_given": "Yes",
            "entities": "client: Gaspard Lemoine\nparticipante: Inès\ninscription: TF-2044\navoir: 15 euros",
        },
        [
            (
                "situation",
                "Gaspard Lemoine voulait ajouter sa compagne Inès à l'initiation au tour qui débute ce mercredi.",
                True,
                "Turn 1.",
            ),
            (
                "situation",
                "Il a aussi signalé qu'un bol fait pendant son stage d'été s'était fendu à la cuisson.",
                True,
                "Turn 5.",
            ),
            (
                "custom_actions",
                "L'agente a inscrit Inès avec lui au cycle de quatre séances de deux heures et demie, le mercredi de 18 h 30 à 21 h, à partir du mercredi 14 janvier, inscription TF-2044.",
                True,
                "'Ce mercredi' from Monday January 12 is January 14; turns 2 and 8.",
            ),
            (
                "custom_actions",
                "Le tarif est de 180 euros par personne, soit 360 euros pour le duo.",
                False,
                "Corrected in turn 4: 160 euros each for a duo, 320 euros in total.",
            ),
            (
                "custom_actions",
                "Un avoir de 15 euros a été crédité sur son compte pour le bol fendu, les cuissons n'étant pas remboursées.",
                True,
                "Turn 6.",
            ),
            (
                "follow_up",
                "La représentante enverra le lien de paiement par e-mail ce soir, le 12 janvier.",
                True,
                "Turn 8: 'ce soir'; the call is on January 12.",
            ),
            (
                "refund_given",
                "Refund given: Yes",
                False,
                "No money was given back: firings are not refunded, only a credit note (turn 6).",
            ),
            ("entities", "client: Gaspard Lemoine", True, "Turn 1."),
            ("entities", "participante: Inès", True, "Turn 1."),
            ("entities", "inscription: TF-2044", True, "Turn 8."),
            ("entities", "avoir: 15 euros", True, "Turn 6."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "refund_given": [True],
        },
        {
            "situation": [
                [
                    ("Ajouter sa compagne Inès à l'initiation au tour de ce mercredi", True),
                    ("Bol du stage d'été fendu à la cuisson", True),
                ]
            ],
            "custom_actions": [
                [
                    (
                        "Inès inscrite : quatre séances de deux heures et demie, le mercredi de 18 h 30 à 21 h",
                        True,
                    ),
                    (
                        "Tarif duo : 160 euros chacun, 320 euros ; 160 euros à régler pour Inès",
                        False,
                    ),
                    ("Avoir de 15 euros pour le bol fendu ; cuissons non remboursées", True),
                    ("Apporter un tablier, avoir les ongles courts", False),
                ],
                [("Début ce mercredi, 14 janvier", True)],
                [("Inscription TF-2044", True)],
                [
                    ("Tarif corrigé de 180 à 160 euros par personne", False),
                    ("Avoir de 15 euros ajouté au compte", True),
                ],
            ],
            "follow_up": [[("Lien de paiement par e-mail ce soir", True)], []],
            "entities": [
                [
                    ("Gaspard Lemoine", True),
                    ("Inès", True),
                    ("Inscription TF-2044", True),
                    ("Avoir de 15 euros", True),
                ]
            ],
        },
        language="fr",
    )
)

# 11. German thermal spa: the terms rule out a refund, the summary says a pro-rata refund was
# promised (negation); the pool-only card turned down and "ab morgen" resolved right.
ROWS.append(
    conversation(
        "new11-011",
        "voice",
        "retention",
        "2026-02-03T10:30:00Z",
        "Wiebke",
        [
            ("agent", "Thermalbad Sonnquell, Kundenservice, Sie sprechen mit Wiebke."),
            (
                "customer",
                "Guten Tag, Konstantin Rehberg. Ich möchte meine Jahreskarte kündigen, Kartennummer SQ-118204.",
            ),
            ("agent", "Das tut mir leid. Darf ich fragen, warum?"),
            (
                "customer",
                "Mein Kardiologe hat mir wegen Herzrhythmusstörungen von der Sauna abgeraten, und die Sauna war der Hauptgrund für die Karte.",
            ),
            (
                "agent",
                "Verstehe. Die Karte läuft noch bis zum 31. Dezember und hat 690 Euro gekostet. Eine Erstattung für die restliche Laufzeit ist laut unseren AGB leider nicht möglich.",
            ),
            ("customer", "Hm. Das ist ärgerlich."),
            (
                "agent",
                "Ich kann Ihnen zwei Dinge anbieten: Wir stellen die Karte auf eine reine Badekarte ohne Sauna um und schreiben Ihnen die Differenz von 140 Euro als Guthaben gut. Oder wir übertragen die Karte kostenlos auf eine andere Person.",
            ),
            (
                "customer",
                "Ins Becken gehe ich nicht allein. Aber meine Tochter Lea würde sich freuen. Übertragen Sie die Karte bitte auf sie.",
            ),
            (
                "agent",
                "Gern. Dafür braucht Lea ein neues Foto. Sie kann ab morgen an der Kasse vorbeikommen, dann wird die Karte umgeschrieben. Die Kartennummer bleibt gleich.",
            ),
            ("customer", "Gut. Bekomme ich eine Bestätigung?"),
            (
                "agent",
                "Ja, ich schicke Ihnen heute noch eine E-Mail mit der Übertragungsbestätigung.",
            ),
            ("customer", "Danke, das ist eine faire Lösung."),
        ],
        {
            "reason_for_cancellation": "Sein Kardiologe hat ihm wegen Herzrhythmusstörungen von Saunabesuchen abgeraten, und gerade wegen der Sauna hatte er die Karte gekauft.",
            "custom_actions": "Die Jahreskarte für 690 Euro läuft noch bis zum 31. Dezember. Die Mitarbeiterin sagte ihm eine anteilige Erstattung der restlichen Monate zu. Die Umstellung auf eine reine Badekarte mit 140 Euro Guthaben lehnte Herr Rehberg ab. Stattdessen wird die Karte SQ-118204 kostenlos auf seine Tochter Lea übertragen; die Kartennummer bleibt dieselbe. Lea kann ab morgen, dem 4. Februar, mit einem neuen Foto an der Kasse die Umschreibung erledigen.",
            "follow_up": "Die Vertreterin schickt ihm heute, am 3. Februar, eine E-Mail mit der Übertragungsbestätigung.",
            "escalated": "No",
            "customer_satisfaction": "N",
        },
        [
            (
                "reason_for_cancellation",
                "Sein Kardiologe hat ihm wegen Herzrhythmusstörungen von Saunabesuchen abgeraten, und gerade wegen der Sauna hatte er die Karte gekauft.",
                True,
                "Turn 3.",
            ),
            (
                "custom_actions",
                "Die Jahreskarte für 690 Euro läuft noch bis zum 31. Dezember.",
                True,
                "Turn 4.",
            ),
            (
                "custom_actions",
                "Die Mitarbeiterin sagte ihm eine anteilige Erstattung der restlichen Monate zu.",
                False,
                "Turn 4: a refund for the remaining term is not possible under the terms.",
            ),
            (
                "custom_actions",
                "Die Umstellung auf eine reine Badekarte mit 140 Euro Guthaben lehnte Herr Rehberg ab.",
                True,
                "Turns 6-7: 'Ins Becken gehe ich nicht allein.'",
            ),
            (
                "custom_actions",
                "Stattdessen wird die Karte SQ-118204 kostenlos auf seine Tochter Lea übertragen; die Kartennummer bleibt dieselbe.",
                True,
                "Turns 6-8.",
            ),
            (
                "custom_actions",
                "Lea kann ab morgen, dem 4. Februar, mit einem neuen Foto an der Kasse die Umschreibung erledigen.",
                True,
                "'Ab morgen' from February 3 is February 4; turn 8.",
            ),
            (
                "follow_up",
                "Die Vertreterin schickt ihm heute, am 3. Februar, eine E-Mail mit der Übertragungsbestätigung.",
                True,
                "Turn 10: 'heute noch'.",
            ),
            ("escalated", "Escalated: No", True, "Nothing was passed on."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Danke, das ist eine faire Lösung.'",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "escalated": [True],
        },
        {
            "reason_for_cancellation": [
                [
                    ("Kardiologe rät wegen Herzrhythmusstörungen von der Sauna ab", True),
                    ("Die Sauna war der Hauptgrund für die Karte", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Keine Erstattung der Restlaufzeit laut AGB", False),
                    ("Badekarte mit 140 Euro Guthaben angeboten und abgelehnt", True),
                    ("Karte kostenlos auf Tochter Lea übertragen, Kartennummer bleibt", True),
                    ("Lea braucht ein neues Foto und kommt an die Kasse", True),
                ],
                [
                    ("Karte läuft bis zum 31. Dezember", True),
                    ("Umschreibung ab morgen, 4. Februar", True),
                ],
                [],
                [],
            ],
            "follow_up": [[("Bestätigungs-E-Mail heute", True)], []],
        },
        language="de",
    )
)

# 12. Italian dog-training school: Sabrina (the puppy class) given for Davide, who teaches the
# basic course (entity substitution); "dopodomani" from Thursday October 15 given as Friday the
# 16th (wrong relative date); "domani sera" right, "centosessanta euro", "venti minuti".
ROWS.append(
    conversation(
        "new11-012",
        "voice",
        "scheduling",
        "2026-10-15T17:20:00Z",
        "Ilaria",
        [
            ("agent", "Centro Cinofilo Il Branco Felice, sono Ilaria, buongiorno."),
            (
                "customer",
                "Buongiorno, sono Tommaso Verri. Ho una border collie di sette mesi, Brina, e vorrei iscriverla a un corso. Tira tantissimo al guinzaglio.",
            ),
            (
                "agent",
                "Capisco. Sotto i sei mesi andrebbe nel gruppo cuccioli con Sabrina, ma a sette mesi è da corso base, con Davide.",
            ),
            ("customer", "Va bene il corso base. Quando si fa?"),
            (
                "agent",
                "Il sabato mattina dalle 9:30 alle 10:30, otto lezioni. Il prossimo ciclo parte dopodomani.",
            ),
            ("customer", "Così presto? Perfetto. Quanto costa?"),
            (
                "agent",
                "Centosessanta euro il ciclo. Serve il libretto con le vaccinazioni in regola, e portate un guinzaglio da due metri, non quello allungabile.",
            ),
            ("customer", "Ho solo quello allungabile..."),
            (
                "agent",
                "Glielo prestiamo noi alla prima lezione, nessun problema. E prima dell'inizio le facciamo una valutazione individuale gratuita di venti minuti, alle 9:00.",
            ),
            ("customer", "Ottimo. Pago lì?"),
            (
                "agent",
                "Sì, in contanti o con carta. L'iscrizione è la numero BF-0912. Le mando un SMS di promemoria domani sera.",
            ),
            ("customer", "Grazie mille, a sabato!"),
        ],
        {
            "situation": "Tommaso Verri voleva iscrivere a un corso Brina, la sua border collie di sette mesi, che tira molto al guinzaglio.",
            "custom_actions": "L'agente ha iscritto Brina al corso base con l'istruttrice Sabrina. Le otto lezioni si tengono il sabato dalle 9:30 alle 10:30, iscrizione BF-0912. Il ciclo comincia venerdì 16 ottobre. Il corso costa centosessanta euro, da pagare in sede in contanti o con carta. Poiché il cliente ha solo un guinzaglio allungabile, alla prima lezione gliene prestano uno da due metri. Prima dell'inizio è prevista una valutazione individuale gratuita di venti minuti, alle 9:00.",
            "follow_up": "La rappresentante manderà un SMS di promemoria domani sera, 16 ottobre.",
            "escalated": "No",
            "entities": "cliente: Tommaso Verri\ncane: Brina, border collie di 7 mesi\niscrizione: BF-0912\nprezzo: 160 euro",
        },
        [
            (
                "situation",
                "Tommaso Verri voleva iscrivere a un corso Brina, la sua border collie di sette mesi, che tira molto al guinzaglio.",
                True,
                "Turn 1.",
            ),
            (
                "custom_actions",
                "L'agente ha iscritto Brina al corso base con l'istruttrice Sabrina.",
                False,
                "The basic course is Davide's; Sabrina teaches the puppy group (turn 2).",
            ),
            (
                "custom_actions",
                "Le otto lezioni si tengono il sabato dalle 9:30 alle 10:30, iscrizione BF-0912.",
                True,
                "Turns 4 and 10.",
            ),
            (
                "custom_actions",
                "Il ciclo comincia venerdì 16 ottobre.",
                False,
                "'Dopodomani' from Thursday October 15 is Saturday October 17, a Saturday class.",
            ),
            (
                "custom_actions",
                "Il corso costa centosessanta euro, da pagare in sede in contanti o con carta.",
                True,
                "Turns 6 and 10.",
            ),
            (
                "custom_actions",
                "Poiché il cliente ha solo un guinzaglio allungabile, alla prima lezione gliene prestano uno da due metri.",
                True,
                "Turns 6-8.",
            ),
            (
                "custom_actions",
                "Prima dell'inizio è prevista una valutazione individuale gratuita di venti minuti, alle 9:00.",
                True,
                "Turn 8.",
            ),
            (
                "follow_up",
                "La rappresentante manderà un SMS di promemoria domani sera, 16 ottobre.",
                True,
                "Turn 10; 'domani' of October 15 is October 16.",
            ),
            ("escalated", "Escalated: No", True, "Nothing was passed on."),
            ("entities", "cliente: Tommaso Verri", True, "Turn 1."),
            ("entities", "cane: Brina, border collie di 7 mesi", True, "Turn 1."),
            ("entities", "iscrizione: BF-0912", True, "Turn 10."),
            ("entities", "prezzo: 160 euro", True, "Turn 6: 'Centosessanta euro'."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "escalated": [True],
        },
        {
            "situation": [
                [
                    ("Iscrivere Brina, border collie di sette mesi, a un corso", True),
                    ("Tira molto al guinzaglio", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Corso base, non il gruppo cuccioli", True),
                    ("Istruttore Davide", False),
                    ("Sabato dalle 9:30 alle 10:30, otto lezioni, 160 euro", True),
                    ("Serve il libretto con le vaccinazioni in regola", False),
                    ("Guinzaglio da due metri prestato alla prima lezione", True),
                    ("Valutazione individuale gratuita di venti minuti alle 9:00", True),
                ],
                [("Inizio dopodomani, sabato 17 ottobre", False)],
                [("Iscrizione BF-0912", True)],
                [],
            ],
            "follow_up": [[("SMS di promemoria domani sera", True)], []],
            "entities": [
                [
                    ("Tommaso Verri", True),
                    ("Brina", True),
                    ("Iscrizione BF-0912", True),
                    ("Prezzo 160 euro", True),
                ]
            ],
        },
        language="it",
    )
)

# 13. Portuguese bottled-gas delivery (clean): three bottles revised to two, "1.250 pontos",
# the regulator turned down, "depois de amanhã" resolved to November 26.
ROWS.append(
    conversation(
        "new11-013",
        "voice",
        "scheduling",
        "2026-11-24T15:35:00Z",
        "Joana",
        [
            ("agent", "GásJá Entregas, fala a Joana, boa tarde."),
            (
                "customer",
                "Boa tarde, Rui Figueiredo. Queria encomendar três garrafas de butano de 13 quilos.",
            ),
            (
                "agent",
                "Com certeza. Cada garrafa custa 32,50 euros com a troca da vazia. Tem as três vazias para entregar?",
            ),
            ("customer", "Ah, não, só tenho duas vazias. Então ficam duas garrafas."),
            (
                "agent",
                "Então são duas garrafas, 65 euros. Vejo que tem 1.250 pontos de cliente, que dão um desconto de 5 euros. Fica em 60 euros.",
            ),
            ("customer", "Ótimo. Quando podem entregar?"),
            (
                "agent",
                "Depois de amanhã, entre as 14h00 e as 18h00. A entrega é grátis acima de 50 euros.",
            ),
            ("customer", "Perfeito. A morada é Travessa do Moinho 7, em Sintra."),
            (
                "agent",
                "Registado. Já agora, temos uma promoção no redutor novo, 12 euros. Quer juntar?",
            ),
            ("customer", "Não, obrigado, o meu é do ano passado."),
            (
                "agent",
                "Muito bem. A encomenda é a GJ-48816. Paga ao estafeta, com multibanco ou em dinheiro, e enviamos um SMS quando ele sair do armazém.",
            ),
            ("customer", "Obrigado, Joana."),
        ],
        {
            "situation": "Rui Figueiredo ligou para encomendar garrafas de butano de 13 kg.",
            "action": "Como só tinha duas garrafas vazias para trocar, a encomenda passou de três para duas garrafas, a 32,50 euros cada. Os 1.250 pontos de cliente valeram um desconto de 5 euros, e o total ficou em 60 euros. O redutor em promoção por 12 euros foi proposto, mas o cliente recusou, porque o seu data do ano passado. A entrega, sem custos por ultrapassar os 50 euros, ficou marcada para quinta-feira, 26 de novembro, entre as 14h00 e as 18h00, na Travessa do Moinho 7, em Sintra.",
            "next_steps": "O estafeta entrega as duas garrafas na quinta-feira, 26 de novembro, entre as 14h00 e as 18h00. O pagamento é feito ao estafeta, por multibanco ou em dinheiro. O cliente recebe um SMS quando o estafeta sair do armazém.",
            "entities": "cliente: Rui Figueiredo\nencomenda: GJ-48816\nproduto: 2 garrafas de butano de 13 kg\ntotal: 60 euros\nmorada: Travessa do Moinho 7, Sintra",
        },
        [
            (
                "situation",
                "Rui Figueiredo ligou para encomendar garrafas de butano de 13 kg.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "Como só tinha duas garrafas vazias para trocar, a encomenda passou de três para duas garrafas, a 32,50 euros cada.",
                True,
                "Turns 1-4.",
            ),
            (
                "action",
                "Os 1.250 pontos de cliente valeram um desconto de 5 euros, e o total ficou em 60 euros.",
                True,
                "Turn 4.",
            ),
            (
                "action",
                "O redutor em promoção por 12 euros foi proposto, mas o cliente recusou, porque o seu data do ano passado.",
                True,
                "Turns 8-9: 'o meu é do ano passado'.",
            ),
            (
                "action",
                "A entrega, sem custos por ultrapassar os 50 euros, ficou marcada para quinta-feira, 26 de novembro, entre as 14h00 e as 18h00, na Travessa do Moinho 7, em Sintra.",
                True,
                "'Depois de amanhã' from Tuesday November 24 is Thursday November 26; turns 6-7.",
            ),
            (
                "next_steps",
                "O estafeta entrega as duas garrafas na quinta-feira, 26 de novembro, entre as 14h00 e as 18h00.",
                True,
                "Turn 6.",
            ),
            (
                "next_steps",
                "O pagamento é feito ao estafeta, por multibanco ou em dinheiro.",
                True,
                "Turn 10.",
            ),
            (
                "next_steps",
                "O cliente recebe um SMS quando o estafeta sair do armazém.",
                True,
                "Turn 10.",
            ),
            ("entities", "cliente: Rui Figueiredo", True, "Turn 1."),
            ("entities", "encomenda: GJ-48816", True, "Turn 10."),
            ("entities", "produto: 2 garrafas de butano de 13 kg", True, "Turns 1 and 3."),
            ("entities", "total: 60 euros", True, "Turn 4."),
            ("entities", "morada: Travessa do Moinho 7, Sintra", True, "Turn 7."),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [[("Encomendar garrafas de butano de 13 kg", True)]],
            "action": [
                [
                    ("Duas garrafas em vez de três, por só ter duas vazias", True),
                    ("32,50 euros por garrafa com troca da vazia", True),
                    ("1.250 pontos dão 5 euros de desconto; total 60 euros", True),
                    ("Entrega grátis acima de 50 euros", True),
                    ("Redutor a 12 euros proposto e recusado", True),
                    ("Entrega depois de amanhã entre as 14h00 e as 18h00", True),
                    ("Morada: Travessa do Moinho 7, Sintra", True),
                ]
            ],
            "next_steps": [
                [
                    ("Entrega depois de amanhã, 26 de novembro, entre as 14h00 e as 18h00", True),
                    ("Pagamento ao estafeta por multibanco ou em dinheiro", True),
                    ("SMS quando o estafeta sair do armazém", True),
                ],
                [],
            ],
            "entities": [
                [
                    ("Rui Figueiredo", True),
                    ("Encomenda GJ-48816", True),
                    ("Duas garrafas de butano de 13 kg", True),
                    ("Total de 60 euros", True),
                    ("Travessa do Moinho 7, Sintra", True),
                ]
            ],
        },
        language="pt",
    )
)

# 14. Dutch sailing school: a five-day course given as four days (wrong count); resolution Y
# while the younger child could only be wait-listed (wrong categorical); "over twee weken"
# resolved right, "tien procent", "van half tien tot vier uur".
ROWS.append(
    conversation(
        "new11-014",
        "voice",
        "scheduling",
        "2026-03-18T13:05:00Z",
        "Joost",
        [
            ("agent", "Zeilschool De Vlieter, met Joost."),
            (
                "customer",
                "Hoi, met Marieke Zwanenburg. Ik wil mijn twee kinderen opgeven voor een zeilcursus in de zomervakantie: Daan van elf en Fenna van acht.",
            ),
            (
                "agent",
                "Leuk! Voor CWO 1 hebben we in week 30 een cursus van vijf dagen, maandag tot en met vrijdag, van half tien tot vier uur. Alleen is de minimumleeftijd negen jaar.",
            ),
            ("customer", "O, Fenna wordt pas in november negen."),
            (
                "agent",
                "Dan kan zij helaas niet mee in die groep. Voor haar is er de Optimist-cursus voor jonge kinderen, maar die zit in week 30 vol. Ik kan haar op de wachtlijst zetten.",
            ),
            ("customer", "Doe dat maar. En Daan wil ik wel inschrijven."),
            (
                "agent",
                "Prima. Daan staat ingeschreven voor CWO 1 van 20 tot en met 24 juli. Dat kost 345 euro, inclusief lunch en de huur van een zwemvest.",
            ),
            ("customer", "Moet hij een zwemdiploma hebben?"),
            (
                "agent",
                "Ja, zwemdiploma A en B zijn verplicht. Wilt u vóór 1 juli een kopie mailen?",
            ),
            ("customer", "Doe ik. Is er korting als ze allebei gaan?"),
            (
                "agent",
                "Als Fenna alsnog een plek krijgt, krijgt zij tien procent broer-zuskorting. Het inschrijvingsnummer van Daan is DV-1530.",
            ),
            ("customer", "Goed, bedankt. Jammer van Fenna, maar het is niet anders."),
            (
                "agent",
                "Ik bel u zodra er een plek vrijkomt, en anders hoort u uiterlijk over twee weken van mij hoe het ervoor staat.",
            ),
            ("customer", "Prima, dank u wel."),
        ],
        {
            "situation": "Marieke Zwanenburg wilde haar zoon Daan (11) en dochter Fenna (8) inschrijven voor een zeilcursus in de zomervakantie.",
            "custom_actions": "De medewerker schreef Daan in voor de vierdaagse CWO 1-cursus. Die loopt van 20 tot en met 24 juli, van half tien tot vier uur; inschrijvingsnummer DV-1530. De cursus kost 345 euro, lunch en zwemvest inbegrepen. Fenna is met acht jaar te jong voor CWO 1 en staat op de wachtlijst voor de volgeboekte Optimist-cursus. Krijgt zij alsnog een plek, dan geldt tien procent broer-zuskorting. Een kopie van Daans zwemdiploma's A en B moet vóór 1 juli gemaild worden.",
            "follow_up": "De vertegenwoordiger belt zodra er voor Fenna een plek vrijkomt, en laat anders uiterlijk op 1 april weten hoe het ervoor staat.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Marieke Zwanenburg wilde haar zoon Daan (11) en dochter Fenna (8) inschrijven voor een zeilcursus in de zomervakantie.",
                True,
                "Turn 1.",
            ),
            (
                "custom_actions",
                "De medewerker schreef Daan in voor de vierdaagse CWO 1-cursus.",
                False,
                "The course lasts five days, Monday to Friday (turn 2).",
            ),
            (
                "custom_actions",
                "Die loopt van 20 tot en met 24 juli, van half tien tot vier uur; inschrijvingsnummer DV-1530.",
                True,
                "Turns 2, 6 and 10.",
            ),
            (
                "custom_actions",
                "De cursus kost 345 euro, lunch en zwemvest inbegrepen.",
                True,
                "Turn 6.",
            ),
            (
                "custom_actions",
                "Fenna is met acht jaar te jong voor CWO 1 en staat op de wachtlijst voor de volgeboekte Optimist-cursus.",
                True,
                "Turns 2-5.",
            ),
            (
                "custom_actions",
                "Krijgt zij alsnog een plek, dan geldt tien procent broer-zuskorting.",
                True,
                "Turn 10.",
            ),
            (
                "custom_actions",
                "Een kopie van Daans zwemdiploma's A en B moet vóór 1 juli gemaild worden.",
                True,
                "Turns 8-9.",
            ),
            (
                "follow_up",
                "De vertegenwoordiger belt zodra er voor Fenna een plek vrijkomt, en laat anders uiterlijk op 1 april weten hoe het ervoor staat.",
                True,
                "Turn 12; 'over twee weken' from March 18 is April 1.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                False,
                "Daan is enrolled but Fenna is only on a waiting list: P.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Prima, dank u wel.' after accepting the outcome.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "follow_up": [True, True]},
        {
            "situation": [
                [
                    ("Twee kinderen inschrijven voor een zeilcursus in de zomervakantie", True),
                    ("Daan is elf, Fenna acht", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Daan ingeschreven voor CWO 1, van half tien tot vier uur", True),
                    ("Cursus van vijf dagen, maandag tot en met vrijdag", False),
                    ("345 euro inclusief lunch en zwemvest", True),
                    ("Fenna te jong (minimum negen jaar), op de wachtlijst voor Optimist", True),
                    ("Zwemdiploma A en B verplicht, kopie mailen", True),
                ],
                [
                    ("20 tot en met 24 juli (week 30)", True),
                    ("Kopie vóór 1 juli", True),
                    ("Fenna wordt in november negen", False),
                ],
                [("Inschrijvingsnummer DV-1530", True)],
                [],
            ],
            "follow_up": [
                [
                    ("Terugbellen zodra er een plek vrijkomt", True),
                    ("Anders uiterlijk over twee weken bericht", True),
                ],
                [],
            ],
        },
        language="nl",
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
