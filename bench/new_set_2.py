"""The second new labelled set of issue 12, written after round 2 of the local judge's rules (which
were developed on cc_dev half A and on the first new set), labelled by the rules of
../shared/data/cc/README.md, and measured once.

    .venv/bin/python bench/new_set_2.py      # writes bench/data/cc_new2.jsonl

New domains again (a bookshop, an internet outage, concert tickets, pet insurance, a garage, a yoga
studio, printer ink, a train ticket, scooter rental, home cleaning, a meal kit and a French
electricity supplier), the same section definitions and scoring as `bench/new_set.py`.

Why one long module: most of it is data, the labelled conversations written out as literals.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new2.jsonl"
ROWS: list[dict] = []

# 1. Bookshop: an order delayed; a shipping fee not charged (negation); this Friday.
ROWS.append(
    conversation(
        "new2-001",
        "chat",
        "returns",
        "2026-02-03T10:15:00Z",
        "Iris",
        [
            (
                "customer",
                "Hi, my order BK-20931 with three novels was supposed to arrive yesterday and it hasn't.",
            ),
            (
                "agent",
                "Hello, Iris from Pageturner here. I see one of the three novels was out of stock, so the parcel was held.",
            ),
            ("customer", "Can you send the two that are in stock now?"),
            (
                "agent",
                "Yes. I've split the order: the two novels ship today, and the third follows this Friday when it's back in stock.",
            ),
            ("customer", "Will I pay shipping twice?"),
            ("agent", "No, we won't charge shipping for the second parcel."),
            ("customer", "Great, thanks Iris."),
        ],
        {
            "situation": "The customer's order BK-20931 of three novels did not arrive on February 2 as expected.",
            "action": "The agent split the order so the two novels in stock ship today. The agent charged shipping for the second parcel.",
            "next_steps": "The third novel ships on February 6 when it is back in stock.",
        },
        [
            (
                "situation",
                "The customer's order BK-20931 of three novels did not arrive on February 2 as expected.",
                True,
                "Yesterday of February 3.",
            ),
            (
                "action",
                "The agent split the order so the two novels in stock ship today.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "The agent charged shipping for the second parcel.",
                False,
                "The agent said shipping for the second parcel will not be charged.",
            ),
            (
                "next_steps",
                "The third novel ships on February 6 when it is back in stock.",
                True,
                "This Friday after Tuesday February 3.",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    (
                        "My order BK-20931 with three novels was supposed to arrive yesterday and it hasn't.",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("I've split the order: the two novels ship today.", True),
                    ("We won't charge shipping for the second parcel.", False),
                ]
            ],
            "next_steps": [[("The third follows this Friday when it's back in stock.", True)], []],
        },
    )
)

# 2. Internet outage: a credit revised upward (superseded), paraphrase, a 2-day outage.
ROWS.append(
    conversation(
        "new2-002",
        "voice",
        "tech",
        "2026-03-09T18:05:00Z",
        "Noah",
        [
            ("agent", "Lumenet support, Noah speaking."),
            (
                "customer",
                "Hi, our internet was down from Friday evening until this morning. Account 4471-880.",
            ),
            (
                "agent",
                "I'm sorry. I can see the area outage; it was a damaged fibre cable on Harbor Road, repaired at 6:40 AM today.",
            ),
            ("customer", "Do we get anything back for that?"),
            ("agent", "I'll add a credit of $8 for the outage."),
            ("customer", "Three days without internet for eight dollars?"),
            (
                "agent",
                "You're right, I applied the one-day rate. For three days the credit is $24, and I've added that instead.",
            ),
            ("customer", "Okay, that's fair. Thank you."),
        ],
        {
            "situation": "The customer's internet was down from Friday evening until Monday morning because of a damaged fibre cable on Harbor Road.",
            "action": "The agent confirmed the area outage and its repair at 6:40 AM. The agent added an $8 credit for the outage.",
            "customer_satisfaction": "N",
            "refund_given": "Yes",
        },
        [
            (
                "situation",
                "The customer's internet was down from Friday evening until Monday morning.",
                True,
                "This morning of Monday March 9.",
            ),
            (
                "situation",
                "The outage was caused by a damaged fibre cable on Harbor Road.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent confirmed the area outage and its repair at 6:40 AM.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent added an $8 credit for the outage.",
                False,
                "The credit was revised to $24 instead of $8.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'that's fair. Thank you.'",
            ),
            ("refund_given", "Refund given: Yes", True, "A $24 credit was added to the account."),
        ],
        {"refund_given": [True]},
        {
            "situation": [
                [
                    ("Our internet was down from Friday evening until this morning.", True),
                    (
                        "It was a damaged fibre cable on Harbor Road, repaired at 6:40 AM today.",
                        True,
                    ),
                ]
            ],
            "action": [
                [
                    ("I can see the area outage.", True),
                    ("For three days the credit is $24, and I've added that instead.", False),
                ]
            ],
        },
    )
)

# 3. Concert tickets: the wrong section (substitution), seats counted, a 7:30 PM start.
ROWS.append(
    conversation(
        "new2-003",
        "chat",
        "billing",
        "2026-04-21T12:40:00Z",
        "Zara",
        [
            (
                "customer",
                "Hello, I bought 4 tickets for the Moonwake concert and got the wrong seats. I paid for the balcony but the tickets say the upper circle.",
            ),
            (
                "agent",
                "Hi, Zara from Encore Tickets. Let me check order ET-66120... You're right, the balcony seats were charged but upper circle seats were issued.",
            ),
            ("customer", "Can you fix it?"),
            (
                "agent",
                "I've reissued the 4 tickets in the balcony, row C, seats 11 to 14. The new e-tickets are in your inbox now.",
            ),
            ("customer", "Got them. The show still starts at 7:30 PM?"),
            ("agent", "Yes, doors open at 6:45 PM and the show starts at 7:30 PM."),
            ("customer", "Perfect, thank you!"),
        ],
        {
            "situation": "The customer paid for 4 balcony tickets for the Moonwake concert, order ET-66120, but received upper circle tickets.",
            "action": "The agent reissued the 4 tickets in the upper circle, row C, seats 11 to 14, and sent the new e-tickets. The agent confirmed doors open at 6:45 PM and the show starts at 7:30 PM.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer paid for 4 balcony tickets for the Moonwake concert, order ET-66120, but received upper circle tickets.",
                True,
                "Turns 0 and 1.",
            ),
            (
                "action",
                "The agent reissued the 4 tickets in the upper circle, row C, seats 11 to 14, and sent the new e-tickets.",
                False,
                "They were reissued in the balcony, not the upper circle.",
            ),
            (
                "action",
                "The agent confirmed doors open at 6:45 PM and the show starts at 7:30 PM.",
                True,
                "Turn 5.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "The seats were fixed."),
        ],
        {},
        {
            "situation": [
                [
                    ("I bought 4 tickets for the Moonwake concert and got the wrong seats.", True),
                    ("I paid for the balcony but the tickets say the upper circle.", True),
                ]
            ],
            "action": [
                [
                    ("I've reissued the 4 tickets in the balcony, row C, seats 11 to 14.", False),
                    ("The new e-tickets are in your inbox now.", True),
                    ("Doors open at 6:45 PM and the show starts at 7:30 PM.", True),
                ]
            ],
        },
    )
)

# 4. Pet insurance: a claim partly paid (categorical P), a count bound to visits, not days.
ROWS.append(
    conversation(
        "new2-004",
        "voice",
        "billing",
        "2026-05-18T15:25:00Z",
        "Olu",
        [
            ("agent", "Pawsure claims, this is Olu."),
            (
                "customer",
                "Hi, I sent a claim for my cat Pepper, claim PC-3390, for 2 vet visits, and I only got part of it back.",
            ),
            (
                "agent",
                "Let me look. The first visit, $180 for the ear infection, was paid in full. The second visit was a dental cleaning, $240, which your plan doesn't cover.",
            ),
            ("customer", "Nobody told me dental wasn't covered."),
            (
                "agent",
                "I understand. I can't pay the dental part, but I can send you the policy wording and a list of plans that include dental.",
            ),
            ("customer", "Fine, send it. I'll think about switching within the next 14 days."),
            ("agent", "I've emailed both now. Thanks for calling."),
        ],
        {
            "situation": "The customer claimed for 2 vet visits for the cat Pepper, claim PC-3390, and was only partly reimbursed.",
            "action": "The agent explained the $180 ear infection visit was paid in full and the $240 dental cleaning is not covered. The agent emailed the policy wording and a list of plans with dental cover.",
            "resolution": "P",
            "customer_satisfaction": "D",
        },
        [
            (
                "situation",
                "The customer claimed for 2 vet visits for the cat Pepper, claim PC-3390, and was only partly reimbursed.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The agent explained the $180 ear infection visit was paid in full and the $240 dental cleaning is not covered.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent emailed the policy wording and a list of plans with dental cover.",
                True,
                "Turns 4 and 6.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "Half the claim is paid; the dental part is refused.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: D (dissatisfied)",
                True,
                "'Nobody told me', 'Fine, send it.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    (
                        "I sent a claim for my cat Pepper, claim PC-3390, for 2 vet visits, and I only got part of it back.",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("The first visit, $180 for the ear infection, was paid in full.", True),
                    (
                        "The second visit was a dental cleaning, $240, which your plan doesn't cover.",
                        True,
                    ),
                    (
                        "I can send you the policy wording and a list of plans that include dental.",
                        True,
                    ),
                ]
            ],
        },
    )
)

# 5. Garage: an offered courtesy car turned down, a front-left tyre, tomorrow at 8:15 AM.
ROWS.append(
    conversation(
        "new2-005",
        "voice",
        "scheduling",
        "2026-06-10T09:30:00Z",
        "Kenji",
        [
            ("agent", "Fairway Motors service desk, Kenji here."),
            (
                "customer",
                "Hi, my tyre pressure light is on and the front left tyre looks low. It's a 2019 Civic, reg LK19 PZT.",
            ),
            ("agent", "We can fit you in tomorrow at 8:15 AM. The check takes about 45 minutes."),
            ("customer", "Okay."),
            ("agent", "Would you like a courtesy car while you wait?"),
            ("customer", "No thanks, I'll wait in the lounge."),
            (
                "agent",
                "No problem. If the tyre needs replacing, it's $95 fitted, and we'll call you before doing any work.",
            ),
            ("customer", "Great, see you tomorrow."),
        ],
        {
            "situation": "The customer's tyre pressure light was on and the front left tyre of a 2019 Civic, registration LK19 PZT, looked low.",
            "action": "The agent booked a tyre check for June 11 at 8:15 AM, taking about 45 minutes. The agent arranged a courtesy car for the customer.",
            "next_steps": "The garage will call the customer before any work; a replacement tyre would cost $95 fitted.",
        },
        [
            (
                "situation",
                "The customer's tyre pressure light was on and the front left tyre of a 2019 Civic, registration LK19 PZT, looked low.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The agent booked a tyre check for June 11 at 8:15 AM, taking about 45 minutes.",
                True,
                "Tomorrow of June 10.",
            ),
            (
                "action",
                "The agent arranged a courtesy car for the customer.",
                False,
                "Offered, and the customer declined.",
            ),
            ("next_steps", "The garage will call the customer before any work.", True, "Turn 6."),
            ("next_steps", "A replacement tyre would cost $95 fitted.", True, "Turn 6."),
        ],
        {"next_steps": [False, True]},
        {
            "situation": [
                [
                    ("My tyre pressure light is on and the front left tyre looks low.", True),
                    ("It's a 2019 Civic, reg LK19 PZT.", True),
                ]
            ],
            "action": [
                [
                    ("We can fit you in tomorrow at 8:15 AM.", True),
                    ("The check takes about 45 minutes.", True),
                ]
            ],
            "next_steps": [
                [
                    ("We'll call you before doing any work.", True),
                    ("We can fit you in tomorrow at 8:15 AM.", False),
                ],
                [],
            ],
        },
    )
)

# 6. Yoga studio: a membership freeze, not a cancellation (reversal wording), 90-minute class.
ROWS.append(
    conversation(
        "new2-006",
        "chat",
        "retention",
        "2026-07-01T19:20:00Z",
        "Priti",
        [
            (
                "customer",
                "hi, I want to cancel my membership, I'm having knee surgery and can't practise for a while",
            ),
            (
                "agent",
                "Hi, Priti from Lotus Loft. Sorry to hear about your knee. Instead of cancelling, I can freeze your membership for up to 3 months at no cost.",
            ),
            ("customer", "oh that's better, yes please freeze it"),
            (
                "agent",
                "Done, your membership is frozen from today until October 1, and your $59 monthly fee is paused.",
            ),
            ("customer", "and my 90-minute class pack?"),
            ("agent", "Your 4 remaining classes stay valid until the end of the year."),
            ("customer", "great, thanks"),
        ],
        {
            "reason_for_cancellation": "The customer is having knee surgery and cannot practise for a while.",
            "action": "The agent cancelled the membership and paused the $59 monthly fee. The agent said the 4 remaining classes stay valid until the end of the year.",
            "contact_reason": "Cancellation",
        },
        [
            (
                "reason_for_cancellation",
                "The customer is having knee surgery and cannot practise for a while.",
                True,
                "Turn 0.",
            ),
            (
                "action",
                "The agent cancelled the membership and paused the $59 monthly fee.",
                False,
                "The membership was frozen, not cancelled.",
            ),
            (
                "action",
                "The agent said the 4 remaining classes stay valid until the end of the year.",
                True,
                "Turn 5.",
            ),
            (
                "contact_reason",
                "Contact reason: Cancellation",
                True,
                "The customer called to cancel.",
            ),
        ],
        {"contact_reason": [True]},
        {
            "reason_for_cancellation": [
                [("I'm having knee surgery and can't practise for a while.", True)]
            ],
            "action": [
                [
                    ("I can freeze your membership for up to 3 months at no cost.", False),
                    (
                        "Your membership is frozen from today until October 1, and your $59 monthly fee is paused.",
                        False,
                    ),
                    ("Your 4 remaining classes stay valid until the end of the year.", True),
                ]
            ],
        },
    )
)

# 7. Printer ink: a subscription plan changed; the pages count bound to the plan, not the days.
ROWS.append(
    conversation(
        "new2-007",
        "chat",
        "billing",
        "2026-08-12T11:00:00Z",
        "Lucas",
        [
            (
                "customer",
                "Hi, I keep running out of ink before the new cartridges come. I'm on the 100-page plan.",
            ),
            (
                "agent",
                "Hi, Lucas from InkLoop. You printed about 240 pages last month, so the 300-page plan at $9.99 a month would suit you better than the 100-page plan at $4.99.",
            ),
            ("customer", "OK, switch me to the 300-page plan."),
            (
                "agent",
                "Done, the 300-page plan starts on your next billing date, August 20. I'm also sending a spare black cartridge today, free of charge, which arrives in 3 to 5 days.",
            ),
            ("customer", "Thanks a lot."),
        ],
        {
            "situation": "The customer on the 100-page plan kept running out of ink before new cartridges arrived.",
            "action": "The agent switched the customer to the 300-page plan at $9.99 a month, starting August 20. The agent sent a free spare black cartridge, arriving in 5 days.",
            "entities": "old_plan: 100-page plan, $4.99 a month\nnew_plan: 300-page plan, $9.99 a month\nplan_start: August 20",
        },
        [
            (
                "situation",
                "The customer on the 100-page plan kept running out of ink before new cartridges arrived.",
                True,
                "Turn 0.",
            ),
            (
                "action",
                "The agent switched the customer to the 300-page plan at $9.99 a month, starting August 20.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "The agent sent a free spare black cartridge, arriving in 5 days.",
                False,
                "It arrives in 3 to 5 days, not in 5 days.",
            ),
            ("entities", "old_plan: 100-page plan, $4.99 a month", True, "Turn 1."),
            ("entities", "new_plan: 300-page plan, $9.99 a month", True, "Turn 1."),
            ("entities", "plan_start: August 20", True, "Turn 3."),
        ],
        {},
        {
            "situation": [
                [
                    ("I keep running out of ink before the new cartridges come.", True),
                    ("I'm on the 100-page plan.", True),
                ]
            ],
            "action": [
                [
                    ("The 300-page plan starts on your next billing date, August 20.", True),
                    (
                        "I'm also sending a spare black cartridge today, free of charge, which arrives in 3 to 5 days.",
                        False,
                    ),
                ]
            ],
            "entities": [
                [
                    ("100-page plan at $4.99", True),
                    ("300-page plan at $9.99 a month", True),
                    ("August 20", True),
                ]
            ],
        },
    )
)

# 8. Train ticket: a refund minus a fee, counted in euros; yesterday's cancelled train.
ROWS.append(
    conversation(
        "new2-008",
        "voice",
        "billing",
        "2026-09-15T08:10:00Z",
        "Elsa",
        [
            ("agent", "Railnord customer service, Elsa speaking."),
            (
                "customer",
                "Hello, my 17:45 train to Lyon was cancelled yesterday and I took a bus instead. Booking RN-775402.",
            ),
            (
                "agent",
                "I'm sorry. Yes, the 17:45 was cancelled because of a signal fault. Your ticket was 64 euros.",
            ),
            ("customer", "Can I get it back?"),
            (
                "agent",
                "Yes, for a cancelled train there's no refund fee, so I've refunded the full 64 euros to your card. It takes 5 to 7 working days.",
            ),
            ("customer", "And the bus was 22 euros."),
            (
                "agent",
                "Send us the bus receipt through the online form and we'll review it within 10 days.",
            ),
            ("customer", "Okay, thank you."),
        ],
        {
            "situation": "The customer's 17:45 train to Lyon on September 14, booking RN-775402, was cancelled because of a signal fault.",
            "action": "The agent refunded 64 euros minus a refund fee to the customer's card.",
            "next_steps": "The customer should send the 22 euro bus receipt through the online form; Railnord will review it within 10 days. The refund takes 5 to 7 working days.",
            "refund_given": "Yes",
        },
        [
            (
                "situation",
                "The customer's 17:45 train to Lyon on September 14, booking RN-775402, was cancelled because of a signal fault.",
                True,
                "Yesterday of September 15.",
            ),
            (
                "action",
                "The agent refunded 64 euros minus a refund fee to the customer's card.",
                False,
                "No refund fee: the full 64 euros was refunded.",
            ),
            (
                "next_steps",
                "The customer should send the 22 euro bus receipt through the online form.",
                True,
                "Turn 6.",
            ),
            ("next_steps", "Railnord will review it within 10 days.", True, "Turn 6."),
            ("next_steps", "The refund takes 5 to 7 working days.", True, "Turn 4."),
            ("refund_given", "Refund given: Yes", True, "64 euros refunded."),
        ],
        {"next_steps": [True, True], "refund_given": [True]},
        {
            "situation": [
                [
                    (
                        "My 17:45 train to Lyon was cancelled yesterday and I took a bus instead.",
                        True,
                    ),
                    ("The 17:45 was cancelled because of a signal fault.", True),
                ]
            ],
            "action": [[("I've refunded the full 64 euros to your card.", False)]],
            "next_steps": [
                [
                    (
                        "Send us the bus receipt through the online form and we'll review it within 10 days.",
                        True,
                    ),
                    ("It takes 5 to 7 working days.", True),
                ],
                [],
            ],
        },
    )
)

# 9. Scooter rental: a parking fine disputed, the fine reversed; the ride was 2,450 metres.
ROWS.append(
    conversation(
        "new2-009",
        "chat",
        "billing",
        "2026-10-20T21:30:00Z",
        "Amir",
        [
            (
                "customer",
                "I got a $15 parking fine from Zipp for my ride last night but I parked in the marked zone on Pine Street.",
            ),
            (
                "agent",
                "Hi, Amir from Zipp. Let me check the ride. It was 2,450 metres and ended at 10:52 PM on Pine Street.",
            ),
            ("customer", "Yes, and I took the end photo."),
            (
                "agent",
                "I can see your photo: the scooter is inside the zone. The GPS put it a few metres off. I've reversed the $15 fine.",
            ),
            ("customer", "thanks. will it show on my card?"),
            (
                "agent",
                "The $15 goes back to your card in 3 to 5 days, and I've added 2 free ride unlocks for the trouble.",
            ),
            ("customer", "nice, thank you"),
        ],
        {
            "situation": "The customer was fined $15 for parking after a ride that ended on Pine Street at 10:52 PM, although the scooter was in the marked zone.",
            "action": "The agent checked the end photo and upheld the $15 fine. The agent added 2 free ride unlocks.",
            "refund_given": "Yes",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer was fined $15 for parking after a ride that ended on Pine Street at 10:52 PM.",
                True,
                "Turns 0 and 1.",
            ),
            ("situation", "The scooter was in the marked zone.", True, "Turn 3."),
            (
                "action",
                "The agent checked the end photo and upheld the $15 fine.",
                False,
                "The agent reversed the fine.",
            ),
            ("action", "The agent added 2 free ride unlocks.", True, "Turn 5."),
            ("refund_given", "Refund given: Yes", True, "The $15 goes back to the card."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'nice, thank you'",
            ),
        ],
        {"refund_given": [True]},
        {
            "situation": [
                [
                    (
                        "I got a $15 parking fine for my ride last night but I parked in the marked zone on Pine Street.",
                        True,
                    )
                ]
            ],
            "action": [
                [
                    ("I've reversed the $15 fine.", False),
                    ("The $15 goes back to your card in 3 to 5 days.", False),
                    ("I've added 2 free ride unlocks for the trouble.", True),
                ]
            ],
        },
    )
)

# 10. Home cleaning: a visit moved (superseded time), the kitchen not the bathroom, no fee.
ROWS.append(
    conversation(
        "new2-010",
        "voice",
        "scheduling",
        "2026-11-11T13:00:00Z",
        "Grace",
        [
            ("agent", "BrightNest cleaning, Grace speaking."),
            ("customer", "Hi, my clean is booked for Friday at 9 AM but I need a later time."),
            ("agent", "Friday I can do 1 PM."),
            ("customer", "1 PM works."),
            (
                "agent",
                "Actually, I'm sorry, 1 PM just went. The latest I have on Friday is 11:30 AM.",
            ),
            (
                "customer",
                "Fine, 11:30 then. And can they do the oven this time? The bathroom was done well last time, but the kitchen was rushed.",
            ),
            (
                "agent",
                "Booked for 11:30 AM, with an oven clean added for $25. I'll note that the kitchen needs extra time. Moving the time has no fee.",
            ),
            ("customer", "Thanks."),
        ],
        {
            "action": "The agent moved the clean to Friday at 1 PM and added an oven clean for $25. The agent noted that the bathroom needs extra time.",
            "next_steps": "The clean will take place on November 13 at 11:30 AM with the oven clean.",
            "contact_reason": "Appointment",
        },
        [
            (
                "action",
                "The agent moved the clean to Friday at 1 PM.",
                False,
                "1 PM was gone; the clean is at 11:30 AM.",
            ),
            ("action", "The agent added an oven clean for $25.", True, "Turn 6."),
            (
                "action",
                "The agent noted that the bathroom needs extra time.",
                False,
                "The kitchen needs extra time.",
            ),
            (
                "next_steps",
                "The clean will take place on November 13 at 11:30 AM with the oven clean.",
                True,
                "Friday after Wednesday November 11.",
            ),
            ("contact_reason", "Contact reason: Appointment", True, "Rescheduling a clean."),
        ],
        {"next_steps": [True, True], "contact_reason": [True]},
        {
            "action": [
                [
                    ("The latest I have on Friday is 11:30 AM.", False),
                    ("An oven clean added for $25.", True),
                    ("I'll note that the kitchen needs extra time.", False),
                    ("Moving the time has no fee.", False),
                ]
            ],
            "next_steps": [[("Booked for 11:30 AM, with an oven clean added.", True)], []],
        },
    )
)

# 11. Meal kit: a box paused, a wrong count of meals, paraphrase of a skipped delivery.
ROWS.append(
    conversation(
        "new2-011",
        "chat",
        "retention",
        "2026-12-02T16:45:00Z",
        "Tomas",
        [
            (
                "customer",
                "Hi, we're away for the holidays, can I skip the next two deliveries? Account HF-2281.",
            ),
            (
                "agent",
                "Hi, Tomas from HarvestFork. Sure. Your plan is 3 meals for 2 people each week.",
            ),
            ("customer", "Yes."),
            (
                "agent",
                "I've skipped the boxes of December 21 and December 28. Deliveries restart on January 4 and you won't be charged for the skipped weeks.",
            ),
            ("customer", "Perfect. Thanks!"),
        ],
        {
            "situation": "The customer, account HF-2281, is away for the holidays and asked to skip the next two deliveries.",
            "action": "The agent skipped the December 21 and December 28 boxes of the plan of 4 meals for 2 people. The customer will not be charged for those weeks.",
            "next_steps": "Deliveries restart on January 4.",
        },
        [
            (
                "situation",
                "The customer, account HF-2281, is away for the holidays and asked to skip the next two deliveries.",
                True,
                "Turn 0.",
            ),
            (
                "action",
                "The agent skipped the December 21 and December 28 boxes of the plan of 4 meals for 2 people.",
                False,
                "The plan is 3 meals for 2 people, not 4.",
            ),
            ("action", "The customer will not be charged for those weeks.", True, "Turn 3."),
            ("next_steps", "Deliveries restart on January 4.", True, "Turn 3."),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [("We're away for the holidays, can I skip the next two deliveries?", True)]
            ],
            "action": [
                [
                    ("I've skipped the boxes of December 21 and December 28.", True),
                    ("You won't be charged for the skipped weeks.", True),
                ]
            ],
            "next_steps": [[("Deliveries restart on January 4.", True)], []],
        },
    )
)

# 12. French electricity supplier: read in French; a meter reading; the bill revised downward.
ROWS.append(
    conversation(
        "new2-012",
        "voice",
        "billing",
        "2026-03-24T10:20:00Z",
        "Camille",
        [
            ("agent", "Énergie Claire, Camille à votre écoute."),
            (
                "customer",
                "Bonjour, ma facture de mars est de 182 euros, d'habitude je paie environ 90 euros.",
            ),
            (
                "agent",
                "Je regarde. Votre relevé de mars a été estimé. Pouvez-vous me donner l'index de votre compteur ?",
            ),
            ("customer", "Oui, le compteur indique 35 410."),
            (
                "agent",
                "Merci. Avec ce relevé réel, votre facture de mars passe à 96 euros. J'ai corrigé la facture, vous recevrez la nouvelle par e-mail demain.",
            ),
            ("customer", "Très bien, merci beaucoup."),
        ],
        {
            "situation": "La facture de mars de la cliente était de 182 euros au lieu d'environ 90 euros, car le relevé avait été estimé.",
            "action": "La conseillère a corrigé la facture de mars à 69 euros avec le relevé réel de 35 410. La nouvelle facture sera envoyée par e-mail le 25 mars.",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "La facture de mars de la cliente était de 182 euros au lieu d'environ 90 euros.",
                True,
                "Turn 1.",
            ),
            ("situation", "Le relevé avait été estimé.", True, "Turn 2."),
            (
                "action",
                "La conseillère a corrigé la facture de mars à 69 euros avec le relevé réel de 35 410.",
                False,
                "The corrected bill is 96 euros, not 69.",
            ),
            (
                "action",
                "La nouvelle facture sera envoyée par e-mail le 25 mars.",
                True,
                "Demain of March 24.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Très bien, merci beaucoup.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    (
                        "Ma facture de mars est de 182 euros, d'habitude je paie environ 90 euros.",
                        True,
                    ),
                    ("Votre relevé de mars a été estimé.", True),
                ]
            ],
            "action": [
                [
                    ("Avec ce relevé réel, votre facture de mars passe à 96 euros.", False),
                    ("Vous recevrez la nouvelle par e-mail demain.", True),
                    ("Le compteur indique 35 410.", True),
                ]
            ],
        },
        language="fr",
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
